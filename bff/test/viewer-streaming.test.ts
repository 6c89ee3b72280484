import { createHash } from 'node:crypto';
import { VIEW_BUDGET } from '../src/downloads/document-views.service';
import { API, bearer, binary, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { EXAMINER_REPORTS_WITH_COUNTERS, MARK_SCHEMES_WITH_COUNTERS, VARIANTS_WITH_COUNTERS } from './support/counters';

/**
 * The site's page-by-page viewer. It reads a document with Range requests only (`stream=1`): the first
 * and last bytes as the page's HTML preloads them (the range named in the query), then what pdf.js asks for, several
 * ranges at once as one multipart/byteranges request. Without a known size pdf.js opens the URL itself (one GET read
 * for its headers, then aborted) and asks for ranges. Every one of those answers 206 (or 200 for the opening GET)
 * and none counts, neither as a download nor as a view; the viewer counts its one view per visit through
 * POST /document_views.php, and Download counts one download.
 */
describe('the viewer reads documents with uncounted Range requests', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let variantId: number;
  let markSchemeId: number;
  let reportId: number;
  // Larger than two of pdf.js's 64 KB range chunks, so a real viewer switches to Range requests.
  const paperPdf = pdfBytes('Question 1 Calculate the area of the triangle. '.repeat(6000));
  const CHUNK = 65536;

  type Row = { dd: number; dv: number; downloads: number; views: number };
  const counters = async () => {
    const [variant] = await bff.db.query<Row[]>(
      `SELECT document_downloads AS dd, document_views AS dv, mark_scheme_downloads AS md, mark_scheme_views AS mv FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [variantId],
    );
    const [ms] = await bff.db.query<Row[]>(`SELECT downloads, views FROM ${MARK_SCHEMES_WITH_COUNTERS} WHERE id = $1`, [
      markSchemeId,
    ]);
    const [er] = await bff.db.query<Row[]>(
      `SELECT downloads, views FROM ${EXAMINER_REPORTS_WITH_COUNTERS} WHERE id = $1`,
      [reportId],
    );
    return { variant: variant!, ms: ms!, er: er! };
  };

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Physics', code: '9702', level: 'cambridge-a-levels' });
    const paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2023')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 12', version: 12 }]))
        .attach('variant_0_document_path', paperPdf, 'qp.pdf')
        .attach('variant_0_mark_scheme_path', pdfBytes('Answer 1 area = 12 cm2'), 'ms.pdf')
        .expect(201)
    ).body.data as { id: number; variants: Array<{ id: number }> };
    variantId = paper.variants[0]!.id;
    markSchemeId = (
      await bff
        .http()
        .post(`${API}/mark_schemes.php`)
        .set(bearer(admin.token))
        .field('subject', 'Physics')
        .field('code', '9702')
        .field('year', '2023')
        .field('session', 'May/June')
        .field('paperNumber', '12')
        .field('past_paper_id', String(paper.id))
        .attach('markSchemeFile', paperPdf, 'ms-own.pdf')
        .expect(201)
    ).body.data.id as number;
    reportId = (
      await bff
        .http()
        .post(`${API}/examiner_reports.php`)
        .set(bearer(admin.token))
        .field('past_paper_id', String(paper.id))
        .field('paper_number', '12')
        .field('summary', 'Candidates did well')
        .attach('file', paperPdf, 'er.pdf')
        .expect(201)
    ).body.data.id as number;
  });
  afterAll(async () => {
    await bff?.close();
  });

  /** What pdf.js does with a URL: an opening GET, then the start, the end (xref) and a middle chunk as Range requests. */
  async function readLikeTheViewer(url: string) {
    const open = await bff.http().get(url).buffer(true).parse(binary).expect(200);
    expect(open.headers['accept-ranges']).toBe('bytes');
    expect(open.headers['content-length']).toBe(String(paperPdf.length));
    expect(open.headers['content-encoding']).toBeUndefined();
    expect(open.headers['content-disposition']).toMatch(/^inline; filename="[a-z0-9-]+\.pdf"$/);
    const size = paperPdf.length;
    for (const [start, end] of [
      [0, CHUNK - 1],
      [size - CHUNK, size - 1],
      [CHUNK * 2, CHUNK * 3 - 1],
    ] as const) {
      const part = await bff
        .http()
        .get(url)
        .set('Range', `bytes=${start}-${end}`)
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.compare(part.body as Buffer, paperPdf.subarray(start, end + 1))).toBe(0);
      expect(part.headers['content-security-policy']).toBe('sandbox');
    }
  }

  it('answers the Range requests of every link form 206 with the exact bytes, and counts neither a download nor a view', async () => {
    const before = await counters();
    await readLikeTheViewer(
      `${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document&stream=1`,
    );
    await readLikeTheViewer(`${API}/mark_schemes.php?download_id=${markSchemeId}&stream=1`);
    await readLikeTheViewer(`${API}/examiner_reports.php?download_id=${reportId}&stream=1`);
    await readLikeTheViewer(`${API}/download/mark-schemes/${markSchemeId}?stream=1`);
    expect(await counters()).toEqual(before);
    // A Range past the end is still a clean 416.
    await bff
      .http()
      .get(`${API}/mark_schemes.php?download_id=${markSchemeId}&stream=1`)
      .set('Range', `bytes=${paperPdf.length + 10}-`)
      .expect(416);
  });

  it('answers several ranges in one request as multipart/byteranges (stream reads only), uncounted', async () => {
    const before = await counters();
    const url = `${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document&stream=1`;
    const size = paperPdf.length;
    const wanted: Array<[number, number]> = [
      [0, 99],
      [5000, 5999],
      [6000, 6099], // adjacent to the one before: answered as one part
      [size - 10, size - 1],
    ];
    const answer = await bff
      .http()
      .get(url)
      .set('Range', `bytes=${wanted.map(([a, b]) => `${a}-${b}`).join(',')}`)
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(answer.headers['x-multipart-ranges']).toBe('1');
    const boundary = /^multipart\/byteranges; boundary=(\w+)$/.exec(String(answer.headers['content-type']))?.[1];
    expect(boundary).toBeDefined();
    const body = answer.body as Buffer;
    expect(answer.headers['content-length']).toBe(String(body.length));
    // Each part: its headers, an empty line, then exactly the bytes its Content-Range names.
    const parts: Array<{ range: string; bytes: Buffer }> = [];
    let offset = 0;
    for (;;) {
      const headEnd = body.indexOf('\r\n\r\n', offset);
      if (headEnd < 0) break;
      const head = body.subarray(offset, headEnd).toString('latin1');
      const range = /Content-Range: bytes (\d+)-(\d+)\/(\d+)/.exec(head);
      if (!range) break;
      const start = headEnd + 4;
      const length = Number(range[2]) - Number(range[1]) + 1;
      parts.push({ range: `${range[1]}-${range[2]}/${range[3]}`, bytes: body.subarray(start, start + length) });
      offset = start + length;
    }
    expect(body.subarray(offset).toString('latin1')).toBe(`\r\n--${boundary}--\r\n`);
    expect(parts.map((p) => p.range)).toEqual([
      `0-99/${size}`,
      `5000-6099/${size}`,
      `${size - 10}-${size - 1}/${size}`,
    ]);
    for (const part of parts) {
      const [start, end] = part.range.split('/')[0]!.split('-').map(Number) as [number, number];
      expect(Buffer.compare(part.bytes, paperPdf.subarray(start, end + 1))).toBe(0);
    }
    // Too many ranges in one request: refused, not answered with the whole file.
    const many = Array.from({ length: 65 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(',');
    await bff.http().get(url).set('Range', `bytes=${many}`).expect(416);
    expect(await counters()).toEqual(before);
  });

  it('reads the one range named in the query of a stream link (what the page preloads before any script)', async () => {
    const before = await counters();
    const url = `${API}/mark_schemes.php?download_id=${markSchemeId}&stream=1`;
    const part = await bff.http().get(`${url}&range=100-4195`).buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4195/${paperPdf.length}`);
    expect(Buffer.compare(part.body as Buffer, paperPdf.subarray(100, 4196))).toBe(0);
    // A Range header wins; a malformed query range is ignored (the whole file, still uncounted in stream mode).
    const header = await bff.http().get(`${url}&range=0-9`).set('Range', 'bytes=20-29').buffer(true).parse(binary);
    expect(header.headers['content-range']).toBe(`bytes 20-29/${paperPdf.length}`);
    await bff.http().get(`${url}&range=abc`).buffer(true).parse(binary).expect(200);
    // Not on a download link: the query range means nothing there.
    await bff
      .http()
      .get(`${API}/mark_schemes.php?download_id=${markSchemeId}&inline=1&range=0-9`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const after = await counters();
    expect(after.ms.downloads).toBe(before.ms.downloads);
  });

  it('counts one view per client and document through POST /document_views.php, never a download', async () => {
    const before = await counters();
    const view = (body: object, client = '10.1.0.1') =>
      bff.http().post(`${API}/document_views.php`).set('X-Forwarded-For', client).send(body);

    expect((await view({ variant_id: variantId, document_type: 'document' }).expect(200)).body).toEqual({
      data: { counted: true },
    });
    // The same visit again (a reload, the viewer switching back): not counted twice.
    expect((await view({ variant_id: variantId }).expect(200)).body).toEqual({ data: { counted: false } });
    expect((await view({ mark_scheme_id: markSchemeId }).expect(200)).body.data.counted).toBe(true);
    expect((await view({ examiner_report_id: reportId }).expect(200)).body.data.counted).toBe(true);
    // Another client's view counts.
    expect((await view({ variant_id: variantId }, '10.1.0.2').expect(200)).body.data.counted).toBe(true);

    const after = await counters();
    expect(after.variant.dv).toBe(before.variant.dv + 2);
    expect(after.ms.views).toBe(before.ms.views + 1);
    expect(after.er.views).toBe(before.er.views + 1);
    expect([after.variant.dd, after.ms.downloads, after.er.downloads]).toEqual([
      before.variant.dd,
      before.ms.downloads,
      before.er.downloads,
    ]);
  });

  it("stops counting one client's views past its budget; a view refused as already counted spends none of it", async () => {
    const budgetKey = (client: string) => createHash('sha256').update(`views:${client}`).digest('hex');
    const budgetUsed = async (client: string) =>
      (
        await bff.db.query<Array<{ count: number }>>('SELECT count FROM rate_limits WHERE key = $1', [
          budgetKey(client),
        ])
      )[0]?.count ?? 0;
    const view = (body: object, client: string) =>
      bff.http().post(`${API}/document_views.php`).set('X-Forwarded-For', client).send(body).expect(200);

    // The same document again and again: counted once, and the budget spent once.
    const rereader = '10.2.0.1';
    for (let i = 0; i < 3; i++) await view({ mark_scheme_id: markSchemeId }, rereader);
    expect(await budgetUsed(rereader)).toBe(1);

    // A client whose budget is used up (as if it had viewed VIEW_BUDGET documents): answered, not counted.
    const scraper = '10.2.0.2';
    await view({ examiner_report_id: reportId }, scraper);
    await bff.db.query('UPDATE rate_limits SET count = $2 WHERE key = $1', [budgetKey(scraper), VIEW_BUDGET]);
    const before = await counters();
    expect((await view({ variant_id: variantId }, scraper)).body).toEqual({ data: { counted: false } });
    expect((await view({ mark_scheme_id: markSchemeId }, scraper)).body).toEqual({ data: { counted: false } });
    expect(await counters()).toEqual(before);
    // Anyone else is counted as before.
    expect((await view({ mark_scheme_id: markSchemeId }, '10.2.0.3')).body).toEqual({ data: { counted: true } });
    expect((await counters()).ms.views).toBe(before.ms.views + 1);
  });

  it('refuses a bad view with a clear 4xx and counts nothing', async () => {
    const before = await counters();
    const post = (body: unknown) =>
      bff
        .http()
        .post(`${API}/document_views.php`)
        .send(body as object);
    expect((await post({}).expect(400)).body.error).toBe(
      'Give exactly one of variant_id, mark_scheme_id or examiner_report_id',
    );
    await post({ variant_id: variantId, mark_scheme_id: markSchemeId }).expect(400);
    expect((await post({ variant_id: 'abc' }).expect(400)).body.error).toBe('Invalid variant_id');
    expect((await post({ variant_id: -1 }).expect(400)).body.error).toBe('Invalid variant_id');
    expect((await post({ variant_id: variantId, document_type: 'zip' }).expect(400)).body.error).toBe(
      'Invalid document_type',
    );
    const missing = await post({ mark_scheme_id: 999999 }).expect(404);
    expect(missing.body).toEqual({ error: 'Mark scheme not found' });
    // A variant without an examiner report: nothing to view.
    await post({ variant_id: variantId, document_type: 'examiner_report' }).expect(404);
    expect(await counters()).toEqual(before);
  });

  it('counts exactly one download when the viewer’s Download link saves the whole file', async () => {
    const before = await counters();
    const saved = await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(saved.headers['content-disposition']).toMatch(/^attachment; /);
    expect(Buffer.compare(saved.body as Buffer, paperPdf)).toBe(0);
    const after = await counters();
    expect(after.variant.dd).toBe(before.variant.dd + 1);
    expect(after.variant.dv).toBe(before.variant.dv);
  });
});
