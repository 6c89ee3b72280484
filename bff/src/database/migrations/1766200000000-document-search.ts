import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search inside the documents.
 *
 * - `document_texts`: one row per stored document file (a variant's question paper, mark scheme or examiner report;
 *   a stand-alone mark scheme or examiner report). It is also the extraction job (the outbox shape of `mail_outbox`:
 *   status, attempts, next_attempt_at, last_error): workers take due rows with FOR UPDATE SKIP LOCKED.
 * - `document_pages`: the text of each page, with its tsvector (GIN) for full-text search.
 * - `search_words`: every word met in the documents, with a trigram index, for "did you mean" suggestions.
 *
 * Rows of `document_texts` follow the documents by triggers on the tables that hold their paths, so every writer
 * (the admin forms, the bulk importer, a restore, plain SQL) enqueues extraction in its own transaction without
 * knowing about search: a new path enqueues, a changed path drops the old pages and enqueues again, a removed path
 * or a deleted row deletes the document and its pages (cascade).
 */
export class DocumentSearch1766200000000 implements MigrationInterface {
  name = 'DocumentSearch1766200000000';

  async up(q: QueryRunner): Promise<void> {
    // Trusted since PostgreSQL 13 (a database owner may create it); PGlite loads it in embedded-postgres.worker.cjs.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(
      `CREATE TABLE document_texts (
        id SERIAL PRIMARY KEY,
        source varchar(20) NOT NULL,
        source_id integer NOT NULL,
        document_type varchar(20) NOT NULL,
        file_path varchar(1000) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error varchar(500),
        generation integer NOT NULL DEFAULT 1,
        page_count integer,
        extracted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT document_texts_source_key UNIQUE (source, source_id, document_type)
      )`,
    );
    await q.query(`CREATE INDEX document_texts_due_idx ON document_texts (status, next_attempt_at)`);
    await q.query(
      `CREATE TABLE document_pages (
        document_text_id integer NOT NULL,
        page integer NOT NULL,
        body text NOT NULL,
        tsv tsvector NOT NULL,
        CONSTRAINT document_pages_pkey PRIMARY KEY (document_text_id, page),
        CONSTRAINT document_pages_document_text_id_fkey FOREIGN KEY (document_text_id)
          REFERENCES document_texts (id) ON DELETE CASCADE
      )`,
    );
    await q.query(`CREATE INDEX document_pages_tsv_idx ON document_pages USING gin (tsv)`);
    await q.query(`CREATE TABLE search_words (word varchar(40) PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`);
    // Trigram lookups of subject names (typos such as "phsyics") stay quick with many subjects.
    await q.query(`CREATE INDEX subjects_name_trgm_idx ON subjects USING gin (lower(name) gin_trgm_ops)`);

    await q.query(
      `CREATE FUNCTION document_text_follow(p_source text, p_source_id integer, p_type text, p_path text)
       RETURNS void LANGUAGE plpgsql AS $$
       DECLARE
         current_id integer;
         current_path text;
       BEGIN
         SELECT id, file_path INTO current_id, current_path FROM document_texts
          WHERE source = p_source AND source_id = p_source_id AND document_type = p_type FOR UPDATE;
         -- No file, or a link to a file kept elsewhere (a mark scheme's external URL): nothing to read.
         IF p_path IS NULL OR p_path = '' OR p_path ~* '^[a-z][a-z0-9+.-]*:' THEN
           IF current_id IS NOT NULL THEN
             DELETE FROM document_texts WHERE id = current_id;
           END IF;
           RETURN;
         END IF;
         IF current_id IS NULL THEN
           INSERT INTO document_texts (source, source_id, document_type, file_path)
           VALUES (p_source, p_source_id, p_type, p_path)
           ON CONFLICT (source, source_id, document_type) DO NOTHING;
         ELSIF current_path <> p_path THEN
           DELETE FROM document_pages WHERE document_text_id = current_id;
           UPDATE document_texts
              SET file_path = p_path, status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL,
                  page_count = NULL, extracted_at = NULL, generation = generation + 1, updated_at = now()
            WHERE id = current_id;
         END IF;
       END $$`,
    );
    await q.query(
      `CREATE FUNCTION document_texts_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN
           DELETE FROM document_texts WHERE source = 'variant' AND source_id = OLD.id;
           RETURN NULL;
         END IF;
         PERFORM document_text_follow('variant', NEW.id, 'question-paper', NEW.document_path);
         PERFORM document_text_follow('variant', NEW.id, 'mark-scheme', NEW.mark_scheme_path);
         PERFORM document_text_follow('variant', NEW.id, 'examiner-report', NEW.examiner_report_path);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE FUNCTION document_texts_of_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN
           DELETE FROM document_texts WHERE source = TG_ARGV[0] AND source_id = OLD.id;
           RETURN NULL;
         END IF;
         PERFORM document_text_follow(TG_ARGV[0], NEW.id, TG_ARGV[1], NEW.file_path);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER variants_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF document_path, mark_scheme_path, examiner_report_path ON variants
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_variant()`,
    );
    await q.query(
      `CREATE TRIGGER mark_schemes_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path ON mark_schemes
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('mark_scheme', 'mark-scheme')`,
    );
    await q.query(
      `CREATE TRIGGER examiner_reports_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path ON examiner_reports
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('examiner_report', 'examiner-report')`,
    );
    // The documents stored before this migration are read too.
    await q.query(`SELECT document_text_follow('variant', id, 'question-paper', document_path) FROM variants`);
    await q.query(`SELECT document_text_follow('variant', id, 'mark-scheme', mark_scheme_path) FROM variants`);
    await q.query(`SELECT document_text_follow('variant', id, 'examiner-report', examiner_report_path) FROM variants`);
    await q.query(`SELECT document_text_follow('mark_scheme', id, 'mark-scheme', file_path) FROM mark_schemes`);
    await q.query(
      `SELECT document_text_follow('examiner_report', id, 'examiner-report', file_path) FROM examiner_reports`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER examiner_reports_document_texts ON examiner_reports`);
    await q.query(`DROP TRIGGER mark_schemes_document_texts ON mark_schemes`);
    await q.query(`DROP TRIGGER variants_document_texts ON variants`);
    await q.query(`DROP FUNCTION document_texts_of_file_row()`);
    await q.query(`DROP FUNCTION document_texts_of_variant()`);
    await q.query(`DROP FUNCTION document_text_follow(text, integer, text, text)`);
    await q.query(`DROP INDEX subjects_name_trgm_idx`);
    await q.query(`DROP TABLE search_words`);
    await q.query(`DROP TABLE document_pages`);
    await q.query(`DROP TABLE document_texts`);
  }
}
