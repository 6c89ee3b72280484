import { createCanvas, loadImage } from '@napi-rs/canvas';
import { API, bearer, binary, createSubject, signInAdmin, type SignedIn } from './support/api';
import { docxBytes, pagedPdf } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';

/** Starts with the PDF magic bytes (the upload accepts it) but is no PDF at all. */
const BROKEN_PDF = Buffer.from('%PDF-1.7\nthis is not really a pdf, just bytes that look like one\n', 'latin1');

/** How many of the picture's pixels are dark (drawn text), and its size. */
async function inkOf(webp: Buffer): Promise<{ width: number; height: number; dark: number }> {
  const image = await loadImage(webp);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 1]! < 128 && data[i + 2]! < 128) dark++;
  return { width: image.width, height: image.height, dark };
}

/**
 * The text extraction process also draws page 1 of each PDF as a WebP picture, which the viewer shows at
 * once while pdf.js is still on its way to a phone (`preview=1` on every document link). It is never counted, is
 * revalidated by an ETag that follows the file, and is absent (404) for a file that is not a readable PDF.
 */
describe('page 1 previews for the viewer', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let variantId: number;
  let paperId: number;
  let subjectId: number;
  const url = () => `${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document&preview=1`;

  const eventually = async <T>(read: () => Promise<T>, accept: (v: T) => boolean, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!accept(value) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    return value;
  };
  const fetchPreview = () => bff.http().get(url()).buffer(true).parse(binary);
  const counters = async () => {
    const [row] = await bff.db.query<Array<{ downloads: number; views: number }>>(
      `SELECT document_downloads AS downloads, document_views AS views FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [variantId],
    );
    return row!;
  };

  beforeAll(async () => {
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100' } });
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
        .attach(
          'variant_0_document_path',
          await pagedPdf(['Question 1 Calculate the resultant force on the trolley. '.repeat(40), 'Page two']),
          'qp.pdf',
        )
        .attach('variant_0_mark_scheme_path', BROKEN_PDF, 'ms.pdf')
        .attach('variant_0_examiner_report_path', docxBytes(), 'er.docx')
        .expect(201)
    ).body.data as { id: number; variants: Array<{ id: number }> };
    paperId = paper.id;
    subjectId = subject.id;
    variantId = paper.variants[0]!.id;
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('draws page 1 with its text as a 720-pixel-wide WebP, served uncounted and revalidated by its ETag', async () => {
    const before = await counters();
    const res = await eventually(fetchPreview, (r) => r.status === 200);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const body = res.body as Buffer;
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(Number(res.headers['content-length'])).toBe(body.length);
    // A picture of the page as drawn, not a blank one: A4 at 720 pixels wide, with the text's ink on it.
    const ink = await inkOf(body);
    expect(ink.width).toBe(720);
    expect(Math.abs(ink.height - (720 * 841.89) / 595.28)).toBeLessThan(1);
    expect(ink.dark).toBeGreaterThan(2000);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"preview-\d+-\d+"$/);
    await bff.http().get(url()).set('If-None-Match', etag).expect(304);
    expect(await counters()).toEqual(before);
  });

  it('keeps no picture of a replaced file: the new file gets its own picture and ETag', async () => {
    const old = await eventually(fetchPreview, (r) => r.status === 200);
    await bff
      .http()
      .put(`${API}/past_papers.php?id=${paperId}`)
      .set(bearer(admin.token))
      .field('subject_id', String(subjectId))
      .field('year', '2023')
      .field('session', 'May/June')
      .field('variants', JSON.stringify([{ id: variantId, name: 'Paper 12', version: 12 }]))
      .attach('variant_0_document_path', await pagedPdf(['Short page']), 'qp2.pdf')
      .expect(200);
    const fresh = await eventually(fetchPreview, (r) => r.status === 200 && r.headers.etag !== old.headers.etag);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    // Less text, less ink: the picture is of the new file.
    expect((await inkOf(fresh.body as Buffer)).dark).toBeLessThan((await inkOf(old.body as Buffer)).dark);
  });

  it('answers 404 with a JSON message for a broken PDF and a Word file, and the text queue goes on', async () => {
    const statusOf = async (type: string) =>
      (
        await bff.db.query<Array<{ status: string }>>(
          `SELECT t.status FROM document_texts t WHERE t.variant_id = $1 AND t.document_type = $2`,
          [variantId, type],
        )
      )[0]?.status;
    expect(
      await eventually(
        () => statusOf('mark-scheme'),
        (s) => s === 'failed',
      ),
    ).toBe('failed');
    expect(
      await eventually(
        () => statusOf('examiner-report'),
        (s) => s === 'skipped',
      ),
    ).toBe('skipped');
    for (const type of ['mark_scheme', 'examiner_report']) {
      const res = await bff
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=${type}&preview=1`)
        .expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: 'File not found' });
    }
    const [count] = await bff.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM document_previews p JOIN document_texts t ON t.id = p.document_text_id
        WHERE t.variant_id = $1`,
      [variantId],
    );
    expect(count!.n).toBe(1);
  });

  it('drops the picture with its document', async () => {
    await bff.http().delete(`${API}/past_papers.php`).query({ id: paperId }).set(bearer(admin.token)).expect(200);
    const [count] = await bff.db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM document_previews');
    expect(count!.n).toBe(0);
    await bff.http().get(url()).expect(404);
  });
});
