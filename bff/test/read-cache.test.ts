import { gunzipSync } from 'node:zlib';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/**
 * The cache of public reads (src/read-cache): anonymous GETs are served from memory; every write is visible on the
 * very next read, and a counted download on the next read of the client that made it (others see it within
 * READ_CACHE_COUNTS_MAX_AGE).
 */
describe('cached public reads', () => {
  let bff: TestBff;
  let token: string;

  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true });
    const login = await bff
      .http()
      .post('/backend/api/auth_login.php')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    token = login.body.token;
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('answers a repeated anonymous read from memory, with the same body and ETag', async () => {
    const first = await bff.http().get('/backend/api/subjects.php?level=cambridge-igcse').expect(200);
    const second = await bff.http().get('/backend/api/subjects.php?level=cambridge-igcse').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it('builds an answer once when identical requests arrive together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => bff.http().get('/backend/api/past_papers.php?category=edexcel-igcse')),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await bff.http().get('/backend/api/settings.php').expect(200);
    const revalidated = await bff
      .http()
      .get('/backend/api/settings.php')
      .set('If-None-Match', String(first.headers.etag))
      .expect(304);
    expect(revalidated.text).toBe('');
  });

  it('sends the stored gzip copy to clients that accept it', async () => {
    await bff.http().get('/backend/api/past_papers.php?category=cambridge-igcse').expect(200);
    await new Promise((r) => setTimeout(r, 100));
    const res = await bff
      .http()
      .get('/backend/api/past_papers.php?category=cambridge-igcse')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['x-cache']).toBe('HIT');
    expect(res.headers['content-encoding']).toBe('gzip');
    // (superagent may already have inflated the stream; the header says what the server sent.)
    const raw = res.body as Buffer;
    const papers = JSON.parse((raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString()).data as Array<{
      subject_level: string;
    }>;
    expect(papers.length).toBeGreaterThan(0);
    expect(papers.every((p) => p.subject_level === 'cambridge-igcse')).toBe(true);
  });

  it('shows an admin write on the next read', async () => {
    await bff.http().get('/backend/api/subjects.php').expect(200);
    expect((await bff.http().get('/backend/api/subjects.php').expect(200)).headers['x-cache']).toBe('HIT');
    await bff
      .http()
      .post('/backend/api/subjects.php')
      .set('Authorization', `Bearer ${token}`)
      .field('name', 'Cached Geography')
      .field('code', 'CACHE1')
      .field('level', 'cambridge-igcse')
      .expect(201);
    const after = await bff.http().get('/backend/api/subjects.php').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect((after.body.data as Array<{ code: string }>).some((s) => s.code === 'CACHE1')).toBe(true);
  });

  it('shows a download in the counts on the next read', async () => {
    const list = await bff.http().get('/backend/api/past_papers.php?code=0580').expect(200);
    await bff.http().get('/backend/api/past_papers.php?code=0580').expect(200);
    const variant = list.body.data[0].variants[0] as { id: number; document_downloads: number };
    await bff
      .http()
      .get(`/backend/api/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`)
      .expect(200);
    const after = await bff.http().get('/backend/api/past_papers.php?code=0580').expect(200);
    const counted = (after.body.data as Array<{ variants: Array<{ id: number; document_downloads: number }> }>)
      .flatMap((p) => p.variants)
      .find((v) => v.id === variant.id)!;
    expect(counted.document_downloads).toBe(variant.document_downloads + 1);
  });

  it('shows a download on the next read of a subject page (subjects.php?id= embeds the counts)', async () => {
    const subjects = (await bff.http().get('/backend/api/subjects.php').expect(200)).body.data as Array<{
      id: number;
      code: string;
    }>;
    const subject = subjects.find((s) => s.code === '0580')!;
    const read = () => bff.http().get(`/backend/api/subjects.php?id=${subject.id}`).expect(200);
    await read();
    const cached = await read();
    expect(cached.headers['x-cache']).toBe('HIT');
    const variantOf = (body: unknown) =>
      (body as { data: { papers: Array<{ variants: Array<{ id: number; document_downloads: number }> }> } }).data.papers
        .flatMap((p) => p.variants)
        .find((v) => v.document_downloads >= 0)!;
    const before = variantOf(cached.body);
    await bff
      .http()
      .get(`/backend/api/past_papers.php?download_variant_id=${before.id}&variant_document_type=document`)
      .expect(200);
    const after = (await read()).body as unknown;
    const counted = (
      after as { data: { papers: Array<{ variants: Array<{ id: number; document_downloads: number }> }> } }
    ).data.papers
      .flatMap((p) => p.variants)
      .find((v) => v.id === before.id)!;
    expect(counted.document_downloads).toBe(before.document_downloads + 1);
  });

  it("keeps serving other clients the cached counts after someone's download, and the downloader the new count", async () => {
    const student = { 'X-Forwarded-For': '203.0.113.41' };
    const other = { 'X-Forwarded-For': '198.51.100.42' };
    const read = (who: Record<string, string>) => bff.http().get('/backend/api/past_papers.php?code=0625').set(who);
    const countOf = (body: unknown, id: number) =>
      (body as { data: Array<{ variants: Array<{ id: number; document_downloads: number }> }> }).data
        .flatMap((p) => p.variants)
        .find((v) => v.id === id)!.document_downloads;
    const first = await read(other).expect(200);
    const variant = (first.body.data as Array<{ variants: Array<{ id: number; document_downloads: number }> }>)[0]!
      .variants[0]!;
    expect((await read(other).expect(200)).headers['x-cache']).toBe('HIT');

    await bff
      .http()
      .get(`/backend/api/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`)
      .set(student)
      .expect(200);

    const forOther = await read(other).expect(200);
    expect(forOther.headers['x-cache']).toBe('HIT');
    expect(countOf(forOther.body, variant.id)).toBe(variant.document_downloads);
    const forStudent = await read(student).expect(200);
    expect(forStudent.headers['x-cache']).toBe('MISS');
    expect(countOf(forStudent.body, variant.id)).toBe(variant.document_downloads + 1);
    // The downloader's fresh answer is now the cached one, for everyone.
    const afterwards = await read(other).expect(200);
    expect(afterwards.headers['x-cache']).toBe('HIT');
    expect(countOf(afterwards.body, variant.id)).toBe(variant.document_downloads + 1);
  });

  it('never caches a signed-in read (an admin may see more)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await bff.http().get('/backend/api/faqs.php').set('Authorization', `Bearer ${token}`).expect(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
  });

  it('treats the same query in another order as the same entry, and does not cache failures', async () => {
    await bff.http().get('/backend/api/past_papers.php?category=cambridge-igcse&subject_id=1').expect(200);
    const swapped = await bff
      .http()
      .get('/backend/api/past_papers.php?subject_id=1&category=cambridge-igcse')
      .expect(200);
    expect(swapped.headers['x-cache']).toBe('HIT');
    await bff.http().get('/backend/api/past_papers.php?id=abc').expect(400);
    const again = await bff.http().get('/backend/api/past_papers.php?id=abc').expect(400);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});
