import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every stored file keeps its SHA-256 and original name (sizes were already kept), so an upload identical
 * to a stored file is recognised; and the staged bulk imports (an import and its uploaded files, kept until they are
 * committed or abandoned for a day).
 *
 * Existing rows get their SHA-256 after start-up, read from the files themselves by StoredFileHashes (in the
 * background, a batch at a time, by one BFF instance per row); a migration does not know UPLOAD_DIR. Original names
 * of question papers uploaded before this stay null (they were never kept), as mark schemes' did in 1765300000000.
 */
export class BulkImport1766300000000 implements MigrationInterface {
  name = 'BulkImport1766300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const slot of ['document', 'mark_scheme', 'examiner_report']) {
      await q.query(`ALTER TABLE variants ADD COLUMN ${slot}_sha256 varchar(64)`);
      await q.query(`ALTER TABLE variants ADD COLUMN ${slot}_name varchar(255)`);
      await q.query(
        `CREATE INDEX variants_${slot}_sha256_idx ON variants (${slot}_sha256) WHERE ${slot}_sha256 IS NOT NULL`,
      );
    }
    for (const table of ['mark_schemes', 'examiner_reports']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN file_sha256 varchar(64)`);
      await q.query(`CREATE INDEX ${table}_file_sha256_idx ON ${table} (file_sha256) WHERE file_sha256 IS NOT NULL`);
    }
    await q.query(
      `CREATE TABLE imports (
        id SERIAL PRIMARY KEY,
        created_by integer,
        status varchar(20) NOT NULL DEFAULT 'open',
        subject_choices jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        committed_at timestamptz
      )`,
    );
    await q.query(`CREATE INDEX imports_activity_idx ON imports (updated_at)`);
    await q.query(
      `CREATE TABLE import_files (
        id SERIAL PRIMARY KEY,
        import_id integer NOT NULL,
        file_name varchar(255) NOT NULL,
        size integer NOT NULL,
        sha256 varchar(64) NOT NULL,
        kind varchar(10),
        staged_path varchar(200),
        corrections jsonb NOT NULL DEFAULT '{}',
        outcome varchar(20),
        outcome_message varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT import_files_import_sha256_key UNIQUE (import_id, sha256),
        CONSTRAINT import_files_import_id_fkey FOREIGN KEY (import_id) REFERENCES imports(id) ON DELETE CASCADE
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE import_files`);
    await q.query(`DROP TABLE imports`);
    for (const table of ['mark_schemes', 'examiner_reports']) {
      await q.query(`DROP INDEX IF EXISTS ${table}_file_sha256_idx`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN file_sha256`);
    }
    for (const slot of ['document', 'mark_scheme', 'examiner_report']) {
      await q.query(`DROP INDEX IF EXISTS variants_${slot}_sha256_idx`);
      await q.query(`ALTER TABLE variants DROP COLUMN ${slot}_name`);
      await q.query(`ALTER TABLE variants DROP COLUMN ${slot}_sha256`);
    }
  }
}
