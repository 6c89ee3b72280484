/** The document read ($1: its document_texts id, $2: the generation read), if it still holds that file. */
export const DOCUMENT_READ_SQL = `
  SELECT d.id, d.kind FROM document_texts t JOIN documents d ON d.id = t.document_id
   WHERE t.id = $1 AND t.generation = $2`;

/**
 * Stores a document's detection. An admin's edits (`source = 'edited'`) are kept when the file is read again. (Only
 * one reader takes a document at a time, and DOCUMENT_READ_SQL has just checked it still holds the file read.)
 */
export const STORE_DETECTION_SQL = `
  INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation, detected_at, updated_at)
  VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'detected', $6, now(), now())
  ON CONFLICT (document_id) DO UPDATE
     SET kind = EXCLUDED.kind, status = EXCLUDED.status, reasons = EXCLUDED.reasons, detection = EXCLUDED.detection,
         generation = EXCLUDED.generation, detected_at = now(), updated_at = now()
   WHERE questions.source = 'detected'`;

/** A document whose detection failed ($1, $2 as DOCUMENT_READ_SQL; $3 the reasons): `none`, unless edited. */
export const DETECTION_FAILED_SQL = `
  INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation)
  SELECT d.id, d.kind, 'none', $3::jsonb, NULL, 'detected', $2
    FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE t.id = $1 AND t.generation = $2
  ON CONFLICT (document_id) DO UPDATE SET status = 'none', reasons = EXCLUDED.reasons, detection = NULL,
        generation = EXCLUDED.generation, detected_at = now(), updated_at = now()
   WHERE questions.source = 'detected'`;

/** The variant ($2) of the paper ($1): no row when either is unknown or they do not belong together. */
export const VARIANT_OF_PAPER_SQL = `SELECT v.id FROM variants v WHERE v.id = $2 AND v.past_paper_id = $1`;

/**
 * The documents a variant's questions are put together from, each with its reading and its detection: the
 * variant's own question paper, mark scheme and examiner report first, then the paper's mark schemes and examiner
 * reports that belong to no variant (an examiner report usually covers every variant of a paper).
 */
export const QUESTION_DOCUMENTS_SQL = `
  SELECT d.id, d.kind, d.variant_id, t.status AS text_status, t.generation AS text_generation,
         q.status, q.reasons, q.detection, q.source, q.generation
    FROM documents d
    LEFT JOIN document_texts t ON t.document_id = d.id
    LEFT JOIN questions q ON q.document_id = d.id
   WHERE d.kind IN ('question-paper', 'mark-scheme', 'examiner-report')
     AND (d.variant_id = $2 OR (d.variant_id IS NULL AND d.past_paper_id = $1))
   ORDER BY d.variant_id NULLS LAST, d.id`;
