// @ts-check
// The large data set: 50 subjects over the ten levels, 10,000 past papers, 30,000 variants, generated
// PDF files (a pool of small ones shared by the variants, and one 5 MB file for the download benchmark).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import pg from 'pg';

export const LEVELS = [
  'cambridge-o-levels',
  'cambridge-a-levels',
  'cambridge-igcse',
  'edexcel-o-levels',
  'edexcel-a-levels',
  'edexcel-igcse',
  'cbc-primary',
  'cbc-secondary',
  'other',
  'vocational',
];
export const SUBJECTS = 50;
export const PAPERS = 10_000;
export const VARIANTS_PER_PAPER = 3;
const FILE_POOL = 100;
/** Stored names look like the BFF's own (a UUID per file): it serves nothing else. */
const fileName = (/** @type {number} */ n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.pdf`;
export const LARGE_FILE = `papers/${fileName(999_999)}`;

/** @param {number} targetBytes @param {string} title @returns {Promise<Buffer>} */
function pdf(targetBytes, title) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: title } });
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    doc.on('data', (c) => {
      chunks.push(c);
      size += c.length;
    });
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(title);
    const line = 'Benchmark content: question, working and answer lines to give the file a realistic size. ';
    let page = 0;
    // Uncompressed text pages until the target size is reached (checked as the document streams).
    const estimate = () => size + page * 3500;
    while (estimate() < targetBytes) {
      doc.addPage();
      page++;
      doc.fontSize(9).text(line.repeat(40));
    }
    doc.end();
  });
}

const sha256 = (/** @type {Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the shared pool of small PDFs and the 5 MB one under UPLOAD_DIR, and answers their SHA-256 (a library stored
 * through the product has every file's hash; without them the BFF's back-fill would hash the pool during the load).
 * @param {string} uploadDir
 */
export async function writeFiles(uploadDir) {
  mkdirSync(join(uploadDir, 'papers'), { recursive: true });
  mkdirSync(join(uploadDir, 'mark-schemes'), { recursive: true });
  /** @type {string[]} */
  const poolHashes = [];
  for (let i = 0; i < FILE_POOL; i++) {
    const bytes = await pdf(20_000, `Bench paper ${i}`);
    writeFileSync(join(uploadDir, 'papers', fileName(i)), bytes);
    writeFileSync(join(uploadDir, 'mark-schemes', fileName(i)), bytes);
    poolHashes.push(sha256(bytes));
  }
  const large = await pdf(5 * 1024 * 1024, 'Bench large paper');
  writeFileSync(join(uploadDir, LARGE_FILE), large);
  return { smallSize: 20_000, largeSize: large.length, hashes: { pool: poolHashes, large: sha256(large) } };
}

/**
 * Inserts the rows with set-based SQL (seconds, not minutes). Expects the BFF's migrations to have run on an
 * otherwise empty database. Returns the id of the paper whose first variant holds the 5 MB file.
 * @param {string} databaseUrl @param {number} largeSize
 * @param {{ pool: string[]; large: string }} hashes the files' SHA-256, as writeFiles answers them
 */
export async function insertRows(databaseUrl, largeSize, hashes) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO subjects (name, code, level, description)
       SELECT 'Bench Subject ' || i, 'BENCH' || lpad(i::text, 3, '0'), ($1::text[])[(i % 10) + 1],
              'Benchmark subject number ' || i
       FROM generate_series(1, $2::int) AS i`,
      [LEVELS, SUBJECTS],
    );
    await client.query(
      `INSERT INTO past_papers (subject_id, year, session, created_at, updated_at)
       SELECT s.id, 2000 + (n % 26), (ARRAY['Feb/March', 'May/June', 'Oct/Nov'])[((n / 26) % 3) + 1],
              now() - make_interval(mins => n), now() - make_interval(mins => n)
       FROM generate_series(0, $1::int - 1) AS n
       JOIN subjects s ON s.code = 'BENCH' || lpad(((n % $2::int) + 1)::text, 3, '0')`,
      [PAPERS, SUBJECTS],
    );
    await client.query(
      `INSERT INTO variants (past_paper_id, name, slug, version)
       SELECT p.id, 'Paper ' || v, 'paper-' || v, v FROM past_papers p CROSS JOIN generate_series(1, $1::int) AS v`,
      [VARIANTS_PER_PAPER],
    );
    // Every variant's question paper, and a mark scheme for two in three.
    await client.query(
      `INSERT INTO documents (kind, past_paper_id, variant_id, storage_key, size, sha256)
       SELECT 'question-paper', v.past_paper_id, v.id,
              'papers/00000000-0000-4000-8000-' || lpad(((v.past_paper_id * 3 + v.version) % $1::int)::text, 12, '0') || '.pdf',
              20000, ($2::text[])[((v.past_paper_id * 3 + v.version) % $1::int) + 1]
         FROM variants v
       UNION ALL
       SELECT 'mark-scheme', v.past_paper_id, v.id,
              'mark-schemes/00000000-0000-4000-8000-' || lpad(((v.past_paper_id + v.version) % $1::int)::text, 12, '0') || '.pdf',
              20000, ($2::text[])[((v.past_paper_id + v.version) % $1::int) + 1]
         FROM variants v WHERE (v.past_paper_id + v.version) % 3 <> 0`,
      [FILE_POOL, hashes.pool],
    );
    const { rows } = await client.query(
      `UPDATE documents SET storage_key = $1, size = $2, sha256 = $3
        WHERE variant_id = (SELECT min(id) FROM variants) AND kind = 'question-paper'
       RETURNING variant_id AS id, past_paper_id`,
      [LARGE_FILE, largeSize, hashes.large],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return {
      largeVariantId: /** @type {number} */ (rows[0].id),
      largePaperId: /** @type {number} */ (rows[0].past_paper_id),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
