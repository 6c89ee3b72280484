import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './generated/openapi';

/** Spec section 9: every path is appended to this base. */
export const API_BASE_PATH = '/backend/api';
/** Spec section 9: the credential's local storage key, and the further key holding the stored user. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const AUTH_USER_KEY = 'auth_user';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete';
/** Every documented API path (from docs/openapi.json), e.g. '/backend/api/past_papers.php'. */
export type ApiPath = keyof paths;
/** The documented paths that answer the given method. */
export type ApiPathWith<M extends HttpMethod> = {
  [P in ApiPath]: paths[P] extends { [K in M]: object } ? P : never;
}[ApiPath];

type Operation<P extends ApiPath, M extends HttpMethod> = M extends keyof paths[P] ? paths[P][M] : never;
type ParametersOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { parameters: infer Parameters } ? Parameters : never;
/** The query parameters the document gives an operation (a renamed one does not compile). */
export type QueryOf<P extends ApiPath, M extends HttpMethod = 'get'> = NonNullable<
  ParametersOf<P, M> extends { query?: infer Q } ? Q : never
>;
/** The path parameters of an operation ('{id}' in '/backend/api/imports/{id}'). */
export type PathParamsOf<P extends ApiPath, M extends HttpMethod = 'get'> = NonNullable<
  ParametersOf<P, M> extends { path?: infer Q } ? Q : never
>;
/** The JSON body the document gives an operation. */
export type JsonBodyOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The multipart body the document gives an operation. */
export type MultipartBodyOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'multipart/form-data': infer B } } } ? B : never;
/** A multipart field's value: text, a number (sent as its text) or a file; null and undefined are not sent. */
export type MultipartValue = string | number | Blob | null | undefined;
/** The fields of a multipart body, by the names the document gives it (a renamed one does not compile). */
export type MultipartFields<B> = { [K in keyof B]?: MultipartValue };
/** The fields of an operation's multipart body. */
export type MultipartOf<P extends ApiPath, M extends HttpMethod> = MultipartFields<MultipartBodyOf<P, M>>;

declare const formFields: unique symbol;
/** A multipart body built by multipartForm from fields of type F (a FormData, branded with the fields it holds). */
export type TypedForm<F> = FormData & { readonly [formFields]: F };

/** A multipart body from named fields; a file keeps its own name (a File's), null and undefined are left out. */
export function multipartForm<F extends { [K in keyof F]?: MultipartValue }>(fields: F): TypedForm<F> {
  const form = new FormData();
  for (const [name, value] of Object.entries<MultipartValue>(fields)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) form.set(name, value, value instanceof File ? value.name : 'blob');
    else form.set(name, String(value));
  }
  return form as TypedForm<F>;
}

type Responses<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { responses: infer R } ? R : never;
type JsonAt<R, S extends number> = S extends keyof R
  ? R[S] extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;
/** The documented JSON answer of a successful call (200 or 201). */
export type AnswerOf<P extends ApiPath, M extends HttpMethod> =
  JsonAt<Responses<P, M>, 200> | JsonAt<Responses<P, M>, 201>;

/** The function that sends a request: an API path with its query, and the request's method, headers and body. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch?: ApiFetch;
  /** Where the bearer credential is read from (browser local storage by default). */
  storage?: Pick<Storage, 'getItem'> | null;
  /** GET requests and responses are logged here (spec section 7). */
  log?: (message: string, details?: unknown) => void;
  /** Builds the XMLHttpRequest used for uploads (replaceable in tests). */
  createXhr?: () => XMLHttpRequest;
}

export interface UploadOptions {
  /** Called with a fraction between 0 and 1 as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Defaults to POST (updates send POST with a `_method=PUT` field, as the spec's client does). */
  method?: 'POST' | 'PUT';
}

/** The outcome of an openapi-fetch call; failures never get this far (the client throws ApiError first). */
interface Outcome<T> {
  data?: T;
  response: Response;
}

const isJson = (contentType: string | null): boolean => !!contentType && /\bjson\b/i.test(contentType);

/** Requests are built against this origin only so that they can be parsed; what is sent is the path and query. */
const PARSE_ORIGIN = 'http://api.invalid';

/**
 * The typed client of spec section 7 "Common behaviour of the client" with the errors of section 8
 * "Client-level errors". Calls go through `http`, an openapi-fetch client over the document's `paths`: every path,
 * query parameter and JSON body is checked at compile time against docs/openapi.json.
 */
export class ApiClient {
  readonly http: Client<paths, 'application/json'>;
  private readonly fetchFn: ApiFetch;
  private readonly storage: Pick<Storage, 'getItem'> | null;
  private readonly log: (message: string, details?: unknown) => void;
  private readonly createXhr: () => XMLHttpRequest;

  constructor(options: ApiClientOptions = {}) {
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage =
      options.storage !== undefined ? options.storage : typeof localStorage !== 'undefined' ? localStorage : null;
    this.log = options.log ?? (() => undefined);
    this.createXhr = options.createXhr ?? (() => new XMLHttpRequest());
    this.http = createClient<paths, 'application/json'>({
      baseUrl: PARSE_ORIGIN,
      // Spec section 7: every call sends JSON content-type and accept headers, and the site's cookies.
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'include',
      fetch: (request) => this.send(request),
    });
    this.http.use(this.checks());
  }

  /** The absolute-path URL of an API path with an optional query (empty values are left out). */
  url(path: string, query?: object): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
    }
    const qs = search.toString();
    const joined = path.startsWith(API_BASE_PATH) ? path : `${API_BASE_PATH}${path.startsWith('/') ? '' : '/'}${path}`;
    return qs ? `${joined}${joined.includes('?') ? '&' : '?'}${qs}` : joined;
  }

  /** A link (for an anchor or a viewer) to a documented GET: its path parameters filled in, its query typed. */
  link<P extends ApiPathWith<'get'>>(path: P, query?: QueryOf<P>, pathParams?: PathParamsOf<P>): string {
    return this.fill(path, query, pathParams);
  }

  private fill(path: string, query?: object, pathParams?: object): string {
    const values: Record<string, string | number | undefined> = { ...pathParams };
    // A path parameter keeps its slashes (a stored file's path is papers/<uuid>.pdf); each segment is encoded.
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      String(values[name] ?? '')
        .split('/')
        .map(encodeURIComponent)
        .join('/'),
    );
    return this.url(filled, query);
  }

  /** The data of a call; a failure was already thrown as an ApiError by the client's checks. */
  async read<T>(call: Promise<Outcome<T>>): Promise<T> {
    const { data, response } = await call;
    if (data === undefined) throw new ApiError('Invalid JSON in response', response.status);
    return data;
  }

  /**
   * Multipart upload of fields the document gives the path's POST (built by multipartForm). No content-type header
   * is set, so the browser sets the multipart boundary. Uses XMLHttpRequest because fetch cannot report upload
   * progress.
   */
  upload<P extends ApiPathWith<'post'>>(
    path: P,
    form: TypedForm<MultipartOf<P, 'post'>>,
    options: UploadOptions = {},
    params: { query?: QueryOf<P, 'post'>; path?: PathParamsOf<P, 'post'> } = {},
  ): Promise<AnswerOf<P, 'post'>> {
    return new Promise((resolve, reject) => {
      const xhr = this.createXhr();
      xhr.open(options.method ?? 'POST', this.fill(path, params.query, params.path));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = this.token();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && options.onProgress) options.onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const contentType = xhr.getResponseHeader('Content-Type');
        const body = xhr.responseText;
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(new ApiError(`API upload error: ${xhr.statusText || xhr.status}`, xhr.status, serverMessageOf(body)));
          return;
        }
        if (!isJson(contentType)) {
          reject(new ApiError(`Expected JSON but received ${contentType || 'unknown content type'}`, xhr.status));
          return;
        }
        try {
          const parsed: unknown = JSON.parse(body);
          options.onProgress?.(1);
          // The document's answer for this path: what the BFF's response tests hold it to.
          resolve(parsed as AnswerOf<P, 'post'>);
        } catch (error) {
          reject(new ApiError(`Failed to parse JSON response: ${reason(error)}`, xhr.status));
        }
      };
      xhr.onerror = () => reject(new ApiError('API upload error: network error', 0));
      xhr.onabort = () => reject(new ApiError('API upload error: aborted', 0));
      if (options.signal) {
        if (options.signal.aborted) {
          xhr.abort();
          return;
        }
        options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send(form);
    });
  }

  private token(): string | null {
    try {
      return this.storage?.getItem(AUTH_TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  }

  /** Hands openapi-fetch's request to the configured fetch as an API path, with the stored bearer credential. */
  private async send(request: Request): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const headers = new Headers(request.headers);
    const token = this.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
    return this.fetchFn(`${pathname}${search}`, {
      method: request.method,
      headers,
      credentials: request.credentials,
      body: hasBody ? await request.text() : undefined,
      signal: request.signal,
    });
  }

  /** Spec sections 7 and 8: status, content type and JSON checks, and the GET log, as one middleware. */
  private checks(): Middleware {
    return {
      onRequest: ({ request }) => {
        if (request.method === 'GET') this.log(`API GET ${pathOf(request)}`);
      },
      onResponse: async ({ request, response, options }) => {
        const method = request.method;
        if (!response.ok) {
          let body = '';
          try {
            body = await response.text();
          } catch {
            // the status is what matters
          }
          throw new ApiError(
            `API ${method} error: ${response.statusText || response.status}`,
            response.status,
            serverMessageOf(body),
          );
        }
        const contentType = response.headers.get('Content-Type');
        if (!isJson(contentType)) {
          throw new ApiError(`Expected JSON but received ${contentType || 'unknown content type'}`, response.status);
        }
        const text = await response.text();
        const fresh = () =>
          new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
        const apiPath = new URL(request.url).pathname;
        if (options.parseAs !== 'json') {
          if (method === 'GET') this.log(`API GET ${apiPath} response`, text);
          return fresh();
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          throw new ApiError(
            method === 'GET' ? `Failed to parse JSON response: ${reason(error)}` : `Invalid JSON in ${method} response`,
            response.status,
          );
        }
        if (method === 'GET') {
          this.log(`API GET ${apiPath} response`, parsed);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'error' in parsed) {
            const message = String(parsed.error);
            throw new ApiError(message, response.status, message);
          }
        }
        return fresh();
      },
    };
  }
}

function pathOf(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return `${pathname}${search}`;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function serverMessageOf(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: nothing the user should see
  }
  return undefined;
}
