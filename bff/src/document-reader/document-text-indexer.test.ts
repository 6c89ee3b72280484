import type { Pool } from 'pg';
import {
  DocumentTextIndexer,
  PAGE_BATCH_CHARS,
  PAGE_BATCH_PAGES,
  STORE_PAGES_SQL,
  pageBatches,
} from './document-text-indexer';
import type { ExtractedDocument, PdfTextExtractor } from './pdf-text-extractor';

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A pool that records every statement: the claim answers one due document (generation 3), the page inserts store
 * every row until `supersededAfter` batches (then the document holds another file: nothing is stored).
 */
function recordingPool(supersededAfter = Number.POSITIVE_INFINITY) {
  const statements: Statement[] = [];
  let claimed = false;
  let batches = 0;
  const pool = {
    async query(text: string, values: unknown[] = []) {
      statements.push({ text, values });
      if (text.includes('RETURNING id, attempts')) {
        if (claimed) return { rows: [], rowCount: 0 };
        claimed = true;
        return { rows: [{ id: 7, attempts: 1, file_path: 'papers/bomb.pdf', generation: 3 }], rowCount: 1 };
      }
      if (text === STORE_PAGES_SQL) {
        batches++;
        const rows = batches > supersededAfter ? 0 : (values[1] as string[]).length;
        return { rows: [], rowCount: rows };
      }
      if (text.includes("status = 'done'")) return { rows: [], rowCount: 1 };
      return { rows: [], rowCount: 0 };
    },
  };
  return { pool: pool as unknown as Pool, statements };
}

const extractorOf = (document: ExtractedDocument) =>
  ({ extract: async () => document, longestReadMs: 300_000 }) as unknown as PdfTextExtractor;
const files = {
  keyOf: (path: string) => path,
  withLocalFile: <T>(path: string, use: (p: string) => Promise<T>) => use(path),
};

/** 210 pages of 9,524 characters: what the reader keeps of the 2,000-page text bomb (2,000,040 characters). */
const bombPages = Array.from({ length: 210 }, (_, i) => `${String(i).padStart(4, '0')} ${'x'.repeat(9519)}`);

describe('storing a document in bounded batches', () => {
  it('cuts pages into batches of at most PAGE_BATCH_CHARS characters and PAGE_BATCH_PAGES pages, in order', () => {
    const batches = [...pageBatches(bombPages)];
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil((210 * 9524) / PAGE_BATCH_CHARS));
    for (const [, batch] of batches) {
      expect(batch.join('').length).toBeLessThanOrEqual(PAGE_BATCH_CHARS);
      expect(batch.length).toBeLessThanOrEqual(PAGE_BATCH_PAGES);
    }
    expect(batches.flatMap(([, batch]) => batch)).toEqual(bombPages);
    expect(batches.map(([first]) => first)).toEqual(
      batches.map((_, i) => batches.slice(0, i).reduce((n, [, b]) => n + b.length, 0)),
    );
    // A page longer than a batch still goes, on its own; many short pages go PAGE_BATCH_PAGES at a time.
    expect([...pageBatches(['y'.repeat(PAGE_BATCH_CHARS + 1), 'z'])].map(([, b]) => b.length)).toEqual([1, 1]);
    expect([...pageBatches(Array.from({ length: 120 }, () => 'q'))].map(([, b]) => b.length)).toEqual([50, 50, 20]);
  });

  it('stores a capped document as many statements without a transaction, and marks it done and capped last', async () => {
    const { pool, statements } = recordingPool();
    const indexer = new DocumentTextIndexer(
      pool,
      extractorOf({ pages: bombPages, preview: null, pagesInFile: 2000, capped: 'characters' }),
      { files, retryBaseMs: 10, batchPauseMs: 0 },
    );
    expect(await indexer.work()).toEqual({ documents: 1, pages: 210, failed: 0 });

    expect(statements.some((s) => /^\s*(BEGIN|COMMIT)/i.test(s.text))).toBe(false);
    const inserts = statements.filter((s) => s.text === STORE_PAGES_SQL);
    expect(inserts.length).toBe([...pageBatches(bombPages)].length);
    expect(inserts.length).toBeGreaterThanOrEqual(20);
    for (const insert of inserts) {
      expect((insert.values[1] as string[]).join('').length).toBeLessThanOrEqual(PAGE_BATCH_CHARS);
      expect(insert.values[3]).toBe(3); // each batch checks the generation read
    }
    const done = statements.findIndex((s) => s.text.includes("status = 'done'"));
    const lastInsert = statements.lastIndexOf(inserts[inserts.length - 1]!);
    expect(done).toBeGreaterThan(lastInsert);
    expect(statements[done]!.values).toEqual([7, 210, 2000, 'characters', 3]);
  });

  it('stops storing once the document holds another file', async () => {
    const { pool, statements } = recordingPool(2);
    const indexer = new DocumentTextIndexer(
      pool,
      extractorOf({ pages: bombPages, preview: null, pagesInFile: 2000, capped: 'characters' }),
      { files, retryBaseMs: 10, batchPauseMs: 0 },
    );
    expect(await indexer.work()).toEqual({ documents: 1, pages: 0, failed: 0 });
    expect(statements.filter((s) => s.text === STORE_PAGES_SQL)).toHaveLength(3);
    expect(statements.some((s) => s.text.includes("status = 'done'"))).toBe(false);
  });
});
