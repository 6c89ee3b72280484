import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The slots a variant holds, as document kinds, with the prefix of their columns on `variants`. */
const SLOTS = [
  { kind: 'question-paper', column: 'document' },
  { kind: 'mark-scheme', column: 'mark_scheme' },
  { kind: 'examiner-report', column: 'examiner_report' },
] as const;

/** The stand-alone file rows, each the details of one document. */
const FILE_ROWS = [
  { table: 'mark_schemes', kind: 'mark-scheme' },
  { table: 'examiner_reports', kind: 'examiner-report' },
] as const;

/**
 * One `documents` table: every stored file (a variant's three slots, a mark scheme or examiner report added on its
 * own) becomes one row with its storage key, original name, size, SHA-256, pages and its download and view counters.
 * The counters move here (the legacy tables lose theirs), so every way of reaching a file counts in one place.
 *
 * The legacy file columns (paths, names, sizes, hashes on `variants`, `mark_schemes`, `examiner_reports`) are still
 * written by the features that own them and read by text extraction and search; until they go, the functions below
 * keep each document in step with them, in the writer's own transaction: a variant's slot upserts or removes its
 * document (counters kept when a file is replaced), a mark scheme or examiner report row points at its document
 * (`document_id`) and takes it along when deleted. A restore (`ppl.restoring` set for its transaction) brings the
 * documents back from the archive as they were, so they follow nothing then.
 */
export class Documents1766900000000 implements MigrationInterface {
  name = 'Documents1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE documents (
        id SERIAL PRIMARY KEY,
        kind varchar(20) NOT NULL,
        past_paper_id integer,
        variant_id integer,
        storage_key varchar(1000) NOT NULL,
        original_name varchar(255),
        size integer,
        sha256 varchar(64),
        pages integer,
        downloads integer NOT NULL DEFAULT 0,
        views integer NOT NULL DEFAULT 0,
        last_downloaded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT documents_kind_check
          CHECK (kind IN ('question-paper', 'mark-scheme', 'examiner-report', 'insert', 'grade-thresholds', 'other')),
        CONSTRAINT documents_past_paper_id_fkey FOREIGN KEY (past_paper_id)
          REFERENCES past_papers (id) ON DELETE SET NULL,
        CONSTRAINT documents_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES variants (id) ON DELETE CASCADE
      )`,
    );
    await q.query(
      `CREATE UNIQUE INDEX documents_variant_kind_key ON documents (variant_id, kind) WHERE variant_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX documents_past_paper_idx ON documents (past_paper_id)`);
    await q.query(`CREATE INDEX documents_storage_key_idx ON documents (storage_key)`);
    await q.query(`CREATE INDEX documents_downloaded_idx ON documents (downloads) WHERE downloads > 0`);

    // Every file a variant holds, with its counts.
    for (const { kind, column: c } of SLOTS) {
      await q.query(
        `INSERT INTO documents (kind, past_paper_id, variant_id, storage_key, original_name, size, sha256, downloads,
                                views, last_downloaded_at, created_at, updated_at)
         SELECT '${kind}', past_paper_id, id, ${c}_path, ${c}_name, ${c}_size, ${c}_sha256, ${c}_downloads, ${c}_views,
                ${c}_last_downloaded_at, created_at, updated_at
           FROM variants WHERE ${c}_path IS NOT NULL ORDER BY id`,
      );
    }
    // Every mark scheme and examiner report row, linked to its document.
    for (const { table, kind } of FILE_ROWS) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN document_id integer`);
      await q.query(`UPDATE ${table} SET document_id = nextval('documents_id_seq')`);
      await q.query(
        `INSERT INTO documents (id, kind, past_paper_id, storage_key, original_name, size, sha256, downloads, views,
                                last_downloaded_at, created_at, updated_at)
         SELECT document_id, '${kind}', past_paper_id, file_path, file_name, file_size, file_sha256, downloads, views,
                last_downloaded_at, created_at, updated_at
           FROM ${table}`,
      );
      await q.query(`ALTER TABLE ${table} ALTER COLUMN document_id SET NOT NULL`);
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_document_id_fkey FOREIGN KEY (document_id)
           REFERENCES documents (id) ON DELETE CASCADE`,
      );
      await q.query(`CREATE UNIQUE INDEX ${table}_document_idx ON ${table} (document_id)`);
    }
    // Pages already counted by text extraction.
    await q.query(
      `UPDATE documents d SET pages = t.page_count
         FROM document_texts t WHERE t.file_path = d.storage_key AND t.page_count IS NOT NULL`,
    );

    // The counters now live on the documents only.
    await q.query(`DROP INDEX variants_downloaded_idx`);
    await q.query(
      `ALTER TABLE variants ${SLOTS.map(
        ({ column: c }) => `DROP COLUMN ${c}_downloads, DROP COLUMN ${c}_views, DROP COLUMN ${c}_last_downloaded_at`,
      ).join(', ')}`,
    );
    for (const { table } of FILE_ROWS) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN downloads, DROP COLUMN views, DROP COLUMN last_downloaded_at`);
    }

    await this.createFollowers(q);
    await this.linkTexts(q);
  }

  /**
   * Text, page pictures and search rows (`document_texts` and what hangs off it) say which document they were read
   * from: `document_id`, set when the row is made (text extraction still finds its rows by source, source_id and
   * document_type: the identity it follows). A variant's text row can be made before its document (its trigger
   * fires first), so a new variant document claims its text row too.
   */
  private async linkTexts(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE document_texts ADD COLUMN document_id integer,
         ADD CONSTRAINT document_texts_document_id_fkey FOREIGN KEY (document_id)
           REFERENCES documents (id) ON DELETE CASCADE`,
    );
    await q.query(`CREATE UNIQUE INDEX document_texts_document_idx ON document_texts (document_id)`);
    await q.query(
      `CREATE FUNCTION document_of_text(p_source text, p_source_id integer, p_type text) RETURNS integer
       LANGUAGE sql STABLE AS $$
         SELECT CASE p_source
           WHEN 'variant' THEN (SELECT id FROM documents WHERE variant_id = p_source_id AND kind = p_type)
           WHEN 'mark_scheme' THEN (SELECT document_id FROM mark_schemes WHERE id = p_source_id)
           ELSE (SELECT document_id FROM examiner_reports WHERE id = p_source_id) END
       $$`,
    );
    await q.query(`UPDATE document_texts SET document_id = document_of_text(source, source_id, document_type)`);
    await q.query(
      `CREATE FUNCTION document_texts_link() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.document_id := COALESCE(NEW.document_id, document_of_text(NEW.source, NEW.source_id, NEW.document_type));
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER document_texts_document BEFORE INSERT ON document_texts
       FOR EACH ROW EXECUTE FUNCTION document_texts_link()`,
    );
    await q.query(
      `CREATE FUNCTION documents_claim_text() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE document_texts SET document_id = NEW.id
          WHERE source = 'variant' AND source_id = NEW.variant_id AND document_type = NEW.kind
            AND document_id IS DISTINCT FROM NEW.id;
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER documents_text AFTER INSERT ON documents
       FOR EACH ROW WHEN (NEW.variant_id IS NOT NULL) EXECUTE FUNCTION documents_claim_text()`,
    );
  }

  /** Keeps documents in step with the legacy file columns while those are still written. */
  private async createFollowers(q: QueryRunner): Promise<void> {
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
    // TG_ARGV[0]: the document kind of the row.
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

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER documents_text ON documents`);
    await q.query(`DROP FUNCTION documents_claim_text()`);
    await q.query(`DROP TRIGGER document_texts_document ON document_texts`);
    await q.query(`DROP FUNCTION document_texts_link()`);
    await q.query(`DROP FUNCTION document_of_text(text, integer, text)`);
    await q.query(`ALTER TABLE document_texts DROP COLUMN document_id`);
    for (const { table } of FILE_ROWS) {
      await q.query(`DROP TRIGGER ${table}_documents_removed ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_documents ON ${table}`);
    }
    await q.query(`DROP FUNCTION documents_of_file_row()`);
    await q.query(`DROP TRIGGER variants_documents ON variants`);
    await q.query(`DROP FUNCTION documents_of_variant()`);
    await q.query(`DROP FUNCTION documents_follow_slot(integer, integer, text, text, text, integer, text)`);

    // The counters go back to the rows they came from.
    await q.query(
      `ALTER TABLE variants ${SLOTS.map(
        ({ column: c }) =>
          `ADD COLUMN ${c}_downloads integer NOT NULL DEFAULT 0, ADD COLUMN ${c}_views integer NOT NULL DEFAULT 0, ` +
          `ADD COLUMN ${c}_last_downloaded_at timestamptz`,
      ).join(', ')}`,
    );
    for (const { kind, column: c } of SLOTS) {
      await q.query(
        `UPDATE variants v SET ${c}_downloads = d.downloads, ${c}_views = d.views,
                ${c}_last_downloaded_at = d.last_downloaded_at
           FROM documents d WHERE d.variant_id = v.id AND d.kind = '${kind}'`,
      );
    }
    await q.query(
      `CREATE INDEX variants_downloaded_idx ON variants (id) WHERE document_downloads > 0 OR mark_scheme_downloads > 0 OR examiner_report_downloads > 0`,
    );
    for (const { table } of FILE_ROWS) {
      await q.query(
        `ALTER TABLE ${table} ADD COLUMN downloads integer NOT NULL DEFAULT 0,
           ADD COLUMN views integer NOT NULL DEFAULT 0, ADD COLUMN last_downloaded_at timestamptz`,
      );
      await q.query(
        `UPDATE ${table} t SET downloads = d.downloads, views = d.views, last_downloaded_at = d.last_downloaded_at
           FROM documents d WHERE d.id = t.document_id`,
      );
      await q.query(`ALTER TABLE ${table} DROP COLUMN document_id`);
    }
    await q.query(`DROP TABLE documents`);
  }
}
