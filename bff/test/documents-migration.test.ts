import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { backup, restore } from '../src/backup/backup';
import { MIGRATIONS } from '../src/database/migrations';
import { Documents1766900000000 } from '../src/database/migrations/1766900000000-documents';
import { emptyDatabase, migrated } from './support/migration-databases';
import { dbTarget } from './support/test-bff';

const DOCUMENTS_AT = MIGRATIONS.indexOf(Documents1766900000000);
/** The release before `documents`, and that release with `documents` added (later migrations are not under test). */
const PREVIOUS_RELEASE = MIGRATIONS.slice(0, DOCUMENTS_AT);
const WITH_DOCUMENTS = MIGRATIONS.slice(0, DOCUMENTS_AT + 1);

/** The rows a release before `documents` kept its files and counters in, as they read. */
const LEGACY_ROWS = {
  variants: `SELECT id, document_path, mark_scheme_path, examiner_report_path, document_downloads, mark_scheme_downloads,
                    examiner_report_downloads, document_views, mark_scheme_views, examiner_report_views,
                    document_last_downloaded_at, mark_scheme_last_downloaded_at, examiner_report_last_downloaded_at
               FROM variants ORDER BY id`,
  mark_schemes: `SELECT id, file_path, downloads, views, last_downloaded_at FROM mark_schemes ORDER BY id`,
  examiner_reports: `SELECT id, file_path, downloads, views, last_downloaded_at FROM examiner_reports ORDER BY id`,
};

async function legacyRows(db: DataSource): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(LEGACY_ROWS)) out[table] = await db.query(sql);
  return out;
}

/**
 * The migration to `documents` on a database made by the previous release, with data in it: every file reference
 * becomes one document, every download and view count and last-download time is kept, and down() gives back the
 * rows exactly as they were.
 */
describe(`documents migration (${dbTarget()})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let db: DataSource;
  let before: Record<string, unknown[]>;
  const ids: Record<string, number> = {};
  const scratch = mkdtempSync(join(tmpdir(), 'ppl-documents-backup-'));
  const uploadDir = join(scratch, 'uploads');
  const archive = join(scratch, 'before.tar.gz');
  const documentsNow = (on: DataSource) =>
    on.query(`SELECT kind, past_paper_id, variant_id, storage_key, original_name, size, sha256, pages, downloads, views,
                     last_downloaded_at FROM documents ORDER BY storage_key`);

  beforeAll(async () => {
    database = await emptyDatabase('documents_migration_a');
    db = await migrated(database.url, PREVIOUS_RELEASE);
    const one = async (sql: string, params: unknown[] = []) => (await db.query<[{ id: number }]>(sql, params))[0].id;
    const subject = await one(`INSERT INTO subjects (name, code) VALUES ('Physics', '0625') RETURNING id`);
    ids.paper = await one(
      `INSERT INTO past_papers (subject_id, year, session) VALUES ($1, 2023, 'May/June') RETURNING id`,
      [subject],
    );
    ids.full = await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path, mark_scheme_path, examiner_report_path,
         document_size, mark_scheme_size, examiner_report_size, document_name, document_sha256,
         document_downloads, mark_scheme_downloads, examiner_report_downloads, document_views, mark_scheme_views,
         examiner_report_views, document_last_downloaded_at)
       VALUES ($1, 'Paper 1', 'paper-1', 1, 'papers/00000000-0000-4000-8000-00000000000a.pdf', 'mark-schemes/00000000-0000-4000-8000-00000000000a.pdf', 'examiner-reports/00000000-0000-4000-8000-00000000000a.pdf', 100, 200, 300,
         'qp.pdf', repeat('a', 64), 11, 12, 13, 21, 22, 23, '2025-01-02T03:04:05Z') RETURNING id`,
      [ids.paper],
    );
    ids.bare = await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path, document_downloads)
       VALUES ($1, 'Paper 2', 'paper-2', 2, 'papers/00000000-0000-4000-8000-00000000000b.docx', 5) RETURNING id`,
      [ids.paper],
    );
    ids.linkedScheme = await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path, file_size, file_name,
         past_paper_id, downloads, views, last_downloaded_at)
       VALUES ('Physics', '0625', '1', 2023, 'May/June', 'mark-schemes/00000000-0000-4000-8000-00000000000c.pdf', 400, 'ms.pdf', $1, 31, 41,
         '2025-02-03T04:05:06Z') RETURNING id`,
      [ids.paper],
    );
    ids.ownScheme = await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path, downloads)
       VALUES ('Physics', '0625', '2', 2023, 'May/June', 'https://example.org/ms.pdf', 7) RETURNING id`,
    );
    ids.report = await one(
      `INSERT INTO examiner_reports (past_paper_id, paper_number, summary, file_path, downloads, views)
       VALUES ($1, '1', 'Summary', 'examiner-reports/00000000-0000-4000-8000-00000000000d.pdf', 51, 61) RETURNING id`,
      [ids.paper],
    );
    // Text extraction already counted the pages of one file.
    await db.query(
      `UPDATE document_texts SET page_count = 9 WHERE file_path = 'papers/00000000-0000-4000-8000-00000000000a.pdf'`,
    );
    before = await legacyRows(db);
    // The stored files the rows name, and a backup taken by the previous release.
    const stored: Array<{ path: string }> = await db.query(
      `SELECT document_path AS path FROM variants UNION SELECT mark_scheme_path FROM variants
       UNION SELECT examiner_report_path FROM variants UNION SELECT file_path FROM mark_schemes
       UNION SELECT file_path FROM examiner_reports`,
    );
    for (const { path } of stored) {
      if (!path || !path.includes('-0000-')) continue;
      mkdirSync(join(uploadDir, path, '..'), { recursive: true });
      writeFileSync(join(uploadDir, path), `file ${path}`);
    }
    await backup({ databaseUrl: database.url, uploadDir, out: archive });
    await db.destroy();
    db = await migrated(database.url, WITH_DOCUMENTS);
  });
  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('moves every file reference into documents with its counts', async () => {
    const rows: Array<Record<string, unknown>> = await db.query(
      `SELECT kind, past_paper_id, variant_id, storage_key, original_name, size, sha256, pages, downloads, views,
              last_downloaded_at FROM documents ORDER BY storage_key`,
    );
    const base = { past_paper_id: ids.paper, original_name: null, sha256: null, pages: null, last_downloaded_at: null };
    expect(rows).toEqual([
      {
        ...base,
        kind: 'examiner-report',
        variant_id: ids.full,
        storage_key: 'examiner-reports/00000000-0000-4000-8000-00000000000a.pdf',
        size: 300,
        downloads: 13,
        views: 23,
      },
      {
        ...base,
        kind: 'examiner-report',
        variant_id: null,
        storage_key: 'examiner-reports/00000000-0000-4000-8000-00000000000d.pdf',
        size: null,
        downloads: 51,
        views: 61,
      },
      {
        ...base,
        kind: 'mark-scheme',
        past_paper_id: null,
        variant_id: null,
        storage_key: 'https://example.org/ms.pdf',
        size: null,
        downloads: 7,
        views: 0,
      },
      {
        ...base,
        kind: 'mark-scheme',
        variant_id: ids.full,
        storage_key: 'mark-schemes/00000000-0000-4000-8000-00000000000a.pdf',
        size: 200,
        downloads: 12,
        views: 22,
      },
      {
        ...base,
        kind: 'mark-scheme',
        variant_id: null,
        storage_key: 'mark-schemes/00000000-0000-4000-8000-00000000000c.pdf',
        original_name: 'ms.pdf',
        size: 400,
        downloads: 31,
        views: 41,
        last_downloaded_at: new Date('2025-02-03T04:05:06Z'),
      },
      {
        ...base,
        kind: 'question-paper',
        variant_id: ids.full,
        storage_key: 'papers/00000000-0000-4000-8000-00000000000a.pdf',
        original_name: 'qp.pdf',
        size: 100,
        sha256: 'a'.repeat(64),
        pages: 9,
        downloads: 11,
        views: 21,
        last_downloaded_at: new Date('2025-01-02T03:04:05Z'),
      },
      {
        ...base,
        kind: 'question-paper',
        variant_id: ids.bare,
        storage_key: 'papers/00000000-0000-4000-8000-00000000000b.docx',
        size: 0,
        downloads: 5,
        views: 0,
      },
    ]);
    const links: Array<{ storage_key: string }> = await db.query(
      `SELECT d.storage_key FROM mark_schemes m JOIN documents d ON d.id = m.document_id WHERE m.id = ANY($1)
       UNION ALL SELECT d.storage_key FROM examiner_reports r JOIN documents d ON d.id = r.document_id WHERE r.id = $2`,
      [[ids.linkedScheme, ids.ownScheme], ids.report],
    );
    expect(links.map((l) => l.storage_key).sort()).toEqual([
      'examiner-reports/00000000-0000-4000-8000-00000000000d.pdf',
      'https://example.org/ms.pdf',
      'mark-schemes/00000000-0000-4000-8000-00000000000c.pdf',
    ]);
  });

  it('links every text row (text, page pictures, search) to its document, and new ones when they are made', async () => {
    const texts = `SELECT t.file_path, d.storage_key FROM document_texts t LEFT JOIN documents d ON d.id = t.document_id
                    ORDER BY t.file_path`;
    const linked: Array<{ file_path: string; storage_key: string | null }> = await db.query(texts);
    expect(linked).toHaveLength(6); // every stored file; the external link is not read
    for (const row of linked) expect(row.storage_key).toBe(row.file_path);
    const [{ id }] = await db.query(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path)
       VALUES ($1, 'Paper 3', 'paper-3', 3, 'papers/00000000-0000-4000-8000-000000000010.pdf') RETURNING id`,
      [ids.paper],
    );
    const [text] = await db.query(
      `SELECT d.variant_id FROM document_texts t JOIN documents d ON d.id = t.document_id
        WHERE t.file_path = 'papers/00000000-0000-4000-8000-000000000010.pdf'`,
    );
    expect(text).toEqual({ variant_id: id });
    await db.query(`DELETE FROM variants WHERE id = $1`, [id]);
  });

  it('a backup taken before the migration restores into the previous release and migrates to the same documents', async () => {
    const other = await emptyDatabase('documents_migration_restored');
    try {
      const old = await migrated(other.url, PREVIOUS_RELEASE);
      await old.destroy();
      await restore({ databaseUrl: other.url, uploadDir: join(scratch, 'restored-uploads'), archive });
      const restored = await migrated(other.url, WITH_DOCUMENTS);
      try {
        // Text extraction's page counts are derived data: a restore reads the files again.
        const expected = (await documentsNow(db)).map((d: Record<string, unknown>) => ({ ...d, pages: null }));
        expect(await documentsNow(restored)).toEqual(expected);
      } finally {
        await restored.destroy();
      }
    } finally {
      await other.drop();
    }
  });

  it('down() gives back every row and count as the previous release had them, and up() again is the same', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    expect(await db.query(`SELECT to_regclass('documents') AS t`)).toEqual([{ t: null }]);
    expect(await legacyRows(db)).toEqual(before);
    await db.runMigrations({ transaction: 'each' });
    expect(await db.query(`SELECT sum(downloads)::int AS d, sum(views)::int AS v FROM documents`)).toEqual([
      { d: 11 + 12 + 13 + 5 + 31 + 7 + 51, v: 21 + 22 + 23 + 41 + 61 },
    ]);
  });

  it('keeps documents in step with the files the legacy rows still record, counts kept on a replaced file', async () => {
    const slot = (kind: string) =>
      db.query(`SELECT storage_key, downloads FROM documents WHERE variant_id = $1 AND kind = $2`, [ids.full, kind]);
    await db.query(
      `UPDATE variants SET mark_scheme_path = 'mark-schemes/00000000-0000-4000-8000-00000000000f.pdf' WHERE id = $1`,
      [ids.full],
    );
    expect(await slot('mark-scheme')).toEqual([
      { storage_key: 'mark-schemes/00000000-0000-4000-8000-00000000000f.pdf', downloads: 12 },
    ]);
    await db.query(`UPDATE variants SET examiner_report_path = NULL WHERE id = $1`, [ids.full]);
    expect(await slot('examiner-report')).toEqual([]);
    const [{ id, document_id }] = await db.query(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path)
       VALUES ('Physics', '0625', '3', 2023, 'May/June', 'mark-schemes/00000000-0000-4000-8000-00000000000e.pdf') RETURNING id, document_id`,
    );
    expect(await db.query(`SELECT kind, storage_key FROM documents WHERE id = $1`, [document_id])).toEqual([
      { kind: 'mark-scheme', storage_key: 'mark-schemes/00000000-0000-4000-8000-00000000000e.pdf' },
    ]);
    await db.query(`DELETE FROM mark_schemes WHERE id = $1`, [id]);
    expect(await db.query(`SELECT id FROM documents WHERE id = $1`, [document_id])).toEqual([]);
    await db.query(`DELETE FROM past_papers WHERE id = $1`, [ids.paper]);
    // A mark scheme outlives its paper (it names its sitting); everything else of the paper is gone.
    expect(await db.query(`SELECT kind, past_paper_id, storage_key FROM documents ORDER BY storage_key`)).toEqual([
      { kind: 'mark-scheme', past_paper_id: null, storage_key: 'https://example.org/ms.pdf' },
      {
        kind: 'mark-scheme',
        past_paper_id: null,
        storage_key: 'mark-schemes/00000000-0000-4000-8000-00000000000c.pdf',
      },
    ]);
  });
});
