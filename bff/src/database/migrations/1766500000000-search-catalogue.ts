import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search reads one catalogue row per document instead of joining every document to its variant,
 * paper and subject for each query.
 *
 * `document_texts` (one row per stored document, kept by triggers since 1766200000000) now also says where the
 * document is placed: its paper, subject, year and session, its variant's version and name, or the paper number of
 * a mark scheme or examiner report stored on its own. Before this, every search built that placement for all
 * documents (a union of three joins over the whole library) and filtered afterwards: with 30,000 documents that
 * alone cost more than finding the words (bench/results/search.md). A b-tree on (subject, year, session) answers
 * paper references from the index.
 *
 * The placement follows every write that can move it, in the writer's own transaction (as the rows themselves do):
 * - a variant's paper, name or version, a mark scheme's paper, code, year, session or paper number, an examiner
 *   report's paper or paper number (the existing row triggers, with more columns);
 * - a paper's subject, year or session, a paper created or deleted (a mark scheme stored on its own is placed on the
 *   first paper of its subject code, year and session: past-paper.queries' LINKED_MARK_SCHEMES rule);
 * - a subject's code (the same rule).
 * A mark scheme that no paper matches has no placement (paper_id null) and is not searchable, as before.
 */
export class SearchCatalogue1766500000000 implements MigrationInterface {
  name = 'SearchCatalogue1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE document_texts
         ADD COLUMN paper_id integer,
         ADD COLUMN subject_id integer,
         ADD COLUMN year integer,
         ADD COLUMN session varchar(20),
         ADD COLUMN version integer,
         ADD COLUMN variant_name varchar(200),
         ADD COLUMN paper_number varchar(50)`,
    );
    await q.query(`CREATE INDEX document_texts_sitting_idx ON document_texts (subject_id, year, session)`);
    await q.query(`CREATE INDEX document_texts_paper_idx ON document_texts (paper_id)`);

    // Places the documents of the given source rows (only rows whose placement changed are written).
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
    // The rows' own triggers: follow the file (as before), then place.
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
    await q.query(`DROP TRIGGER variants_document_texts ON variants`);
    await q.query(
      `CREATE TRIGGER variants_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF document_path, mark_scheme_path, examiner_report_path, past_paper_id, name,
         version ON variants
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_variant()`,
    );
    await q.query(`DROP TRIGGER mark_schemes_document_texts ON mark_schemes`);
    await q.query(
      `CREATE TRIGGER mark_schemes_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path, past_paper_id, code, year, session, paper_number ON mark_schemes
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('mark_scheme', 'mark-scheme')`,
    );
    await q.query(`DROP TRIGGER examiner_reports_document_texts ON examiner_reports`);
    await q.query(
      `CREATE TRIGGER examiner_reports_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path, past_paper_id, paper_number ON examiner_reports
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('examiner_report', 'examiner-report')`,
    );

    // A paper moved (subject, year, session), created or deleted: its documents, and the mark schemes stored on
    // their own that are (or may now be) placed on it.
    await q.query(
      `CREATE FUNCTION document_texts_of_paper() RETURNS trigger LANGUAGE plpgsql AS $$
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
      `CREATE TRIGGER past_papers_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF subject_id, year, session ON past_papers
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_paper()`,
    );
    // A subject's code decides which papers its stand-alone mark schemes are placed on.
    await q.query(
      `CREATE FUNCTION document_texts_of_subject() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM document_texts_place('mark_scheme', ARRAY(
           SELECT id FROM mark_schemes
            WHERE past_paper_id IS NULL AND lower(code) IN (lower(OLD.code), lower(NEW.code))));
         RETURN NULL;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER subjects_document_texts AFTER UPDATE OF code ON subjects
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_subject()`,
    );

    // Every document stored so far.
    await q.query(`SELECT document_texts_place('variant', ARRAY(SELECT id FROM variants))`);
    await q.query(`SELECT document_texts_place('mark_scheme', ARRAY(SELECT id FROM mark_schemes))`);
    await q.query(`SELECT document_texts_place('examiner_report', ARRAY(SELECT id FROM examiner_reports))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER subjects_document_texts ON subjects`);
    await q.query(`DROP FUNCTION document_texts_of_subject()`);
    await q.query(`DROP TRIGGER past_papers_document_texts ON past_papers`);
    await q.query(`DROP FUNCTION document_texts_of_paper()`);
    // The row triggers as 1766200000000 made them.
    await q.query(`DROP TRIGGER examiner_reports_document_texts ON examiner_reports`);
    await q.query(
      `CREATE TRIGGER examiner_reports_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path ON examiner_reports
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('examiner_report', 'examiner-report')`,
    );
    await q.query(`DROP TRIGGER mark_schemes_document_texts ON mark_schemes`);
    await q.query(
      `CREATE TRIGGER mark_schemes_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF file_path ON mark_schemes
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_file_row('mark_scheme', 'mark-scheme')`,
    );
    await q.query(`DROP TRIGGER variants_document_texts ON variants`);
    await q.query(
      `CREATE TRIGGER variants_document_texts
       AFTER INSERT OR DELETE OR UPDATE OF document_path, mark_scheme_path, examiner_report_path ON variants
       FOR EACH ROW EXECUTE FUNCTION document_texts_of_variant()`,
    );
    await q.query(
      `CREATE OR REPLACE FUNCTION document_texts_of_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
      `CREATE OR REPLACE FUNCTION document_texts_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`DROP FUNCTION document_texts_place(text, integer[])`);
    await q.query(`DROP INDEX document_texts_paper_idx`);
    await q.query(`DROP INDEX document_texts_sitting_idx`);
    await q.query(
      `ALTER TABLE document_texts DROP COLUMN paper_id, DROP COLUMN subject_id, DROP COLUMN year, DROP COLUMN session,
         DROP COLUMN version, DROP COLUMN variant_name, DROP COLUMN paper_number`,
    );
  }
}
