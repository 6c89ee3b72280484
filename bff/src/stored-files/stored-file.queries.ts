/**
 * Every stored file as one relation: the three slots of each variant, the mark schemes and the examiner reports added
 * on their own. Shaped for the lookups of issue 16 (an upload identical to a stored file, the details page's
 * provenance, the hash back-fill). `document`: question-paper | mark-scheme | examiner-report.
 */
export const STORED_FILES_SQL = `
  SELECT 'variant' AS source, v.id AS record_id, 'question-paper' AS document, v.past_paper_id, v.name AS label,
         v.document_path AS path, v.document_size AS size, v.document_sha256 AS sha256, v.document_name AS file_name
    FROM variants v
  UNION ALL
  SELECT 'variant', v.id, 'mark-scheme', v.past_paper_id, v.name, v.mark_scheme_path, v.mark_scheme_size,
         v.mark_scheme_sha256, v.mark_scheme_name
    FROM variants v WHERE v.mark_scheme_path IS NOT NULL
  UNION ALL
  SELECT 'variant', v.id, 'examiner-report', v.past_paper_id, v.name, v.examiner_report_path, v.examiner_report_size,
         v.examiner_report_sha256, v.examiner_report_name
    FROM variants v WHERE v.examiner_report_path IS NOT NULL
  UNION ALL
  SELECT 'mark_scheme', m.id, 'mark-scheme', m.past_paper_id, m.paper_number, m.file_path, m.file_size, m.file_sha256,
         m.file_name
    FROM mark_schemes m
  UNION ALL
  SELECT 'examiner_report', r.id, 'examiner-report', r.past_paper_id, r.paper_number, r.file_path, r.file_size,
         r.file_sha256, r.file_name
    FROM examiner_reports r`;

/** Where each of some SHA-256 values is stored, described for an admin ("Physics (9702) May/June 2023 Paper 12"). */
export const STORED_FILES_BY_HASH_SQL = `
  SELECT f.sha256, f.source, f.record_id, f.document, f.label, f.path, f.past_paper_id,
         COALESCE(s.name, m.subject) AS subject, COALESCE(s.code, m.code) AS code,
         COALESCE(p.year, m.year) AS year, COALESCE(p.session, m.session) AS session
    FROM (${STORED_FILES_SQL}) f
    LEFT JOIN past_papers p ON p.id = f.past_paper_id
    LEFT JOIN subjects s ON s.id = p.subject_id
    LEFT JOIN mark_schemes m ON f.source = 'mark_scheme' AND m.id = f.record_id
   WHERE f.sha256 = ANY($1)
   ORDER BY f.source, f.record_id`;

/**
 * The files of one past paper for its details page: its variants' slots, its examiner reports, and the mark schemes
 * that belong to it (linked, or by subject code, year and session as past_paper.queries' LINKED_MARK_SCHEMES), each
 * with the state of its text reading (document_texts).
 */
export const STORED_FILES_OF_PAPER_SQL = `
  SELECT f.source, f.record_id, f.document, f.label, f.path, f.size, f.sha256, f.file_name,
         d.status AS reading_status, d.attempts AS reading_attempts, d.last_error AS reading_error,
         d.page_count AS pages_read, d.pages_in_file, d.text_capped
    FROM (${STORED_FILES_SQL}) f
    LEFT JOIN document_texts d ON d.source = f.source AND d.source_id = f.record_id AND d.document_type = f.document
   WHERE f.past_paper_id = $1
      OR (f.source = 'mark_scheme' AND f.past_paper_id IS NULL AND EXISTS (
            SELECT 1 FROM mark_schemes m JOIN past_papers p ON p.id = $1 JOIN subjects s ON s.id = p.subject_id
             WHERE m.id = f.record_id AND lower(m.code) = lower(s.code) AND m.year = p.year AND m.session = p.session))
   ORDER BY f.source = 'variant' DESC, f.label, f.document, f.record_id`;
