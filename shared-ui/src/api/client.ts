import { ApiError } from './api-error';

/** Spec section 9: every path is appended to this base. */
export const API_BASE_PATH = '/backend/api';
/** Spec section 9: the credential's local storage key, and the further key holding the stored user. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const AUTH_USER_KEY = 'auth_user';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface ApiClientOptions {
  basePath?: string;
  fetch?: typeof fetch;
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

const isJson = (contentType: string | null): boolean => !!contentType && /\bjson\b/i.test(contentType);

/**
 * The typed client of spec section 7 "Common behaviour of the client" with the errors of section 8
 * "Client-level errors".
 */
export class ApiClient {
  private readonly basePath: string;
  private readonly fetchFn: typeof fetch;
  private readonly storage: Pick<Storage, 'getItem'> | null;
  private readonly log: (message: string, details?: unknown) => void;
  private readonly createXhr: () => XMLHttpRequest;

  constructor(options: ApiClientOptions = {}) {
    this.basePath = (options.basePath ?? API_BASE_PATH).replace(/\/$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage =
      options.storage !== undefined ? options.storage : typeof localStorage !== 'undefined' ? localStorage : null;
    this.log = options.log ?? (() => undefined);
    this.createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  }

  /** The absolute-path URL of an API path with an optional query (empty values are left out). */
  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
    }
    const qs = search.toString();
    const joined = `${this.basePath}${path.startsWith('/') ? path : `/${path}`}`;
    return qs ? `${joined}${joined.includes('?') ? '&' : '?'}${qs}` : joined;
  }

  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
    return this.request<T>('GET', path, { query, signal });
  }

  post<T>(path: string, body?: unknown, query?: Query): Promise<T> {
    return this.request<T>('POST', path, { body, query });
  }

  put<T>(path: string, body?: unknown, query?: Query): Promise<T> {
    return this.request<T>('PUT', path, { body, query });
  }

  delete<T>(path: string, query?: Query): Promise<T> {
    return this.request<T>('DELETE', path, { query });
  }

  /** A GET whose body is returned as text, after the same status and content-type checks. */
  async getText(path: string, query?: Query, signal?: AbortSignal): Promise<string> {
    const response = await this.send('GET', path, { query, signal });
    await this.assertOk('GET', response);
    this.assertJson(response);
    const text = await response.text();
    this.log(`API GET ${path} response`, text);
    return text;
  }

  /**
   * Multipart upload. No content-type header is set, so the browser sets the multipart boundary. Uses
   * XMLHttpRequest because fetch cannot report upload progress.
   */
  upload<T>(path: string, form: FormData, options: UploadOptions = {}, query?: Query): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const xhr = this.createXhr();
      xhr.open(options.method ?? 'POST', this.url(path, query));
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
          options.onProgress?.(1);
          resolve(JSON.parse(body) as T);
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

  private send(
    method: Method,
    path: string,
    init: { body?: unknown; query?: Query; signal?: AbortSignal },
  ): Promise<Response> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const token = this.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = (method === 'POST' || method === 'PUT') && init.body !== undefined;
    return this.fetchFn(this.url(path, init.query), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
    });
  }

  private async request<T>(
    method: Method,
    path: string,
    init: { body?: unknown; query?: Query; signal?: AbortSignal },
  ): Promise<T> {
    if (method === 'GET') this.log(`API GET ${this.url(path, init.query)}`);
    const response = await this.send(method, path, init);
    await this.assertOk(method, response);
    this.assertJson(response);
    const text = await response.text();
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
      this.log(`API GET ${path} response`, parsed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'error' in parsed) {
        const message = parsed.error;
        throw new ApiError(String(message), response.status, String(message));
      }
    }
    return parsed as T;
  }

  private async assertOk(method: Method, response: Response): Promise<void> {
    if (response.ok) return;
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

  private assertJson(response: Response): void {
    const contentType = response.headers.get('Content-Type');
    if (!isJson(contentType)) {
      throw new ApiError(`Expected JSON but received ${contentType || 'unknown content type'}`, response.status);
    }
  }
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
