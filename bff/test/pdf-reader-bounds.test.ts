import { writeFile } from 'node:fs/promises';
import type { Pool } from 'pg';
import { DocumentTextIndexer } from '../src/document-reader/document-text-indexer';
import { ExtractionError, PdfTextExtractor, TEXT_BOUNDS } from '../src/document-reader/pdf-text-extractor';
import { FileStorage } from '../src/storage/file-storage.service';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pagedPdf } from './support/documents';
import { hugeImagePdf, textBombPdf } from './support/pdf-bombs';
import { startTestBff, type TestBff } from './support/test-bff';

interface ReadingRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  page_count: number | null;
  pages_in_file: number | null;
  text_capped: string | null;
}

interface StoredFileReading {
  document: string;
  reading: { status: string; attempts: number; capped: string | null; note: string | null } | null;
}

/**
 * The PDF reader bounded: a 327 KB "text bomb" (2,000 pages sharing one content stream, 19 million
 * characters) keeps at most TEXT_BOUNDS characters, stored in batches, and is said to be capped in the admins' view
 * of the file; a 420 KB PDF with a 12000 x 12000 picture on page 1 is read within a few hundred MB; a file over the
 * reader's time or memory gets the process killed and the document failed once, with why, never read again; and
 * a document whose reader died with its process is not taken again forever.
 */
describe('the PDF reader, bounded', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;
  let pool: Pool;
  let files: FileStorage;
  let textBomb: Buffer;
  let hugeImage: Buffer;
  const extractors: PdfTextExtractor[] = [];

  /** A reader like the BFF's own (whose background worker is off here), with the given bounds. */
  const indexerWith = (limits: ConstructorParameters<typeof PdfTextExtractor>[0] = {}) => {
    const extractor = new PdfTextExtractor(limits);
    extractors.push(extractor);
    return new DocumentTextIndexer(pool, extractor, { files, retryBaseMs: 10 });
  };

  /** A paper with one variant whose question paper is `pdf`; its document_texts row. */
  const uploadPaper = async (pdf: Buffer, year: number): Promise<{ paperId: number; rowId: number }> => {
    const paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subjectId))
        .field('year', String(year))
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 12', version: 12 }]))
        .attach('variant_0_document_path', pdf, 'qp.pdf')
        .expect(201)
    ).body.data as { id: number; variants: Array<{ id: number }> };
    const [row] = await bff.db.query<Array<{ id: number }>>(
      `SELECT id FROM document_texts WHERE variant_id = $1 AND document_type = 'question-paper'`,
      [paper.variants[0]!.id],
    );
    return { paperId: paper.id, rowId: row!.id };
  };
  const readingOf = async (rowId: number): Promise<ReadingRow> =>
    (
      await bff.db.query<ReadingRow[]>(
        `SELECT id, status, attempts, last_error, page_count, pages_in_file, text_capped FROM document_texts WHERE id = $1`,
        [rowId],
      )
    )[0]!;
  const adminView = async (paperId: number): Promise<StoredFileReading> => {
    const res = await bff
      .http()
      .get(`${API}/stored-files`)
      .query({ past_paper_id: paperId })
      .set(bearer(admin.token))
      .expect(200);
    return (res.body.data as StoredFileReading[]).find((f) => f.document === 'question-paper')!;
  };
  /** Only the row under test is due: earlier tests' rows are done or failed. */
  const workOn = async (indexer: DocumentTextIndexer) => indexer.work(5);

  beforeAll(async () => {
    bff = await startTestBff({ env: { DOCUMENT_TEXT_WORKER: 'false' } });
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin, { name: 'Physics', code: '9702', level: 'cambridge-a-levels' })).id;
    pool = (bff.db.driver as unknown as { master: Pool }).master;
    files = bff.app.get(FileStorage);
    textBomb = textBombPdf();
    hugeImage = await hugeImagePdf();
  });
  afterAll(async () => {
    for (const extractor of extractors) extractor.close();
    await bff?.close();
  });

  it('generates the hostile files small, as in the report', () => {
    expect(textBomb.length).toBeLessThan(400_000);
    expect(hugeImage.length).toBeLessThan(500_000);
  });

  it('keeps at most 2,000,000 characters of a text bomb, 20,000 a page, and tells the admins it is capped', async () => {
    const { paperId, rowId } = await uploadPaper(textBomb, 2001);
    const done = await workOn(indexerWith());
    expect(done).toMatchObject({ documents: 1, failed: 0 });

    const row = await readingOf(rowId);
    expect(row).toMatchObject({ status: 'done', attempts: 1, text_capped: 'characters', pages_in_file: 2000 });
    const [stored] = await bff.db.query<Array<{ pages: number; chars: number; longest: number; last: number }>>(
      `SELECT count(*)::int AS pages, sum(length(body))::int AS chars, max(length(body))::int AS longest,
              max(page)::int AS last
         FROM document_pages WHERE document_text_id = $1`,
      [rowId],
    );
    // Every page read is stored, numbered 1..n across the batches.
    expect(stored!.pages).toBe(row.page_count);
    expect(stored!.last).toBe(row.page_count);
    expect(stored!.pages).toBeLessThan(2000);
    expect(stored!.chars).toBeLessThanOrEqual(TEXT_BOUNDS.maxDocumentChars);
    expect(stored!.chars).toBeGreaterThan(TEXT_BOUNDS.maxDocumentChars * 0.95);
    expect(stored!.longest).toBeLessThanOrEqual(TEXT_BOUNDS.maxPageChars);

    const view = await adminView(paperId);
    expect(view.reading).toEqual({
      status: 'done',
      attempts: 1,
      pages_read: row.page_count,
      pages_in_file: 2000,
      capped: 'characters',
      note: `Text capped at 2,000,000 characters: ${row.page_count!.toLocaleString('en-US')} of 2,000 pages read`,
    });
  });

  it('reads a page with a 12000 x 12000 picture within 300 MB: the picture is left out of page 1 drawing', async () => {
    const { rowId } = await uploadPaper(hugeImage, 2002);
    // Without the picture bounds, drawing page 1 takes the process past 2 GB (killed here at 300 MB, failed).
    const done = await workOn(indexerWith({ memoryMb: 300 }));
    expect(done).toMatchObject({ documents: 1, failed: 0 });
    expect(await readingOf(rowId)).toMatchObject({ status: 'done', attempts: 1, page_count: 1, text_capped: null });
    const [page] = await bff.db.query<Array<{ body: string }>>(
      'SELECT body FROM document_pages WHERE document_text_id = $1',
      [rowId],
    );
    expect(page!.body).toBe('Huge picture page');
    const [preview] = await bff.db.query<Array<{ width: number }>>(
      'SELECT width FROM document_previews WHERE document_text_id = $1',
      [rowId],
    );
    expect(preview!.width).toBe(720);
  });

  it('kills a reader over its processor time, fails the file once with why, and never reads it again', async () => {
    const { paperId, rowId } = await uploadPaper(textBomb, 2003);
    const indexer = indexerWith({ timeoutMs: 1000 });
    expect(await workOn(indexer)).toMatchObject({ documents: 1, failed: 1 });
    const row = await readingOf(rowId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, page_count: null });
    // Processor time, or on a machine too busy to give it one second in five, the clock.
    expect(row.last_error).toMatch(
      /^Reading the file took (more than 1 s of processor time|longer than 5 s): the reader was stopped$/,
    );
    // Not due again, however often the queue is looked at.
    expect(await workOn(indexer)).toMatchObject({ documents: 0 });
    expect(await workOn(indexerWith())).toMatchObject({ documents: 0 });
    expect((await readingOf(rowId)).attempts).toBe(1);
    const view = await adminView(paperId);
    expect(view.reading).toMatchObject({ status: 'failed', attempts: 1, note: row.last_error });
  });

  it('kills a reader over its memory and fails the file once with why', async () => {
    const { rowId } = await uploadPaper(textBomb, 2004);
    expect(await workOn(indexerWith({ memoryMb: 64 }))).toMatchObject({ documents: 1, failed: 1 });
    const row = await readingOf(rowId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/^Reading the file needed more than 64 MB of memory/);
    expect(await workOn(indexerWith())).toMatchObject({ documents: 0 });
  });

  it('says a failed extraction is permanent, and reads the next file with a fresh process', async () => {
    // Processor time enough for a fresh process to read a small file (about 0.4 s), too little for the text bomb
    // (2-4 s, reading its capped text).
    const extractor = new PdfTextExtractor({ timeoutMs: 1200 });
    extractors.push(extractor);
    const path = `${bff.config.uploadDir}/bomb-for-extractor.pdf`;
    await writeFile(path, textBomb);
    const error = await extractor.extract(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).permanent).toBe(true);
    await writeFile(path, await pagedPdf(['Question 1 after a killed reader']));
    const read = await extractor.extract(path);
    expect(read.pages).toEqual(['Question 1 after a killed reader']);
    expect(read.capped).toBeNull();
  });

  it('fails a document whose reader died with its process twice, instead of taking it again forever', async () => {
    const { paperId, rowId } = await uploadPaper(await pagedPdf(['Lease page']), 2005);
    // As left by a BFF that died while reading it: working, lease run out.
    const leaseRanOut = (attempts: number) =>
      bff.db.query(
        `UPDATE document_texts SET status = 'working', attempts = $2, next_attempt_at = now() - interval '11 minutes'
          WHERE id = $1`,
        [rowId, attempts],
      );
    await leaseRanOut(1);
    expect(await workOn(indexerWith())).toMatchObject({ documents: 1, failed: 0 });
    expect(await readingOf(rowId)).toMatchObject({ status: 'done', attempts: 2 });

    await leaseRanOut(2);
    expect(await workOn(indexerWith())).toMatchObject({ documents: 0 });
    const row = await readingOf(rowId);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.last_error).toBe('Its worker stopped while working on it (2 attempt(s)); not tried again');
    expect((await adminView(paperId)).reading).toMatchObject({ status: 'failed', note: row.last_error });
  });
});
