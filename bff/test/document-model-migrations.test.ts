import type { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/database/migrations';
import { TextsFollowDocuments1767200000000 } from '../src/database/migrations/1767200000000-texts-follow-documents';
import { DocumentsOwnFiles1767300000000 } from '../src/database/migrations/1767300000000-documents-own-files';
import { emptyDatabase, migrated } from './support/migration-databases';
import { dbTarget } from './support/test-bff';

const AT = MIGRATIONS.indexOf(TextsFollowDocuments1767200000000);
const PREVIOUS_RELEASE = MIGRATIONS.slice(0, AT);
const WITH_TEXTS_ON_DOCUMENTS = MIGRATIONS.slice(0, AT + 1);

const key = (n: string) => `00000000-0000-4000-8000-0000000000${n}.pdf`;

/** Each text row by its document's file: its reading and its placement (the catalogue search filters on). */
const TEXTS_SQL = `
  SELECT d.storage_key, t.document_type, t.status, t.page_count, t.generation, t.paper_id, t.subject_id, t.year,
         t.session, t.version, t.variant_name, t.paper_number,
         (SELECT count(*)::int FROM document_pages p WHERE p.document_text_id = t.id) AS pages
    FROM document_texts t JOIN documents d ON d.id = t.document_id
   ORDER BY d.storage_key`;

/**
 * Text rows key on the document: the migration on a database made by the previous release keeps every row with its
 * reading, pages and placement; afterwards the documents make, reset and remove their rows, and the records that
 * place a document move its row; down() gives back the rows' old identity (source, source_id, file_path).
 */
describe(`texts follow documents migration (${dbTarget()})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let db: DataSource;
  let before: unknown[];
  let identitiesBefore: unknown[];
  const ids: Record<string, number> = {};
  const one = async (sql: string, params: unknown[] = []) => (await db.query<[{ id: number }]>(sql, params))[0].id;
  const identities = () =>
    db.query(`SELECT source, source_id, document_type, file_path, status FROM document_texts ORDER BY file_path`);

  beforeAll(async () => {
    database = await emptyDatabase('texts_follow_documents');
    db = await migrated(database.url, PREVIOUS_RELEASE);
    ids.subject = await one(`INSERT INTO subjects (name, code) VALUES ('Physics', '0625') RETURNING id`);
    ids.paper = await one(
      `INSERT INTO past_papers (subject_id, year, session) VALUES ($1, 2023, 'May/June') RETURNING id`,
      [ids.subject],
    );
    ids.variant = await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path, mark_scheme_path, examiner_report_path)
       VALUES ($1, 'Paper 12', 'paper-12', 12, 'papers/${key('a1')}', 'mark-schemes/${key('a2')}',
               'examiner-reports/${key('a3')}') RETURNING id`,
      [ids.paper],
    );
    // A mark scheme stored on its own, placed on the paper by its code, year and session; one kept elsewhere.
    ids.ownScheme = await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path)
       VALUES ('Physics', '0625', '2', 2023, 'May/June', 'mark-schemes/${key('b1')}') RETURNING id`,
    );
    await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path)
       VALUES ('Physics', '0625', '3', 2023, 'May/June', 'https://example.org/ms.pdf') RETURNING id`,
    );
    ids.report = await one(
      `INSERT INTO examiner_reports (past_paper_id, paper_number, summary, file_path)
       VALUES ($1, '1', 'Summary', 'examiner-reports/${key('c1')}') RETURNING id`,
      [ids.paper],
    );
    // The question paper was read: its pages are searchable.
    const read = await one(`SELECT id FROM document_texts WHERE file_path = $1`, [`papers/${key('a1')}`]);
    await db.query(`UPDATE document_texts SET status = 'done', page_count = 2, generation = 4 WHERE id = $1`, [read]);
    await db.query(
      `INSERT INTO document_pages (document_text_id, page, body, tsv)
       SELECT $1, g, 'density of water', to_tsvector('english', 'density of water') FROM generate_series(1, 2) g`,
      [read],
    );
    identitiesBefore = await identities();
    before = await db.query(TEXTS_SQL);
    await db.destroy();
    db = await migrated(database.url, WITH_TEXTS_ON_DOCUMENTS);
  });
  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await database?.drop();
  });

  it('keeps every text row with its reading, pages and placement, keyed by its document', async () => {
    expect(before).toHaveLength(5); // every stored file; the external link is not read
    expect(await db.query(TEXTS_SQL)).toEqual(before);
    expect(
      await db.query(
        `SELECT count(*)::int AS n FROM document_texts t JOIN documents d ON d.id = t.document_id
          WHERE t.variant_id IS NOT DISTINCT FROM d.variant_id`,
      ),
    ).toEqual([{ n: 5 }]);
    const columns: Array<{ column_name: string; is_nullable: string }> = await db.query(
      `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'document_texts'`,
    );
    const names = columns.map((c) => c.column_name);
    expect(names.filter((n) => ['source', 'source_id', 'file_path'].includes(n))).toEqual([]);
    expect(columns.find((c) => c.column_name === 'document_id')?.is_nullable).toBe('NO');
    // The functions that mapped a row's own identity onto its document are gone.
    expect(
      await db.query(
        `SELECT proname FROM pg_proc WHERE proname IN ('document_of_text', 'document_texts_link',
           'documents_claim_text', 'document_text_follow')`,
      ),
    ).toEqual([]);
  });

  it('a document makes, resets and removes its row; the records that place it move it', async () => {
    const text = async (storageKey: string) =>
      (await db.query(TEXTS_SQL)).find((row: { storage_key: string }) => row.storage_key === storageKey);
    // A new variant's files are queued and placed.
    ids.newVariant = await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path)
       VALUES ($1, 'Paper 22', 'paper-22', 22, 'papers/${key('d1')}') RETURNING id`,
      [ids.paper],
    );
    expect(await text(`papers/${key('d1')}`)).toMatchObject({
      status: 'pending',
      generation: 1,
      paper_id: ids.paper,
      version: 22,
      variant_name: 'Paper 22',
    });
    // A new file drops the old pages and is read again; a renamed variant moves its rows.
    await db.query(`UPDATE variants SET document_path = $2, name = 'Paper 13', version = 13 WHERE id = $1`, [
      ids.variant,
      `papers/${key('a9')}`,
    ]);
    expect(await text(`papers/${key('a9')}`)).toMatchObject({
      status: 'pending',
      page_count: null,
      generation: 5,
      pages: 0,
      version: 13,
      variant_name: 'Paper 13',
    });
    expect(await text(`mark-schemes/${key('a2')}`)).toMatchObject({ version: 13, variant_name: 'Paper 13' });
    // A slot emptied, a file replaced by a link: nothing to read.
    await db.query(`UPDATE variants SET examiner_report_path = NULL WHERE id = $1`, [ids.variant]);
    expect(await text(`examiner-reports/${key('a3')}`)).toBeUndefined();
    await db.query(`UPDATE examiner_reports SET file_path = 'https://example.org/er.pdf' WHERE id = $1`, [ids.report]);
    expect(await text(`examiner-reports/${key('c1')}`)).toBeUndefined();
    // A stand-alone mark scheme follows its subject's code; a new one is placed once its row exists.
    expect(await text(`mark-schemes/${key('b1')}`)).toMatchObject({ paper_id: ids.paper, paper_number: '2' });
    await db.query(`UPDATE subjects SET code = '0972' WHERE id = $1`, [ids.subject]);
    expect(await text(`mark-schemes/${key('b1')}`)).toMatchObject({ paper_id: null, subject_id: null });
    await db.query(`UPDATE subjects SET code = '0625' WHERE id = $1`, [ids.subject]);
    await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path)
       VALUES ('Physics', '0625', '4', 2023, 'May/June', 'mark-schemes/${key('b2')}') RETURNING id`,
    );
    expect(await text(`mark-schemes/${key('b2')}`)).toMatchObject({
      status: 'pending',
      paper_id: ids.paper,
      year: 2023,
      session: 'May/June',
      paper_number: '4',
    });
    // A paper moved to another sitting takes its documents along; its stand-alone mark schemes no longer match.
    await db.query(`UPDATE past_papers SET year = 2024 WHERE id = $1`, [ids.paper]);
    expect(await text(`papers/${key('d1')}`)).toMatchObject({ year: 2024 });
    expect(await text(`mark-schemes/${key('b2')}`)).toMatchObject({ paper_id: null });
    await db.query(`UPDATE past_papers SET year = 2023 WHERE id = $1`, [ids.paper]);
    expect(await text(`mark-schemes/${key('b2')}`)).toMatchObject({ paper_id: ids.paper });
    // Deleted records take their rows along.
    await db.query(`DELETE FROM variants WHERE id = $1`, [ids.newVariant]);
    expect(await text(`papers/${key('d1')}`)).toBeUndefined();
  });

  it('down() gives back the rows by source, source id and file path, and up() again keys them on documents', async () => {
    await db.query(`DELETE FROM mark_schemes WHERE file_path = $1`, [`mark-schemes/${key('b2')}`]);
    await db.query(`UPDATE examiner_reports SET file_path = $2 WHERE id = $1`, [
      ids.report,
      `examiner-reports/${key('c1')}`,
    ]);
    await db.query(`UPDATE variants SET examiner_report_path = $2 WHERE id = $1`, [
      ids.variant,
      `examiner-reports/${key('a3')}`,
    ]);
    await db.query(`UPDATE variants SET document_path = $2 WHERE id = $1`, [ids.variant, `papers/${key('a1')}`]);
    const now = await db.query<Array<{ generation: number }>>(TEXTS_SQL);
    await db.undoLastMigration({ transaction: 'each' });
    const expected = (identitiesBefore as Array<{ status: string }>).map((row) => ({
      ...row,
      status: 'pending', // every file changed and changed back: read again
    }));
    expect(await identities()).toEqual(expected);
    // The previous release's triggers are back: a new path resets its row.
    await db.query(`UPDATE variants SET document_path = $2 WHERE id = $1`, [ids.variant, `papers/${key('a8')}`]);
    expect(
      await db.query(`SELECT source, source_id FROM document_texts WHERE file_path = $1`, [`papers/${key('a8')}`]),
    ).toEqual([{ source: 'variant', source_id: ids.variant }]);
    await db.query(`UPDATE variants SET document_path = $2 WHERE id = $1`, [ids.variant, `papers/${key('a1')}`]);
    await db.runMigrations({ transaction: 'each' });
    const again = await db.query<Array<{ generation: number }>>(TEXTS_SQL);
    // The files changed and changed back: each reading moved on; everything else is as it was.
    expect(again.map((row) => ({ ...row, generation: 0 }))).toEqual(now.map((row) => ({ ...row, generation: 0 })));
  });
});

const OWN_FILES_AT = MIGRATIONS.indexOf(DocumentsOwnFiles1767300000000);

/** The file columns a release before `documents` owned its files kept, as they read. */
const FILE_COLUMNS = {
  variants: `SELECT id, document_path, document_name, document_size, document_sha256, mark_scheme_path, mark_scheme_name,
                    mark_scheme_size, mark_scheme_sha256, examiner_report_path, examiner_report_name,
                    examiner_report_size, examiner_report_sha256
               FROM variants ORDER BY id`,
  mark_schemes: `SELECT id, file_path, file_name, file_size, file_sha256 FROM mark_schemes ORDER BY id`,
  examiner_reports: `SELECT id, file_path, file_name, file_size, file_sha256 FROM examiner_reports ORDER BY id`,
};
const DOCUMENTS_SQL = `SELECT id, kind, past_paper_id, variant_id, storage_key, original_name, size, sha256, downloads
                         FROM documents ORDER BY id`;

/**
 * `documents` owns the files: the migration drops the file columns of variants, mark schemes and examiner reports and
 * the functions that kept documents in step with them, keeping every document as it was; down() fills the columns
 * back from the documents.
 */
describe(`documents own files migration (${dbTarget()})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let db: DataSource;
  let columnsBefore: Record<string, unknown[]>;
  let documentsBefore: unknown[];
  const one = async (sql: string, params: unknown[] = []) => (await db.query<[{ id: number }]>(sql, params))[0].id;
  const fileColumns = async () => {
    const out: Record<string, unknown[]> = {};
    for (const [table, sql] of Object.entries(FILE_COLUMNS)) out[table] = await db.query(sql);
    return out;
  };

  beforeAll(async () => {
    database = await emptyDatabase('documents_own_files');
    db = await migrated(database.url, MIGRATIONS.slice(0, OWN_FILES_AT));
    const subject = await one(`INSERT INTO subjects (name, code) VALUES ('Physics', '0625') RETURNING id`);
    const paper = await one(
      `INSERT INTO past_papers (subject_id, year, session) VALUES ($1, 2023, 'May/June') RETURNING id`,
      [subject],
    );
    await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path, document_name, document_size,
         document_sha256, mark_scheme_path, mark_scheme_size, examiner_report_path)
       VALUES ($1, 'Paper 12', 'paper-12', 12, 'papers/${key('e1')}', 'qp.pdf', 100, repeat('a', 64),
               'mark-schemes/${key('e2')}', 200, 'examiner-reports/${key('e3')}') RETURNING id`,
      [paper],
    );
    await one(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path)
       VALUES ($1, 'Paper 22', 'paper-22', 22, 'papers/${key('e4')}') RETURNING id`,
      [paper],
    );
    await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path, file_name, file_size,
         file_sha256, past_paper_id)
       VALUES ('Physics', '0625', '1', 2023, 'May/June', 'mark-schemes/${key('f1')}', 'ms.pdf', 300, repeat('b', 64),
               $1) RETURNING id`,
      [paper],
    );
    await one(
      `INSERT INTO mark_schemes (subject, code, paper_number, year, session, file_path)
       VALUES ('Physics', '0625', '2', 2023, 'May/June', 'https://example.org/ms.pdf') RETURNING id`,
    );
    await one(
      `INSERT INTO examiner_reports (past_paper_id, paper_number, summary, file_path, file_size)
       VALUES ($1, '1', 'Summary', 'examiner-reports/${key('f2')}', 400) RETURNING id`,
      [paper],
    );
    await db.query(`UPDATE documents SET downloads = id * 10`);
    columnsBefore = await fileColumns();
    documentsBefore = await db.query(DOCUMENTS_SQL);
    await db.destroy();
    db = await migrated(database.url, MIGRATIONS.slice(0, OWN_FILES_AT + 1));
  });
  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await database?.drop();
  });

  it('keeps every document as it was; the file columns and the functions that followed them are gone', async () => {
    expect(documentsBefore).toHaveLength(7);
    expect(await db.query(DOCUMENTS_SQL)).toEqual(documentsBefore);
    const left: Array<{ table_name: string; column_name: string }> = await db.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_name IN ('variants', 'mark_schemes', 'examiner_reports')
          AND (column_name LIKE '%path' OR column_name LIKE '%sha256' OR column_name LIKE '%\\_size'
               OR column_name LIKE '%\\_name')`,
    );
    expect(left).toEqual([]);
    expect(
      await db.query(
        `SELECT proname FROM pg_proc
          WHERE proname IN ('documents_follow_slot', 'documents_of_variant', 'documents_of_file_row')`,
      ),
    ).toEqual([]);
  });

  it('a mark scheme or examiner report deleted takes its document along; a variant is only its own fields', async () => {
    const [report] = await db.query<Array<{ id: number; document_id: number }>>(
      `SELECT id, document_id FROM examiner_reports`,
    );
    await db.query(`DELETE FROM examiner_reports WHERE id = $1`, [report!.id]);
    expect(await db.query(`SELECT id FROM documents WHERE id = $1`, [report!.document_id])).toEqual([]);
    // Renaming a variant leaves its documents alone (nothing follows the row any more).
    await db.query(`UPDATE variants SET name = 'Paper 13', version = 13 WHERE name = 'Paper 12'`);
    expect(await db.query(`SELECT count(*)::int AS n FROM documents WHERE variant_id IS NOT NULL`)).toEqual([{ n: 4 }]);
  });

  it('down() fills the file columns back from the documents, and up() again keeps the documents', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const columns = await fileColumns();
    expect(columns.variants).toEqual(columnsBefore.variants);
    expect(columns.mark_schemes).toEqual(columnsBefore.mark_schemes);
    expect(columns.examiner_reports).toEqual([]); // deleted above
    // The documents follow the columns again.
    await db.query(`UPDATE variants SET mark_scheme_path = NULL WHERE version = 13`);
    expect(
      await db.query(`SELECT count(*)::int AS n FROM documents d JOIN variants v ON v.id = d.variant_id
                       WHERE v.version = 13 AND d.kind = 'mark-scheme'`),
    ).toEqual([{ n: 0 }]);
    const documents = await db.query(DOCUMENTS_SQL);
    await db.runMigrations({ transaction: 'each' });
    expect(await db.query(DOCUMENTS_SQL)).toEqual(documents);
  });
});
