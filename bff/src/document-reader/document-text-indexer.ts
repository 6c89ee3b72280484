import { extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { JobQueue, type ClaimedJob } from '../job-queue/job-queue';
import type { LaidOutText } from '../question-detection';
import { ExtractionError, type ExtractedDocument, type PdfTextExtractor } from './pdf-text-extractor';

/** A document is tried this many times (a missing file, a crashed extractor) before it is marked failed. */
export const MAX_EXTRACTION_ATTEMPTS = 5;
/**
 * A document whose reader died with its process (the lease ran out) after this many attempts is marked failed, not
 * read again: the file may be what killed it.
 */
export const MAX_LEASED_ATTEMPTS = 2;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/**
 * A document taken by a process that died is taken again after this long (and never while a live reader may still
 * be on it: at least a minute past the reader's longest read).
 */
const LEASE_MS = 10 * 60_000;

/**
 * A document's pages are stored a batch at a time, each batch one statement of at most this many characters (and
 * pages), with a pause between them: the embedded database is one session, and a statement that indexes millions
 * of characters at once holds every other request for tens of seconds. 2,000,000 characters: 20 statements.
 */
export const PAGE_BATCH_CHARS = 100_000;
export const PAGE_BATCH_PAGES = 50;
const PAGE_BATCH_PAUSE_MS = 10;

/** What a claimed row says about its document: the file to read (its storage key) and which reading this is. */
const DUE_DOCUMENT_COLUMNS =
  '(SELECT d.storage_key FROM documents d WHERE d.id = document_texts.document_id) AS file_path, generation';

interface DueDocument extends ClaimedJob {
  /** The document's storage key. */
  file_path: string;
  generation: number;
}

/** Where the indexer reads stored files (FileStorage: the disk, or a temporary copy of an object). */
export interface StoredDocuments {
  /** The key of a path inside the store, or null when it would leave it. */
  keyOf(path: string): string | null;
  withLocalFile<T>(path: string, use: (absolutePath: string) => Promise<T>): Promise<T>;
}

export interface IndexerOptions {
  files: StoredDocuments;
  /** The first retry's wait (doubling, at most 6 hours). */
  retryBaseMs: number;
  /** The pause between two batches of a document's pages (ms; default 10). */
  batchPauseMs?: number;
  /** Called after a document's pages changed (the search answers cached in memory are stale). */
  onIndexed?: () => void;
  /**
   * Called after a document's text was stored, with its positioned text (null when the reader sent none), for
   * question detection. Its failure does not fail the reading (the text stays stored).
   */
  onRead?: (read: { documentTextId: number; generation: number; layout: LaidOutText | null }) => Promise<void>;
}

export interface WorkDone {
  documents: number;
  pages: number;
  failed: number;
}

/**
 * The SQL that stores a batch of one document's pages ($3: the number of pages before it) and its words (plain, so
 * the benchmark runs exactly this). Nothing is stored once the document holds another file ($4: the generation read).
 */
export const STORE_PAGES_SQL = `
  INSERT INTO document_pages (document_text_id, page, body, tsv)
  SELECT $1, $3::int + t.n, t.body, to_tsvector('english', t.body) FROM unnest($2::text[]) WITH ORDINALITY AS t(body, n)
   WHERE EXISTS (SELECT 1 FROM document_texts WHERE id = $1 AND generation = $4)`;
export const STORE_WORDS_SQL = `
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM unnest($1::text[]) AS b(body), regexp_split_to_table(lower(b.body), '[^[:alpha:]]+') AS w
   WHERE length(w) BETWEEN 4 AND 40 ORDER BY w
  ON CONFLICT DO NOTHING`;

/**
 * Reads the text of due documents (the rows of `document_texts` the triggers enqueue) and stores it page by page.
 * Any number of these run at once, in BFF processes and in `npm run reindex`: each document is taken by exactly
 * one (FOR UPDATE SKIP LOCKED). A result is kept only if the document still has the file that was read (the
 * `generation` did not move meanwhile). A file pdfjs cannot parse is marked failed at once; a missing file or a
 * crashed extractor is tried again with backoff, up to MAX_EXTRACTION_ATTEMPTS; a file that makes the reader
 * exceed its time or memory is failed at once, and one whose reader died with its process is failed after
 * MAX_LEASED_ATTEMPTS. Word files are marked skipped.
 */
export class DocumentTextIndexer {
  private readonly queue: JobQueue;

  constructor(
    private readonly pool: Pool,
    private readonly extractor: PdfTextExtractor,
    private readonly options: IndexerOptions,
  ) {
    this.queue = new JobQueue({
      table: 'document_texts',
      workingStatus: 'working',
      doneStatus: 'done',
      maxAttempts: MAX_EXTRACTION_ATTEMPTS,
      retryBaseMs: options.retryBaseMs,
      maxBackoffMs: MAX_BACKOFF_MS,
      leaseMs: Math.max(LEASE_MS, extractor.longestReadMs + 60_000),
      maxLeasedAttempts: MAX_LEASED_ATTEMPTS,
      // A file an admin has just added is read before a backlog (a seeded library, a bulk import, a reindex):
      // its search hits and questions are what someone is waiting for.
      order: 'newest-first',
    });
  }

  /** Works through due documents, one at a time, until none is due or `max` were taken. */
  async work(max = Number.POSITIVE_INFINITY): Promise<WorkDone> {
    const done: WorkDone = { documents: 0, pages: 0, failed: 0 };
    while (done.documents < max) {
      const [job] = await this.queue.claim<DueDocument>(this.pool, 1, DUE_DOCUMENT_COLUMNS);
      if (!job) break;
      done.documents++;
      const outcome = await this.index(job);
      if (outcome === 'failed') done.failed++;
      else if (typeof outcome === 'number') done.pages += outcome;
    }
    return done;
  }

  /** The number of pages stored, or 'failed'/'retry'. */
  private async index(job: DueDocument): Promise<number | 'failed' | 'retry' | 'superseded'> {
    const path = this.options.files.keyOf(job.file_path);
    if (!path) return this.queue.fail(this.pool, job, 'Not a stored file', true);
    if (extname(path).toLowerCase() !== '.pdf') {
      await this.pool.query(
        `UPDATE document_texts SET status = 'skipped', last_error = $2, updated_at = now() WHERE id = $1 AND generation = $3`,
        [job.id, 'Only PDF files are searchable', job.generation],
      );
      return 0;
    }
    let read: ExtractedDocument;
    try {
      // The child process reads a path: the file itself, or a temporary copy of an object (removed afterwards).
      read = await this.options.files.withLocalFile(path, (local) => this.extractor.extract(local));
    } catch (error) {
      const permanent = error instanceof ExtractionError && error.permanent;
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await this.queue.fail(this.pool, job, message, permanent);
      if (outcome === 'failed') this.options.onIndexed?.();
      return outcome;
    }
    const stored = await this.store(job, read);
    if (stored) this.options.onIndexed?.();
    if (stored && this.options.onRead) {
      await this.options
        .onRead({ documentTextId: job.id, generation: job.generation, layout: read.layout ?? null })
        .catch(() => undefined);
    }
    return stored ? read.pages.length : 'superseded';
  }

  /**
   * Replaces the document's pages and page 1's picture, if it still holds the file that was read, in bounded
   * statements without a transaction (one held open would hold the embedded database's one session): the old pages
   * go, the new ones come in batches (each checks the generation), and the row is marked done last. Meanwhile a
   * search finds the pages stored so far.
   */
  private async store(job: DueDocument, { pages, preview, pagesInFile, capped }: ExtractedDocument): Promise<boolean> {
    const db = this.pool;
    await db.query(
      `DELETE FROM document_pages WHERE document_text_id = $1
         AND EXISTS (SELECT 1 FROM document_texts WHERE id = $1 AND generation = $2)`,
      [job.id, job.generation],
    );
    for (const [first, batch] of pageBatches(pages)) {
      await sleep(this.options.batchPauseMs ?? PAGE_BATCH_PAUSE_MS);
      const stored = await db.query(STORE_PAGES_SQL, [job.id, batch, first, job.generation]);
      if ((stored.rowCount ?? 0) === 0 && batch.length > 0) return false; // another file came meanwhile
      await db.query(STORE_WORDS_SQL, [batch]);
    }
    await db.query(
      `DELETE FROM document_previews WHERE document_text_id = $1
         AND EXISTS (SELECT 1 FROM document_texts WHERE id = $1 AND generation = $2)`,
      [job.id, job.generation],
    );
    if (preview) {
      await db.query(
        `INSERT INTO document_previews (document_text_id, generation, page, width, height, image)
         SELECT $1, $2, 1, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM document_texts WHERE id = $1 AND generation = $2)`,
        [job.id, job.generation, preview.width, preview.height, preview.image],
      );
    }
    return this.queue.complete(
      db,
      job.id,
      'page_count = $2, pages_in_file = $3, text_capped = $4, extracted_at = now(), updated_at = now()',
      [pages.length, pagesInFile, capped, job.generation],
      'generation = $5',
    );
  }
}

/** The pages in batches of at most PAGE_BATCH_CHARS characters and PAGE_BATCH_PAGES pages, each with the number of pages before it. */
export function* pageBatches(pages: readonly string[]): Generator<[number, string[]]> {
  let first = 0;
  while (first < pages.length) {
    let end = first;
    let chars = 0;
    while (
      end < pages.length &&
      end - first < PAGE_BATCH_PAGES &&
      (end === first || chars + pages[end]!.length <= PAGE_BATCH_CHARS)
    )
      chars += pages[end++]!.length;
    yield [first, pages.slice(first, end)];
    first = end;
  }
}
