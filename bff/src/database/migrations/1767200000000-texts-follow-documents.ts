import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The kinds of document whose text is read and searched. */
const READ_KINDS = `('question-paper', 'mark-scheme', 'examiner-report')`;
/** A link to a file kept elsewhere (a mark scheme's external URL): nothing to read. */
const LINK_PATTERN = `'^[a-z][a-z0-9+.-]*:'`;

/**
 * Text, page pictures and search rows key on the document: `document_texts` is one row per readable document
 * (`document_id`, required and unique), made, reset and removed by the `documents` table itself. Before, each row
 * followed a file path on `variants`, `mark_schemes` or `examiner_reports` by its own identity (source, source_id,
 * document_type, file_path), and three more triggers mapped that identity onto the document; all of that goes.
 *
 * - A document of a read kind stored here (not a link) has a row; a new storage key drops the old pages and reads
 *   the file again (`generation` moves on, so a worker's result for the old file is thrown away); a document that
 *   goes takes its row along (foreign key, cascade).
 * - The row's placement (paper, subject, year, session, version, variant name, paper number: the catalogue search
 *   filters on) still follows the records that decide it: a variant's name, version or paper, a stand-alone mark
 *   scheme's paper or code, year, session and paper number, an examiner report's paper and paper number, a paper's
 *   subject, year or session, a subject's code. `variant_id` says whose slot a document is (a document never moves
 *   between variants).
 */
export class TextsFollowDocuments1767200000000 implements MigrationInterface {
  name = 'TextsFollowDocuments1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await dropTriggers(q);
    await q.query(`DROP FUNCTION documents_claim_text()`);
    await q.query(`DROP FUNCTION document_texts_link()`);
    await q.query(`DROP FUNCTION document_of_text(text, integer, text)`);
    await q.query(`DROP FUNCTION document_text_follow(text, integer, text, text)`);
    await q.query(`DROP FUNCTION document_texts_place(text, integer[])`);

    await q.query(`DELETE FROM document_texts WHERE document_id IS NULL`);
    await q.query(`ALTER TABLE document_texts ADD COLUMN variant_id integer`);
    await q.query(`UPDATE document_texts t SET variant_id = d.variant_id FROM documents d WHERE d.id = t.document_id`);
    await q.query(
      `ALTER TABLE document_texts DROP CONSTRAINT document_texts_source_key, DROP COLUMN source,
         DROP COLUMN source_id, DROP COLUMN file_path, ALTER COLUMN document_id SET NOT NULL`,
    );

    await q.query(
      `CREATE FUNCTION document_texts_place(p_documents integer[]) RETURNS void LANGUAGE plpgsql AS $$
       BEGIN
         IF p_documents IS NULL OR cardinality(p_documents) = 0 THEN
           RETURN;
         END IF;
         UPDATE document_texts t
            SET paper_id = pl.paper_id, subject_id = pl.subject_id, year = pl.year, session = pl.session,
                version = pl.version, variant_name = pl.variant_name, paper_number = pl.paper_number
           FROM (
             SELECT d.id AS document_id, p.id AS paper_id, p.subject_id, p.year, p.session, v.version,
                    v.name AS variant_name, NULL::varchar AS paper_number
               FROM documents d JOIN variants v ON v.id = d.variant_id JOIN past_papers p ON p.id = v.past_paper_id
              WHERE d.id = ANY(p_documents)
             UNION ALL
             SELECT r.document_id, p.id, p.subject_id, p.year, p.session, NULL::int, NULL::varchar, r.paper_number
               FROM examiner_reports r JOIN past_papers p ON p.id = r.past_paper_id
              WHERE r.document_id = ANY(p_documents)
             UNION ALL
             -- A mark scheme stored on its own is placed on the first paper of its subject code, year and session
             -- (past-paper.queries' LINKED_MARK_SCHEMES rule) when it names no paper; none matching: not placed.
             SELECT m.document_id, lp.id, lp.subject_id, lp.year, lp.session, NULL::int, NULL::varchar, m.paper_number
               FROM mark_schemes m
               LEFT JOIN LATERAL (
                 SELECT p.id, p.year, p.session, p.subject_id
                   FROM past_papers p JOIN subjects ps ON ps.id = p.subject_id
                  WHERE p.id = m.past_paper_id
                     OR (m.past_paper_id IS NULL AND lower(ps.code) = lower(m.code) AND p.year = m.year
                         AND p.session = m.session)
                  ORDER BY p.id LIMIT 1) lp ON true
              WHERE m.document_id = ANY(p_documents)) pl
          WHERE t.document_id = pl.document_id
            AND (t.paper_id, t.subject_id, t.year, t.session, t.version, t.variant_name, t.paper_number)
                IS DISTINCT FROM (pl.paper_id, pl.subject_id, pl.year, pl.session, pl.version, pl.variant_name,
                                  pl.paper_number);
       END $$`,
    );
    await q.query(
      `CREATE FUNCTION document_texts_of_document() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         text_id integer;
       BEGIN
         IF NEW.kind NOT IN ${READ_KINDS} OR NEW.storage_key = '' OR NEW.storage_key ~* ${LINK_PATTERN} THEN
           DELETE FROM document_texts WHERE document_id = NEW.id;
           RETURN NULL;
         END IF;
         IF TG_OP = 'UPDATE' AND OLD.storage_key IS DISTINCT FROM NEW.storage_key THEN
           UPDATE document_texts
              SET document_type = NEW.kind, status = 'pending', attempts = 0, next_attempt_at = now(),
                  last_error = NULL, page_count = NULL, pages_in_file = NULL, text_capped = NULL,
                  extracted_at = NULL, generation = generation + 1, updated_at = now()
            WHERE document_id = NEW.id
           RETURNING id INTO text_id;
           IF text_id IS NOT NULL THEN
             DELETE FROM document_pages WHERE document_text_id = text_id;
           END IF;
         END IF;
         INSERT INTO document_texts (document_id, document_type, variant_id)
         VALUES (NEW.id, NEW.kind, NEW.variant_id)
         ON CONFLICT (document_id) DO UPDATE SET document_type = EXCLUDED.document_type
           WHERE document_texts.document_type <> EXCLUDED.document_type;
         PERFORM document_texts_place(ARRAY[NEW.id]);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER documents_document_texts AFTER INSERT OR UPDATE OF storage_key, kind ON documents
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_document()`,
    );

    // What places a document: the records that decide its paper, subject, sitting and paper name.
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM document_texts_place(ARRAY(SELECT id FROM documents WHERE variant_id = NEW.id));
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER variants_document_texts AFTER UPDATE OF past_paper_id, name, version ON variants
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_variant()`,
    );
    // A stand-alone row's document is made before the row (its BEFORE trigger), so the row places it once it exists.
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM document_texts_place(ARRAY[NEW.document_id]);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER mark_schemes_document_texts
       AFTER INSERT OR UPDATE OF document_id, past_paper_id, code, year, session, paper_number ON mark_schemes
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row()`,
    );
    await q.query(
      `CREATE TRIGGER examiner_reports_document_texts
       AFTER INSERT OR UPDATE OF document_id, past_paper_id, paper_number ON examiner_reports
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row()`,
    );
    // A paper moved, created or deleted: its documents, and the stand-alone mark schemes placed (or now to be
    // placed) on it.
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_paper() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'UPDATE' THEN
           PERFORM document_texts_place(ARRAY(
             SELECT d.id FROM documents d JOIN variants v ON v.id = d.variant_id WHERE v.past_paper_id = NEW.id
             UNION SELECT document_id FROM examiner_reports WHERE past_paper_id = NEW.id));
         END IF;
         IF TG_OP <> 'INSERT' THEN
           PERFORM document_texts_place(ARRAY(
             SELECT m.document_id FROM mark_schemes m JOIN document_texts t ON t.document_id = m.document_id
              WHERE t.paper_id = OLD.id
             UNION SELECT document_id FROM mark_schemes WHERE past_paper_id = OLD.id));
         END IF;
         IF TG_OP <> 'DELETE' THEN
           PERFORM document_texts_place(ARRAY(
             SELECT m.document_id FROM mark_schemes m JOIN subjects s ON lower(s.code) = lower(m.code)
              WHERE m.past_paper_id IS NULL AND s.id = NEW.subject_id AND m.year = NEW.year
                AND m.session = NEW.session));
         END IF;
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER past_papers_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF subject_id, year, session ON past_papers
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_paper()`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_subject() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM document_texts_place(ARRAY(
           SELECT document_id FROM mark_schemes
            WHERE past_paper_id IS NULL AND lower(code) IN (lower(OLD.code), lower(NEW.code))));
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER subjects_document_texts AFTER UPDATE OF code ON subjects
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_subject()`,
    );

    // A readable document without its row (none should be) gets one, and is placed.
    await q.query(
      `INSERT INTO document_texts (document_id, document_type, variant_id)
       SELECT id, kind, variant_id FROM documents
        WHERE kind IN ${READ_KINDS} AND storage_key <> '' AND storage_key !~* ${LINK_PATTERN}
       ON CONFLICT (document_id) DO NOTHING`,
    );
    await q.query(`SELECT document_texts_place(ARRAY(SELECT document_id FROM document_texts WHERE paper_id IS NULL))`);
  }

  /** The rows follow the file columns again, by source, source id and document type. */
  async down(q: QueryRunner): Promise<void> {
    await dropTriggers(q);
    await q.query(`DROP TRIGGER documents_document_texts ON documents`);
    await q.query(`DROP FUNCTION document_texts_of_document()`);
    await q.query(`DROP FUNCTION document_texts_place(integer[])`);

    await q.query(
      `ALTER TABLE document_texts ADD COLUMN source varchar(20), ADD COLUMN source_id integer,
         ADD COLUMN file_path varchar(1000), ALTER COLUMN document_id DROP NOT NULL`,
    );
    await q.query(
      `UPDATE document_texts t
          SET source = CASE WHEN d.variant_id IS NOT NULL THEN 'variant'
                            WHEN d.kind = 'mark-scheme' THEN 'mark_scheme' ELSE 'examiner_report' END,
              source_id = COALESCE(d.variant_id, m.id, r.id), file_path = d.storage_key
         FROM documents d
         LEFT JOIN mark_schemes m ON m.document_id = d.id
         LEFT JOIN examiner_reports r ON r.document_id = d.id
        WHERE d.id = t.document_id`,
    );
    await q.query(
      `ALTER TABLE document_texts DROP COLUMN variant_id, ALTER COLUMN source SET NOT NULL,
         ALTER COLUMN source_id SET NOT NULL, ALTER COLUMN file_path SET NOT NULL,
         ADD CONSTRAINT document_texts_source_key UNIQUE (source, source_id, document_type)`,
    );
    await q.query(`CREATE INDEX document_texts_file_path_idx ON document_texts (file_path)`);

    // As migrations 1766200000000, 1766500000000 and 1766900000000 left them.
    await q.query(
      `CREATE FUNCTION document_text_follow(p_source text, p_source_id integer, p_type text, p_path text)
       RETURNS void LANGUAGE plpgsql AS $$
       DECLARE
         current_id integer;
         current_path text;
       BEGIN
         SELECT id, file_path INTO current_id, current_path FROM document_texts
          WHERE source = p_source AND source_id = p_source_id AND document_type = p_type FOR UPDATE;
         IF p_path IS NULL OR p_path = '' OR p_path ~* ${LINK_PATTERN} THEN
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
      `CREATE FUNCTION document_texts_place(p_source text, p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
       BEGIN
         IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
           RETURN;
         END IF;
         IF p_source = 'variant' THEN
           UPDATE document_texts d
              SET paper_id = p.id, subject_id = p.subject_id, year = p.year, session = p.session,
                  version = v.version, variant_name = v.name, paper_number = NULL
             FROM variants v JOIN past_papers p ON p.id = v.past_paper_id
            WHERE v.id = ANY(p_ids) AND d.source = 'variant' AND d.source_id = v.id
              AND (d.paper_id, d.subject_id, d.year, d.session, d.version, d.variant_name, d.paper_number)
                  IS DISTINCT FROM (p.id, p.subject_id, p.year, p.session, v.version, v.name, NULL::varchar);
         ELSIF p_source = 'examiner_report' THEN
           UPDATE document_texts d
              SET paper_id = p.id, subject_id = p.subject_id, year = p.year, session = p.session,
                  version = NULL, variant_name = NULL, paper_number = r.paper_number
             FROM examiner_reports r JOIN past_papers p ON p.id = r.past_paper_id
            WHERE r.id = ANY(p_ids) AND d.source = 'examiner_report' AND d.source_id = r.id
              AND (d.paper_id, d.subject_id, d.year, d.session, d.version, d.variant_name, d.paper_number)
                  IS DISTINCT FROM (p.id, p.subject_id, p.year, p.session, NULL::int, NULL::varchar, r.paper_number);
         ELSE
           UPDATE document_texts d
              SET paper_id = lp.id, subject_id = lp.subject_id, year = lp.year, session = lp.session,
                  version = NULL, variant_name = NULL, paper_number = m.paper_number
             FROM mark_schemes m
             LEFT JOIN LATERAL (
               SELECT p.id, p.year, p.session, p.subject_id
                 FROM past_papers p JOIN subjects ps ON ps.id = p.subject_id
                WHERE p.id = m.past_paper_id
                   OR (m.past_paper_id IS NULL AND lower(ps.code) = lower(m.code) AND p.year = m.year
                       AND p.session = m.session)
                ORDER BY p.id LIMIT 1) lp ON true
            WHERE m.id = ANY(p_ids) AND d.source = 'mark_scheme' AND d.source_id = m.id
              AND (d.paper_id, d.subject_id, d.year, d.session, d.version, d.variant_name, d.paper_number)
                  IS DISTINCT FROM (lp.id, lp.subject_id, lp.year, lp.session, NULL::int, NULL::varchar, m.paper_number);
         END IF;
       END $$`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN
           DELETE FROM document_texts WHERE source = 'variant' AND source_id = OLD.id;
           RETURN NULL;
         END IF;
         PERFORM document_text_follow('variant', NEW.id, 'question-paper', NEW.document_path);
         PERFORM document_text_follow('variant', NEW.id, 'mark-scheme', NEW.mark_scheme_path);
         PERFORM document_text_follow('variant', NEW.id, 'examiner-report', NEW.examiner_report_path);
         PERFORM document_texts_place('variant', ARRAY[NEW.id]);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN
           DELETE FROM document_texts WHERE source = TG_ARGV[0] AND source_id = OLD.id;
           RETURN NULL;
         END IF;
         PERFORM document_text_follow(TG_ARGV[0], NEW.id, TG_ARGV[1], NEW.file_path);
         PERFORM document_texts_place(TG_ARGV[0], ARRAY[NEW.id]);
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_paper() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'UPDATE' THEN
           PERFORM document_texts_place('variant', ARRAY(SELECT id FROM variants WHERE past_paper_id = NEW.id));
           PERFORM document_texts_place('examiner_report',
             ARRAY(SELECT id FROM examiner_reports WHERE past_paper_id = NEW.id));
         END IF;
         IF TG_OP <> 'INSERT' THEN
           PERFORM document_texts_place('mark_scheme', ARRAY(
             SELECT source_id FROM document_texts WHERE source = 'mark_scheme' AND paper_id = OLD.id
             UNION SELECT id FROM mark_schemes WHERE past_paper_id = OLD.id));
         END IF;
         IF TG_OP <> 'DELETE' THEN
           PERFORM document_texts_place('mark_scheme', ARRAY(
             SELECT m.id FROM mark_schemes m JOIN subjects s ON lower(s.code) = lower(m.code)
              WHERE m.past_paper_id IS NULL AND s.id = NEW.subject_id AND m.year = NEW.year
                AND m.session = NEW.session));
         END IF;
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_subject() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM document_texts_place('mark_scheme', ARRAY(
           SELECT id FROM mark_schemes
            WHERE past_paper_id IS NULL AND lower(code) IN (lower(OLD.code), lower(NEW.code))));
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER variants_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF document_path, mark_scheme_path, examiner_report_path, past_paper_id, name,
         version ON variants
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_variant()`,
    );
    await q.query(
      `CREATE TRIGGER mark_schemes_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path, past_paper_id, code, year, session, paper_number ON mark_schemes
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('mark_scheme', 'mark-scheme')`,
    );
    await q.query(
      `CREATE TRIGGER examiner_reports_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path, past_paper_id, paper_number ON examiner_reports
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('examiner_report', 'examiner-report')`,
    );
    await q.query(
      `CREATE TRIGGER past_papers_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF subject_id, year, session ON past_papers
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_paper()`,
    );
    await q.query(
      `CREATE TRIGGER subjects_document_texts AFTER UPDATE OF code ON subjects
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_subject()`,
    );
    await q.query(
      `CREATE FUNCTION document_of_text(p_source text, p_source_id integer, p_type text) RETURNS integer
       LANGUAGE sql STABLE AS $$
         SELECT CASE p_source
           WHEN 'variant' THEN (SELECT id FROM documents WHERE variant_id = p_source_id AND kind = p_type)
           WHEN 'mark_scheme' THEN (SELECT document_id FROM mark_schemes WHERE id = p_source_id)
           ELSE (SELECT document_id FROM examiner_reports WHERE id = p_source_id) END
       $$`,
    );
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
}

/** The triggers on the records that both migrations' directions replace. */
async function dropTriggers(q: QueryRunner): Promise<void> {
  for (const [trigger, table] of [
    ['documents_text', 'documents'],
    ['document_texts_document', 'document_texts'],
    ['variants_document_texts', 'variants'],
    ['mark_schemes_document_texts', 'mark_schemes'],
    ['examiner_reports_document_texts', 'examiner_reports'],
    ['past_papers_document_texts', 'past_papers'],
    ['subjects_document_texts', 'subjects'],
  ])
    await q.query(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
}
