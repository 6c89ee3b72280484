/**
 * @jest-environment node
 */
import { ApiError } from './api-error';
import { ApiClient, AUTH_TOKEN_KEY, multipartForm } from './client';
import { createApi } from './endpoints';

interface Call {
  url: string;
  init: RequestInit;
}

function respond(body: string, init: { status?: number; statusText?: string; contentType?: string | null } = {}) {
  const headers = new Headers();
  if (init.contentType !== null) headers.set('Content-Type', init.contentType ?? 'application/json; charset=utf-8');
  return new Response(body === '' ? null : body, {
    status: init.status ?? 200,
    statusText: init.statusText ?? 'OK',
    headers,
  });
}

function clientWith(response: () => Response, token: string | null = null) {
  const calls: Call[] = [];
  const logs: string[] = [];
  const client = new ApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return response();
    },
    storage: { getItem: (key: string) => (key === AUTH_TOKEN_KEY ? token : null) },
    log: (message) => logs.push(message),
  });
  return { client, calls, logs };
}

const headersOf = (call: Call) => new Headers(call.init.headers);

describe('ApiClient', () => {
  it('appends every path to /backend/api and leaves empty query values out', async () => {
    const { client, calls } = clientWith(() => respond('{"data":[]}'));
    await client.http.GET('/backend/api/past_papers.php', {
      params: { query: { category: 'cambridge-igcse', subject_id: undefined } },
    });
    expect(calls[0]!.url).toBe('/backend/api/past_papers.php?category=cambridge-igcse');
    expect(client.url('/past_papers.php', { category: 'x', subject_id: undefined, code: '' })).toBe(
      '/backend/api/past_papers.php?category=x',
    );
  });

  it('sends cookies and JSON content-type and accept headers on every call', async () => {
    const { client, calls } = clientWith(() => respond('{}'));
    await client.http.GET('/backend/api/settings.php');
    await client.http.DELETE('/backend/api/users.php', { params: { query: { id: 3 } } });
    expect(calls.map((c) => c.url)).toEqual(['/backend/api/settings.php', '/backend/api/users.php?id=3']);
    for (const call of calls) {
      expect(call.init.credentials).toBe('include');
      expect(headersOf(call).get('Content-Type')).toBe('application/json');
      expect(headersOf(call).get('Accept')).toBe('application/json');
    }
  });

  it('sends the bearer credential stored under auth_token, and none when nothing is stored', async () => {
    const withToken = clientWith(() => respond('{}'), 'abc.def.ghi');
    await withToken.client.http.GET('/backend/api/auth_check.php');
    expect(headersOf(withToken.calls[0]!).get('Authorization')).toBe('Bearer abc.def.ghi');

    const without = clientWith(() => respond('{}'));
    await without.client.http.GET('/backend/api/auth_check.php');
    expect(headersOf(without.calls[0]!).get('Authorization')).toBeNull();
  });

  it('sends POST and PUT payloads as a JSON body', async () => {
    const { client, calls } = clientWith(() => respond('{"ok":true}'));
    await client.http.POST('/backend/api/auth_login.php', { body: { email: 'a@b.co', password: 'pw' } });
    await client.http.PUT('/backend/api/settings.php', { body: { siteName: 'X', contactEmail: 'x@y.z' } });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"email":"a@b.co","password":"pw"}');
    expect(calls[1]!.init.method).toBe('PUT');
    expect(calls[1]!.init.body).toBe('{"siteName":"X","contactEmail":"x@y.z"}');
  });

  it.each([
    ['GET', (c: ApiClient) => c.http.GET('/backend/api/subjects.php')],
    ['POST', (c: ApiClient) => c.http.POST('/backend/api/imports')],
    [
      'PUT',
      (c: ApiClient) =>
        c.http.PUT('/backend/api/inquiries.php', { params: { query: { path: 1 } }, body: { status: 'new' } }),
    ],
    ['DELETE', (c: ApiClient) => c.http.DELETE('/backend/api/subjects.php', { params: { query: { id: 1 } } })],
  ])('turns a non-OK %s response into "API %s error: {statusText}" with the status', async (method, call) => {
    const { client } = clientWith(() =>
      respond('{"error":"Subject code already exists"}', { status: 409, statusText: 'Conflict' }),
    );
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`API ${method} error: Conflict`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).serverMessage).toBe('Subject code already exists');
  });

  it('rejects a successful response that is not JSON, naming its content type', async () => {
    const html = clientWith(() => respond('<html></html>', { contentType: 'text/html' }));
    await expect(html.client.http.GET('/backend/api/subjects.php')).rejects.toThrow(
      'Expected JSON but received text/html',
    );
    const none = clientWith(() => respond('', { contentType: null }));
    await expect(none.client.http.POST('/backend/api/imports')).rejects.toThrow(
      'Expected JSON but received unknown content type',
    );
  });

  it('on GET only, raises the error field of a JSON object body', async () => {
    const { client } = clientWith(() => respond('{"error":"Settings not found."}'));
    await expect(client.http.GET('/backend/api/settings.php')).rejects.toThrow('Settings not found.');
    const post = clientWith(() => respond('{"error":"ignored on POST","data":1}'));
    await expect(post.client.read(post.client.http.POST('/backend/api/imports'))).resolves.toEqual({
      error: 'ignored on POST',
      data: 1,
    });
  });

  it('on GET, an unparsable JSON body gives "Failed to parse JSON response: {reason}"', async () => {
    const { client } = clientWith(() => respond('{not json'));
    const error = (await client.http.GET('/backend/api/subjects.php').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toMatch(/^Failed to parse JSON response: .+/);
    const post = clientWith(() => respond('{not json'));
    await expect(post.client.http.POST('/backend/api/imports')).rejects.toThrow('Invalid JSON in POST response');
  });

  it('logs GET requests and their responses', async () => {
    const { client, logs } = clientWith(() => respond('{"data":1}'));
    await client.http.GET('/backend/api/subjects.php', { params: { query: { level: 'other' } } });
    expect(logs).toEqual([
      'API GET /backend/api/subjects.php?level=other',
      'API GET /backend/api/subjects.php response',
    ]);
  });
});

describe('ApiClient.upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    headers: Record<string, string> = {};
    method = '';
    url = '';
    withCredentials = false;
    status = 200;
    statusText = 'OK';
    responseText = '{"data":{"id":7}}';
    contentType: string | null = 'application/json';
    body: unknown;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return this.contentType;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.body = body;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.onload?.();
    }
  }

  const uploadClient = (token: string | null = 't0k') =>
    new ApiClient({
      storage: { getItem: () => token },
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });

  it('posts multipart without a content-type header, with cookies and the bearer credential', async () => {
    const form = multipartForm({ name: 'Physics' });
    const result = await uploadClient().upload('/backend/api/subjects.php', form);
    expect(result.data.id).toBe(7);
    expect(FakeXhr.last.method).toBe('POST');
    expect(FakeXhr.last.url).toBe('/backend/api/subjects.php');
    expect(FakeXhr.last.withCredentials).toBe(true);
    expect(FakeXhr.last.headers['Content-Type']).toBeUndefined();
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer t0k');
    expect(FakeXhr.last.body).toBe(form);
  });

  it('reports progress as a fraction', async () => {
    const progress: number[] = [];
    await uploadClient().upload('/backend/api/past_papers.php', multipartForm({}), {
      onProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([0.5, 1]);
  });

  it('fails with "API upload error: {statusText}" and the status', async () => {
    const client = new ApiClient({
      storage: null,
      createXhr: () => {
        const xhr = new FakeXhr();
        xhr.status = 413;
        xhr.statusText = 'Payload Too Large';
        xhr.responseText = '{"error":"File size must be less than 10MB"}';
        return xhr as unknown as XMLHttpRequest;
      },
    });
    const error = (await client
      .upload('/backend/api/past_papers.php', multipartForm({}))
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('API upload error: Payload Too Large');
    expect(error.status).toBe(413);
    expect(error.serverMessage).toBe('File size must be less than 10MB');
  });
});

describe('createApi', () => {
  it('prefixes an inquiry message with its priority and a blank line', async () => {
    const { client, calls } = clientWith(() => respond('{"data":{"id":1}}'));
    await createApi(client).inquiries.create({
      name: 'A',
      email: 'a@b.co',
      subject: 'S',
      message: 'Hello',
      priority: 'high',
    });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      name: 'A',
      email: 'a@b.co',
      subject: 'S',
      message: 'Priority: high\n\nHello',
    });
  });

  it('sends multipart updates as POST with the id and a PUT method override', async () => {
    const sent: FormData[] = [];
    const client = new ApiClient({
      storage: null,
      createXhr: () =>
        ({
          open() {},
          setRequestHeader() {},
          getResponseHeader: () => 'application/json',
          upload: {},
          set withCredentials(_v: boolean) {},
          status: 200,
          statusText: 'OK',
          responseText: '{"data":{}}',
          onload: null as null | (() => void),
          send(this: { onload: () => void }, body: FormData) {
            sent.push(body);
            this.onload();
          },
        }) as unknown as XMLHttpRequest,
    });
    await createApi(client).subjects.update(12, multipartForm({ name: 'Physics' }));
    expect(sent[0]!.get('_method')).toBe('PUT');
    expect(sent[0]!.get('id')).toBe('12');
  });

  it('auth failures throw the response error text, or "API error"', async () => {
    const withText = clientWith(() =>
      respond('{"error":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }),
    );
    await expect(createApi(withText.client).auth.login('a@b.co', 'x')).rejects.toThrow('Invalid email or password');
    const bare = clientWith(() =>
      respond('', { status: 500, statusText: 'Internal Server Error', contentType: 'text/plain' }),
    );
    await expect(createApi(bare.client).auth.check()).rejects.toThrow('API error');
  });

  it('reads the inquiries list through the tolerant parser', async () => {
    const { client } = clientWith(() => respond('{"debug":true}{"inquiries":[{"id":1}],"total":1}'));
    await expect(createApi(client).inquiries.list()).resolves.toEqual({ inquiries: [{ id: 1 }], total: 1 });
  });
});

describe('ApiClient requests', () => {
  it('passes an abort signal through, so an aborted read rejects', async () => {
    const client = new ApiClient({
      storage: null,
      // As fetch does: an aborted signal rejects at once, or when it is aborted later.
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          const abort = () => reject(new DOMException('Aborted', 'AbortError'));
          if (init.signal?.aborted) abort();
          else init.signal?.addEventListener('abort', abort);
        }),
    });
    const controller = new AbortController();
    const search = createApi(client).search.find({ q: 'x' }, controller.signal);
    controller.abort();
    await expect(search).rejects.toThrow('Aborted');
  });

  it('builds typed links with path parameters, keeping the slashes of a stored path', () => {
    const api = createApi(new ApiClient({ storage: null }));
    expect(api.links.file('/papers/a b.pdf')).toBe('/backend/api/files/papers/a%20b.pdf');
    expect(api.links.paper(7)).toBe('/backend/api/download/papers/7');
    expect(api.links.variantDocument(4, 'mark_scheme', 'stream')).toBe(
      '/backend/api/past_papers.php?download_variant_id=4&variant_document_type=mark_scheme&stream=1',
    );
  });

  it('sends the id of a multipart update in the query and the form', async () => {
    let url = '';
    const client = new ApiClient({
      storage: null,
      createXhr: () =>
        ({
          open(_m: string, u: string) {
            url = u;
          },
          setRequestHeader() {},
          getResponseHeader: () => 'application/json',
          upload: {},
          status: 200,
          statusText: 'OK',
          responseText: '{"data":{"id":12}}',
          onload: null as null | (() => void),
          send(this: { onload: () => void }) {
            this.onload();
          },
        }) as unknown as XMLHttpRequest,
    });
    await createApi(client).pastPapers.update(12, multipartForm({}));
    expect(url).toBe('/backend/api/past_papers.php?id=12');
  });
});
