import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The slots a variant held as columns, as document kinds, with the prefix of their columns on `variants`. */
const SLOTS = [
  { kind: 'question-paper', column: 'document' },
  { kind: 'mark-scheme', column: 'mark_scheme' },
  { kind: 'examiner-report', column: 'examiner_report' },
] as const;

/** The stand-alone rows that held their file's columns, each with its document's kind. */
const FILE_ROWS = [
  { table: 'mark_schemes', kind: 'mark-scheme' },
  { table: 'examiner_reports', kind: 'examiner-report' },
] as const;

/**
 * `documents` is the only record of the library's files: the file columns of `variants` (path, size, SHA-256 and
 * original name of each of its three slots), `mark_schemes` and `examiner_reports` go, with the database functions
 * that kept each document in step with them. The features write documents themselves (documents/document-files.ts).
 * A mark scheme or examiner report added on its own still takes its document along when it is deleted (however it
 * goes: by its section, or with its paper).
 */
export class DocumentsOwnFiles1767300000000 implements MigrationInterface {
  name = 'DocumentsOwnFiles1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER variants_documents ON variants`);
    await q.query(`DROP FUNCTION documents_of_variant()`);
    await q.query(`DROP FUNCTION documents_follow_slot(integer, integer, text, text, text, integer, text)`);
    for (const { table } of FILE_ROWS) {
      await q.query(`DROP TRIGGER ${table}_documents ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_documents_removed ON ${table}`);
    }
    await q.query(`DROP FUNCTION documents_of_file_row()`);

    await q.query(
      `CREATE FUNCTION documents_of_removed_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM documents WHERE id = OLD.document_id;
         RETURN NULL;
       END $$`,
    );
    for (const { table } of FILE_ROWS) {
      await q.query(
        `CREATE TRIGGER ${table}_document_removed AFTER DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION documents_of_removed_row()`,
      );
      await q.query(
        `ALTER TABLE ${table} DROP COLUMN file_path, DROP COLUMN file_size, DROP COLUMN file_name,
           DROP COLUMN file_sha256`,
      );
    }
    await q.query(
      `ALTER TABLE variants ${SLOTS.map(
        ({ column: c }) =>
          `DROP COLUMN ${c}_path, DROP COLUMN ${c}_size, DROP COLUMN ${c}_sha256, DROP COLUMN ${c}_name`,
      ).join(', ')}`,
    );
    // An identical upload is recognised by its hash.
    await q.query(`CREATE INDEX documents_sha256_idx ON documents (sha256) WHERE sha256 IS NOT NULL`);
  }

  /** The file columns come back, filled from the documents, and followed by the documents again. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents_sha256_idx`);
    for (const { table } of FILE_ROWS) await q.query(`DROP TRIGGER ${table}_document_removed ON ${table}`);
    await q.query(`DROP FUNCTION documents_of_removed_row()`);

    await q.query(
      `ALTER TABLE variants ${SLOTS.map(
        ({ column: c }) =>
          `ADD COLUMN ${c}_path varchar(500), ` +
          (c === 'document' ? `ADD COLUMN ${c}_size int NOT NULL DEFAULT 0, ` : `ADD COLUMN ${c}_size int, `) +
          `ADD COLUMN ${c}_sha256 varchar(64), ADD COLUMN ${c}_name varchar(255)`,
      ).join(', ')}`,
    );
    for (const { kind, column: c } of SLOTS) {
      await q.query(
        `UPDATE variants v SET ${c}_path = d.storage_key, ${c}_size = ${c === 'document' ? 'COALESCE(d.size, 0)' : 'd.size'},
                ${c}_sha256 = d.sha256, ${c}_name = d.original_name
           FROM documents d WHERE d.variant_id = v.id AND d.kind = '${kind}'`,
      );
    }
    await q.query(`UPDATE variants SET document_path = '' WHERE document_path IS NULL`);
    await q.query(`ALTER TABLE variants ALTER COLUMN document_path SET NOT NULL`);
    await q.query(`CREATE INDEX variants_document_path_idx ON variants (document_path)`);
    for (const { column: c } of SLOTS) {
      if (c !== 'document') {
        await q.query(`CREATE INDEX variants_${c}_path_idx ON variants (${c}_path) WHERE ${c}_path IS NOT NULL`);
      }
      await q.query(`CREATE INDEX variants_${c}_sha256_idx ON variants (${c}_sha256) WHERE ${c}_sha256 IS NOT NULL`);
    }
    for (const { table } of FILE_ROWS) {
      await q.query(
        `ALTER TABLE ${table} ADD COLUMN file_path varchar(1000), ADD COLUMN file_size int,
           ADD COLUMN file_name varchar(255), ADD COLUMN file_sha256 varchar(64)`,
      );
      await q.query(
        `UPDATE ${table} t SET file_path = d.storage_key, file_size = d.size, file_name = d.original_name,
                file_sha256 = d.sha256
           FROM documents d WHERE d.id = t.document_id`,
      );
      await q.query(`ALTER TABLE ${table} ALTER COLUMN file_path SET NOT NULL`);
      await q.query(`CREATE INDEX ${table}_file_path_idx ON ${table} (file_path)`);
      await q.query(`CREATE INDEX ${table}_file_sha256_idx ON ${table} (file_sha256) WHERE file_sha256 IS NOT NULL`);
    }

    // The functions of migration 1766900000000 that kept each document in step with the file columns.
    await q.query(
      `CREATE FUNCTION documents_follow_slot(p_variant integer, p_paper integer, p_kind text, p_key text,
                                             p_name text, p_size integer, p_sha256 text) RETURNS void
       LANGUAGE plpgsql AS $$
       BEGIN
         IF p_key IS NULL THEN
           DELETE FROM documents WHERE variant_id = p_variant AND kind = p_kind;
           RETURN;
         END IF;
         INSERT INTO documents (kind, past_paper_id, variant_id, storage_key, original_name, size, sha256)
         VALUES (p_kind, p_paper, p_variant, p_key, p_name, p_size, p_sha256)
         ON CONFLICT (variant_id, kind) WHERE variant_id IS NOT NULL DO UPDATE
           SET past_paper_id = EXCLUDED.past_paper_id, storage_key = EXCLUDED.storage_key,
               original_name = EXCLUDED.original_name, size = EXCLUDED.size, sha256 = EXCLUDED.sha256,
               pages = CASE WHEN documents.storage_key = EXCLUDED.storage_key THEN documents.pages END,
               updated_at = now()
         WHERE (documents.past_paper_id, documents.storage_key, documents.original_name, documents.size,
                documents.sha256)
               IS DISTINCT FROM (EXCLUDED.past_paper_id, EXCLUDED.storage_key, EXCLUDED.original_name,
                                 EXCLUDED.size, EXCLUDED.sha256);
       END $$`,
    );
    await q.query(
      `CREATE FUNCTION documents_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF current_setting('ppl.restoring', true) = 'on' THEN
           RETURN NULL;
         END IF;
         ${SLOTS.map(
           ({ kind, column: c }) =>
             `PERFORM documents_follow_slot(NEW.id, NEW.past_paper_id, '${kind}', NEW.${c}_path, NEW.${c}_name,
                                            NEW.${c}_size, NEW.${c}_sha256);`,
         ).join('\n         ')}
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER variants_documents
       AFTER INSERT OR UPDATE OF past_paper_id, ${SLOTS.map(
         ({ column: c }) => `${c}_path, ${c}_name, ${c}_size, ${c}_sha256`,
       ).join(', ')} ON variants
       FOR EACH ROW EXECUTE FUNCTION documents_of_variant()`,
    );
    await q.query(
      `CREATE FUNCTION documents_of_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF current_setting('ppl.restoring', true) = 'on' THEN
           RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
         END IF;
         IF TG_OP = 'DELETE' THEN
           DELETE FROM documents WHERE id = OLD.document_id;
           RETURN OLD;
         END IF;
         IF NEW.document_id IS NULL THEN
           INSERT INTO documents (kind, past_paper_id, storage_key, original_name, size, sha256)
           VALUES (TG_ARGV[0], NEW.past_paper_id, NEW.file_path, NEW.file_name, NEW.file_size, NEW.file_sha256)
           RETURNING id INTO NEW.document_id;
         ELSE
           UPDATE documents
              SET past_paper_id = NEW.past_paper_id, storage_key = NEW.file_path, original_name = NEW.file_name,
                  size = NEW.file_size, sha256 = NEW.file_sha256,
                  pages = CASE WHEN storage_key = NEW.file_path THEN pages END, updated_at = now()
            WHERE id = NEW.document_id
              AND (past_paper_id, storage_key, original_name, size, sha256)
                  IS DISTINCT FROM (NEW.past_paper_id, NEW.file_path, NEW.file_name, NEW.file_size, NEW.file_sha256);
         END IF;
         RETURN NEW;
       END $$`,
    );
    for (const { table, kind } of FILE_ROWS) {
      await q.query(
        `CREATE TRIGGER ${table}_documents
         BEFORE INSERT OR UPDATE OF document_id, past_paper_id, file_path, file_name, file_size, file_sha256
         ON ${table} FOR EACH ROW EXECUTE FUNCTION documents_of_file_row('${kind}')`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_documents_removed AFTER DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION documents_of_file_row('${kind}')`,
      );
    }
  }
}
