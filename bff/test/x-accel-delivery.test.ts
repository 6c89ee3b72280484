import { statSync } from 'node:fs';
import { join } from 'node:path';
import { API, bearer, binary, createSubject, signInAdmin } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';

/**
 * FILE_DELIVERY=x-accel. The BFF authorises and counts as always, then answers without a body and with
 * `X-Accel-Redirect: <X_ACCEL_PREFIX><stored path>`: nginx serves the bytes from its internal location (sendfile,
 * Range). The BFF answers 304 and 416 itself, and its ETag is nginx's own for the file, so a client's revalidation
 * is judged the same by both.
 */
describe('downloads handed to nginx (FILE_DELIVERY=x-accel)', () => {
  let bff: TestBff;
  let variantId: number;
  let path: string;
  let markSchemePath: string;
  const document = pdfBytes('Question paper for nginx '.repeat(80));

  const counters = async () =>
    (
      await bff.db.query(
        `SELECT document_downloads AS d, document_views AS v, mark_scheme_downloads AS m FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
        [variantId],
      )
    )[0] as { d: number; v: number; m: number };

  beforeAll(async () => {
    bff = await startTestBff({ env: { FILE_DELIVERY: 'x-accel', X_ACCEL_PREFIX: '/internal/ppl-files/' } });
    const admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'History', code: '9489', level: 'cambridge-a-levels' });
    const variant = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2022')
        .field('session', 'Oct/Nov')
        .field('variants', JSON.stringify([{ name: 'Paper 21', version: 1 }]))
        .attach('variant_0_document_path', document, 'qp.pdf')
        .attach('variant_0_mark_scheme_path', pdfBytes('ms'), 'ms.pdf')
        .expect(201)
    ).body.data.variants[0];
    variantId = variant.id;
    path = variant.document_path;
    markSchemePath = variant.mark_scheme_path;
  });
  afterAll(async () => {
    await bff?.close();
  });

  const url = () => `${API}/past_papers.php?download_variant_id=${variantId}`;

  it('counts once, then answers no body and the internal path, with the headers nginx keeps', async () => {
    const res = await bff.http().get(url()).buffer(true).parse(binary).expect(200);
    expect((res.body as Buffer).length).toBe(0);
    expect(res.headers['x-accel-redirect']).toBe(`/internal/ppl-files/${path}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="history-9489-2022-oct-nov-paper-21.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // nginx's ETag of the file: "<mtime in seconds, hex>-<size, hex>".
    const file = statSync(join(bff.config.uploadDir, path));
    expect(res.headers.etag).toBe(`"${Math.floor(file.mtimeMs / 1000).toString(16)}-${file.size.toString(16)}"`);
    expect(await counters()).toMatchObject({ d: 1, v: 0 });
    // Every link form, the file's own URL included.
    const own = await bff.http().get(`${API}/files/${markSchemePath}`).expect(200);
    expect(own.headers['x-accel-redirect']).toBe(`/internal/ppl-files/${markSchemePath}`);
    expect(await counters()).toMatchObject({ d: 1, m: 1 });
  });

  it('counts a Range only when it covers the whole file (nginx answers the 206); a view from byte 0', async () => {
    const before = await counters();
    const part = await bff.http().get(url()).set('Range', 'bytes=10-19').expect(200);
    expect(part.headers['x-accel-redirect']).toBe(`/internal/ppl-files/${path}`);
    await bff.http().get(url()).set('Range', 'bytes=0-99').expect(200);
    expect(await counters()).toEqual(before);
    await bff
      .http()
      .get(url())
      .set('Range', `bytes=0-${document.length - 1}`)
      .expect(200);
    expect(await counters()).toEqual({ ...before, d: before.d + 1 });
    // Opening to read (inline) counts a view from byte 0 only.
    await bff.http().get(`${url()}&inline=1`).set('Range', 'bytes=0-').expect(200);
    await bff.http().get(`${url()}&inline=1`).set('Range', 'bytes=500-').expect(200);
    expect(await counters()).toEqual({ ...before, d: before.d + 1, v: before.v + 1 });
  });

  it("hands the viewer's stream=1 reads to nginx too, uncounted", async () => {
    const before = await counters();
    const read = await bff.http().get(`${url()}&stream=1`).set('Range', 'bytes=0-65535').expect(200);
    expect(read.headers['x-accel-redirect']).toBe(`/internal/ppl-files/${path}`);
    expect(read.headers['content-disposition']).toMatch(/^inline; /);
    expect(await counters()).toEqual(before);
  });

  it('sends a stream read whose range is in the query itself (a file server in front reads only Range)', async () => {
    const before = await counters();
    const read = await bff.http().get(`${url()}&stream=1&range=0-99`).buffer(true).parse(binary).expect(206);
    expect(read.headers['x-accel-redirect']).toBeUndefined();
    expect(read.headers['content-range']).toBe(`bytes 0-99/${document.length}`);
    expect(Buffer.compare(read.body as Buffer, document.subarray(0, 100))).toBe(0);
    expect(await counters()).toEqual(before);
  });

  it('answers 304, 416 and HEAD itself (no X-Accel-Redirect), none counted', async () => {
    const before = await counters();
    const first = await bff.http().head(url()).expect(200);
    expect(first.headers['x-accel-redirect']).toBeUndefined();
    expect(first.headers['content-length']).toBe(String(document.length));
    const notModified = await bff.http().get(url()).set('If-None-Match', first.headers.etag!).expect(304);
    expect(notModified.headers['x-accel-redirect']).toBeUndefined();
    const bad = await bff.http().get(url()).set('Range', `bytes=${document.length}-`).expect(416);
    expect(bad.body).toEqual({ error: 'Requested range not satisfiable' });
    expect(bad.headers['x-accel-redirect']).toBeUndefined();
    expect(await counters()).toEqual(before);
  });

  it('never hands over a path that is not a stored file a record points to', async () => {
    for (const probe of [
      '/files/../secret.txt',
      '/files/.staging/1/x.pdf',
      '/files/papers/00000000-0000-4000-8000-00000000000a.pdf',
    ]) {
      const res = await bff.http().get(`${API}${probe}`);
      expect([400, 404]).toContain(res.status);
      expect(res.headers['x-accel-redirect']).toBeUndefined();
    }
  });
});
