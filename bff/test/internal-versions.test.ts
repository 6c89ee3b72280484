import type { AddressInfo } from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

const API = '/backend/api';
const TOKEN = 'internal-token-for-tests-0123456789abcdef';

interface Versions {
  boot: string;
  /** False while the BFF's own cache stands aside (its change feed from other instances is down). */
  live: boolean;
  content: number;
  counters: number;
  index: number;
  /** The subjects a content change touched, when its write said so (see ChangesSubjects). */
  scope?: { subjects: number[] };
}

/** Reads server-sent events from a stream, one data payload at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async function next(): Promise<Versions> {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
          .join('');
        if (data) return JSON.parse(data) as Versions;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffered += decoder.decode(value, { stream: true });
    }
  };
}

/**
 * The shell's server drops its rendered pages when data changes. The BFF tells it through
 * `internal/versions`, an event stream for holders of INTERNAL_TOKEN only.
 */
describe('internal/versions', () => {
  let bff: TestBff;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true, env: { INTERNAL_TOKEN: TOKEN } });
    const server = bff.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    token = login.body.token;
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('is not there for anyone without the token', async () => {
    await bff.http().get(`${API}/internal/versions`).expect(404);
    await bff.http().get(`${API}/internal/versions`).set('X-Internal-Token', 'wrong').expect(404);
    await bff
      .http()
      .get(`${API}/internal/versions`)
      .set('X-Internal-Token', `${TOKEN.slice(0, -1)}x`)
      .expect(404);
  });

  it('streams the versions now and after every write and every counted download', async () => {
    const abort = new AbortController();
    const response = await fetch(`${origin}${API}/internal/versions`, {
      headers: { 'X-Internal-Token': TOKEN, 'Accept-Encoding': 'gzip' },
      signal: abort.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      const next = eventReader(response.body!);
      // Other events may come between (the search index moving as documents are read; the change feed of
      // other instances coming up): wait for the one that matters.
      const until = async (wanted: (event: Awaited<ReturnType<typeof next>>) => boolean) => {
        for (;;) {
          const event = await next();
          if (wanted(event)) return event;
        }
      };
      const first = await until((event) => event.live === true);

      await bff
        .http()
        .post(`${API}/faqs.php`)
        .set('Authorization', `Bearer ${token}`)
        .send({ question: 'Does the stream see this?', answer: 'Yes.', category: 'General' })
        .expect(201);
      const afterWrite = await until((event) => event.content !== first.content);
      expect(afterWrite).toMatchObject({
        boot: first.boot,
        live: true,
        content: first.content + 1,
        counters: first.counters,
      });
      // A new FAQ may show on any page: no scope.
      expect(afterWrite.scope).toBeUndefined();

      // An edited subject names itself: the renderer drops only the pages that may show it.
      const subjects = (await bff.http().get(`${API}/subjects.php`).expect(200)).body.data as Array<{
        id: number;
        code: string;
        name: string;
        level: string;
      }>;
      const edited = subjects[0]!;
      await bff
        .http()
        .put(`${API}/subjects.php?id=${edited.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: edited.name, code: edited.code, level: edited.level, description: 'Scoped to one subject.' })
        .expect(200);
      const afterEdit = await until((event) => event.content !== afterWrite.content);
      expect(afterEdit).toMatchObject({ content: afterWrite.content + 1, scope: { subjects: [edited.id] } });
      // A refused write changes nothing and announces nothing; the next event is the next change.
      await bff
        .http()
        .put(`${API}/subjects.php?id=${edited.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: '', code: edited.code, level: edited.level })
        .expect(400);

      const papers = (await bff.http().get(`${API}/past_papers.php`).expect(200)).body.data as Array<{
        variants: Array<{ id: number; document_path: string | null }>;
      }>;
      const variant = papers.flatMap((p) => p.variants).find((v) => v.document_path)!;
      await bff
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`)
        .expect(200);
      const afterDownload = await until((event) => event.counters !== first.counters);
      expect(afterDownload).toMatchObject({
        boot: first.boot,
        live: true,
        content: afterEdit.content,
        counters: first.counters + 1,
      });
    } finally {
      abort.abort();
    }
  });
});
