import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, bearer, binary, createSubject, signInAdmin, type SignedIn } from './support/api';
import { docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import {
  EXAMINER_REPORTS_WITH_COUNTERS,
  INSERT_MARK_SCHEME_SQL,
  MARK_SCHEMES_WITH_COUNTERS,
  VARIANTS_WITH_COUNTERS,
} from './support/counters';

interface Variant {
  id: number;
  document_path: string;
  mark_scheme_path: string | null;
  examiner_report_path: string | null;
}

describe('downloads and file links', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let paper: { id: number; variants: Variant[] };
  let markSchemeId: number;
  let markSchemeUrl: string;
  let reportId: number;
  const paperPdf = pdfBytes('Question paper '.repeat(40));

  const counters = async (variantId: number) =>
    (
      await bff.db.query(
        `SELECT document_downloads AS d, mark_scheme_downloads AS m, examiner_report_downloads AS e, document_last_downloaded_at AS last FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
        [variantId],
      )
    )[0] as { d: number; m: number; e: number; last: Date | null };

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Mathematics', code: '0580', level: 'cambridge-igcse' });
    paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2024')
        .field('session', 'May/June')
        .field(
          'variants',
          JSON.stringify([
            { name: 'Paper 1', version: 1 },
            { name: 'Paper 2', version: 2 },
          ]),
        )
        .attach('variant_0_document_path', paperPdf, 'q.pdf')
        .attach('variant_1_document_path', pdfBytes('v2'), 'q2.pdf')
        .attach('variant_1_mark_scheme_path', docxBytes(), 'ms.docx')
        .expect(201)
    ).body.data;
    const ms = (
      await bff
        .http()
        .post(`${API}/mark_schemes.php`)
        .set(bearer(admin.token))
        .field('subject', 'Mathematics')
        .field('code', '0580')
        .field('year', '2024')
        .field('session', 'May/June')
        .field('paperNumber', '2')
        .field('past_paper_id', String(paper.id))
        .attach('markSchemeFile', pdfBytes('ms'), 'ms.pdf')
        .expect(201)
    ).body.data;
    markSchemeId = ms.id;
    markSchemeUrl = ms.file_url;
    reportId = (
      await bff
        .http()
        .post(`${API}/examiner_reports.php`)
        .set(bearer(admin.token))
        .field('past_paper_id', String(paper.id))
        .field('paper_number', '1')
        .field('summary', 'Well answered')
        .attach('file', pdfBytes('er'), 'er.pdf')
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('streams a variant document with Content-Type, a friendly attachment name, length, ETag and Last-Modified, and counts it', async () => {
    const v1 = paper.variants[0]!;
    const res = await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${v1.id}&variant_document_type=document`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="mathematics-0580-2024-may-june-paper-1.pdf"',
    );
    expect(res.headers['content-length']).toBe(String(paperPdf.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(res.body as Buffer, paperPdf)).toBe(0);
    const c = await counters(v1.id);
    expect(c.d).toBe(1);
    expect(c.last).not.toBeNull();
  });

  it('serves every documented link form and counts each on its own counter', async () => {
    const v2 = paper.variants[1]!;
    const before = await counters(v2.id);
    const ms = await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${v2.id}&variant_document_type=mark_scheme`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(ms.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(ms.headers['content-disposition']).toBe(
      'attachment; filename="mathematics-0580-2024-may-june-paper-2-mark-scheme.docx"',
    );
    expect(await counters(v2.id)).toMatchObject({ d: before.d, m: before.m + 1 });

    // download_id: the paper's first variant that has the document.
    const byPaper = await bff
      .http()
      .get(`${API}/past_papers.php?download_id=${paper.id}&document_type=mark_scheme`)
      .expect(200);
    expect(byPaper.headers['content-disposition']).toContain('paper-2-mark-scheme.docx');
    const first = paper.variants[0]!;
    const d0 = (await counters(first.id)).d;
    await bff.http().get(`${API}/download/papers/${paper.id}`).expect(200);
    await bff.http().get(`${API}/past_papers.php?download_id=${paper.id}`).expect(200);
    expect((await counters(first.id)).d).toBe(d0 + 2);

    const msDownload = await bff.http().get(`${API}/mark_schemes.php?download_id=${markSchemeId}`).expect(200);
    expect(msDownload.headers['content-disposition']).toBe(
      'attachment; filename="mathematics-0580-2024-may-june-paper-2-mark-scheme.pdf"',
    );
    await bff.http().get(`${API}/download/mark-schemes/${markSchemeId}`).expect(200);
    await bff.http().get(`${API}${markSchemeUrl}`).expect(200);
    expect(
      (await bff.db.query(`SELECT downloads FROM ${MARK_SCHEMES_WITH_COUNTERS} WHERE id = $1`, [markSchemeId]))[0]
        .downloads,
    ).toBe(3);

    const er = await bff.http().get(`${API}/examiner_reports.php?download_id=${reportId}`).expect(200);
    expect(er.headers['content-disposition']).toBe(
      'attachment; filename="mathematics-0580-2024-may-june-paper-1-examiner-report.pdf"',
    );
    await bff.http().get(`${API}/download/examiner-reports/${reportId}`).expect(200);
    expect(
      (await bff.db.query(`SELECT downloads FROM ${EXAMINER_REPORTS_WITH_COUNTERS} WHERE id = $1`, [reportId]))[0]
        .downloads,
    ).toBe(2);

    // The file's own URL counts on the record that points to it.
    const own = await bff.http().get(`${API}/files/${v2.document_path}`).expect(200);
    expect(own.headers['content-disposition']).toBe(
      'attachment; filename="mathematics-0580-2024-may-june-paper-2.pdf"',
    );
    expect((await counters(v2.id)).d).toBe(before.d + 1);
  });

  it('opening a PDF to read it (inline) counts a view, not a download', async () => {
    const v1 = paper.variants[0]!;
    const before = await bff.db.query(
      `SELECT document_views AS v, document_downloads AS d FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [v1.id],
    );
    await bff.http().get(`${API}/past_papers.php?download_variant_id=${v1.id}&inline=1`).expect(200);
    await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${v1.id}&inline=1`)
      .set('Range', 'bytes=100-199')
      .expect(206); // a viewer's later range: not another view
    const after = await bff.db.query(
      `SELECT document_views AS v, document_downloads AS d FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [v1.id],
    );
    expect(after[0]).toEqual({ v: before[0].v + 1, d: before[0].d });
    const read = await bff.http().get(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)).expect(200);
    const shown = (Array.isArray(read.body.data) ? read.body.data[0] : read.body.data) as {
      variants: Array<{ id: number; document_views: number }>;
    };
    expect(shown.variants.find((v) => v.id === v1.id)!.document_views).toBe(before[0].v + 1);
  });

  it('inline=1 asks the browser to show the file (the View action)', async () => {
    const res = await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${paper.variants[0]!.id}&inline=1`)
      .expect(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="mathematics-0580-2024-may-june-paper-1.pdf"');
    expect(res.headers['content-security-policy']).toBe('sandbox');
  });

  it('sends Word files as attachments even when asked to show them, and every file sandboxed', async () => {
    const v2 = paper.variants[1]!;
    const res = await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${v2.id}&variant_document_type=mark_scheme&inline=1`)
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.docx"$/);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers Range requests with 206 and unsatisfiable ranges with 416; only a range covering the whole file counts', async () => {
    const v1 = paper.variants[0]!;
    const url = `${API}/past_papers.php?download_variant_id=${v1.id}`;
    const start = (await counters(v1.id)).d;
    const part = await bff.http().get(url).set('Range', 'bytes=10-19').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${paperPdf.length}`);
    expect(Buffer.compare(part.body as Buffer, paperPdf.subarray(10, 20))).toBe(0);
    expect((await counters(v1.id)).d).toBe(start);
    // A probe of the first byte, or the first part of the file, is not a delivery of the file.
    await bff.http().get(url).set('Range', 'bytes=0-0').expect(206);
    await bff.http().get(url).set('Range', 'bytes=0-99').expect(206);
    expect((await counters(v1.id)).d).toBe(start);
    // A range covering every byte is.
    await bff
      .http()
      .get(url)
      .set('Range', `bytes=0-${paperPdf.length - 1}`)
      .expect(206);
    expect((await counters(v1.id)).d).toBe(start + 1);
    const bad = await bff
      .http()
      .get(url)
      .set('Range', `bytes=${paperPdf.length + 100}-`)
      .expect(416);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(bad.headers['content-range']).toBe(`bytes */${paperPdf.length}`);
    expect(bad.headers['content-disposition']).toBeUndefined();
    expect(bad.body).toEqual({ error: 'Requested range not satisfiable' });
    expect((await counters(v1.id)).d).toBe(start + 1);
  });

  it('answers a conditional request with 304, and HEAD with headers only, neither counted', async () => {
    const v1 = paper.variants[0]!;
    const url = `${API}/past_papers.php?download_variant_id=${v1.id}`;
    const first = await bff.http().get(url).expect(200);
    const count = (await counters(v1.id)).d;
    await bff.http().get(url).set('If-None-Match', first.headers.etag!).expect(304);
    const head = await bff.http().head(url).expect(200);
    expect(head.headers['content-length']).toBe(String(paperPdf.length));
    expect((await counters(v1.id)).d).toBe(count);
  });

  it('counts 200 concurrent downloads exactly', async () => {
    const v1 = paper.variants[0]!;
    const start = (await counters(v1.id)).d;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        bff
          .http()
          .get(`${API}/past_papers.php?download_variant_id=${v1.id}&variant_document_type=document`)
          .buffer(true)
          .parse(binary),
      ),
    );
    expect(results.every((r) => r.status === 200 && (r.body as Buffer).length === paperPdf.length)).toBe(true);
    expect((await counters(v1.id)).d).toBe(start + 200);
    const stats = (await bff.http().get(`${API}/dashboard_stats.php`).expect(200)).body.data;
    expect(stats.totalDownloads).toBeGreaterThanOrEqual(start + 200);
  });

  it('answers 404 for missing records and documents, 400 for junk', async () => {
    expect((await bff.http().get(`${API}/past_papers.php?download_variant_id=999999`).expect(404)).body).toEqual({
      error: 'Variant not found',
    });
    expect(
      (
        await bff
          .http()
          .get(
            `${API}/past_papers.php?download_variant_id=${paper.variants[0]!.id}&variant_document_type=examiner_report`,
          )
          .expect(404)
      ).body,
    ).toEqual({
      error: 'No examiner report uploaded',
    });
    expect((await bff.http().get(`${API}/download/papers/999999`).expect(404)).body).toEqual({
      error: 'Past paper not found',
    });
    expect((await bff.http().get(`${API}/download/mark-schemes/999999`).expect(404)).body).toEqual({
      error: 'Mark scheme not found',
    });
    expect((await bff.http().get(`${API}/download/examiner-reports/999999`).expect(404)).body).toEqual({
      error: 'Examiner report not found',
    });
    expect((await bff.http().get(`${API}/past_papers.php?download_variant_id=abc`).expect(400)).body).toEqual({
      error: 'Invalid download_variant_id',
      errors: { download_variant_id: 'Invalid download_variant_id' },
    });
    expect(
      (await bff.http().get(`${API}/past_papers.php?download_variant_id=1&variant_document_type=secret`).expect(400))
        .body,
    ).toEqual({
      error: 'Invalid variant_document_type',
      errors: { variant_document_type: 'Invalid variant_document_type' },
    });
    expect((await bff.http().get(`${API}/download/papers/1.5`).expect(400)).body).toEqual({
      error: 'Invalid id',
      errors: { id: 'Invalid id' },
    });
  });

  it('a record whose file vanished from disk answers 404 without a path, and is not counted', async () => {
    const [{ id }] = await bff.db.query(INSERT_MARK_SCHEME_SQL, [
      'mark-schemes/00000000-0000-4000-8000-000000000009.pdf',
    ]);
    const res = await bff.http().get(`${API}/mark_schemes.php?download_id=${id}`).expect(404);
    expect(res.body).toEqual({ error: 'File not found' });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(
      (await bff.db.query(`SELECT downloads FROM ${MARK_SCHEMES_WITH_COUNTERS} WHERE id = $1`, [id]))[0].downloads,
    ).toBe(0);
  });

  describe('path traversal never reaches a file outside UPLOAD_DIR (nor an unreferenced one inside)', () => {
    beforeAll(() => {
      writeFileSync(join(bff.dataDir, 'secret.txt'), 'top secret');
      writeFileSync(join(bff.config.uploadDir, 'stray.pdf'), pdfBytes());
    });

    it.each([
      '/files/../secret.txt',
      '/files/..%2Fsecret.txt',
      '/files/%2e%2e%2fsecret.txt',
      '/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/files/papers/..%2F..%2Fsecret.txt',
      '/files/papers/%252e%252e%252fsecret.txt',
      '/files//etc/passwd',
      '/files/%2Fetc%2Fpasswd',
      '/files/papers/x.pdf%00.txt',
      '/files/stray.pdf',
      '/files/papers/../stray.pdf',
      '/files/papers/00000000-0000-4000-8000-00000000000a.pdf',
      '/files/papers\\..\\..\\secret.txt',
      '/files/C:%5Cwindows%5Cwin.ini',
    ])('%s', async (path) => {
      const res = await bff.http().get(`${API}${path}`).buffer(true).parse(binary);
      expect([400, 404]).toContain(res.status);
      const text = (res.body as Buffer).toString();
      expect(text).not.toContain('top secret');
      expect(text).not.toContain('%PDF');
      expect(text).not.toContain(bff.dataDir);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    });
  });
});
