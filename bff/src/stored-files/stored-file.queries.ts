/**
 * Every stored file as one relation (its document), with the record it belongs to: a variant's slot, or a mark scheme
 * or examiner report added on its own. Shaped for its lookups (an upload identical to a stored file, the
 * details page's provenance). `document`: question-paper | mark-scheme | examiner-report.
 */
export const STORED_FILES_SQL = `
  SELECT CASE WHEN v.id IS NOT NULL THEN 'variant' WHEN m.id IS NOT NULL THEN 'mark_scheme' ELSE 'examiner_report' END
           AS source,
         COALESCE(v.id, m.id, r.id) AS record_id, d.id AS document_id, d.kind AS document,
         COALESCE(v.past_paper_id, m.past_paper_id, r.past_paper_id) AS past_paper_id,
         COALESCE(v.name, m.paper_number, r.paper_number) AS label,
         d.storage_key AS path, d.size, d.sha256, d.original_name AS file_name
    FROM documents d
    LEFT JOIN variants v ON v.id = d.variant_id
    LEFT JOIN mark_schemes m ON m.document_id = d.id
    LEFT JOIN examiner_reports r ON r.document_id = d.id
   WHERE v.id IS NOT NULL OR m.id IS NOT NULL OR r.id IS NOT NULL`;

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
    LEFT JOIN document_texts d ON d.document_id = f.document_id
   WHERE f.past_paper_id = $1
      OR (f.source = 'mark_scheme' AND f.past_paper_id IS NULL AND EXISTS (
            SELECT 1 FROM mark_schemes m JOIN past_papers p ON p.id = $1 JOIN subjects s ON s.id = p.subject_id
             WHERE m.id = f.record_id AND lower(m.code) = lower(s.code) AND m.year = p.year AND m.session = p.session))
   ORDER BY f.source = 'variant' DESC, f.label, f.document, f.record_id`;
