/** The document read ($1: its document_texts id, $2: the generation read), if it still holds that file. */
export const DOCUMENT_READ_SQL = `
  SELECT d.id, d.kind FROM document_texts t JOIN documents d ON d.id = t.document_id
   WHERE t.id = $1 AND t.generation = $2`;

/**
 * Stores a document's detection. An admin's edits (`edits`, `source = 'edited'`) are left as they are: they stand
 * instead of the detection when the set is put together, and the detection kept up to date under them is what shows
 * again if an admin drops the edits. (Only one reader takes a document at a time, and DOCUMENT_READ_SQL has just
 * checked it still holds the file read.)
 */
export const STORE_DETECTION_SQL = `
  INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation, detected_at, updated_at)
  VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'detected', $6, now(), now())
  ON CONFLICT (document_id) DO UPDATE
     SET kind = EXCLUDED.kind, status = EXCLUDED.status, reasons = EXCLUDED.reasons, detection = EXCLUDED.detection,
         generation = EXCLUDED.generation, detected_at = now(), updated_at = now()`;

/** A document whose detection failed ($1, $2 as DOCUMENT_READ_SQL; $3 the reasons): `none` (edits stand). */
export const DETECTION_FAILED_SQL = `
  INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation)
  SELECT d.id, d.kind, 'none', $3::jsonb, NULL, 'detected', $2
    FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE t.id = $1 AND t.generation = $2
  ON CONFLICT (document_id) DO UPDATE SET status = 'none', reasons = EXCLUDED.reasons, detection = NULL,
        generation = EXCLUDED.generation, detected_at = now(), updated_at = now()`;

/** The variant ($2) of the paper ($1): no row when either is unknown or they do not belong together. */
export const VARIANT_OF_PAPER_SQL = `SELECT v.id FROM variants v WHERE v.id = $2 AND v.past_paper_id = $1`;

/**
 * The documents a variant's questions are put together from, each with its reading and its detection: the
 * variant's own question paper, mark scheme and examiner report first, then the paper's mark schemes and examiner
 * reports that belong to no variant (an examiner report usually covers every variant of a paper). No row when the
 * variant ($2) is not of the paper ($1); one row of nulls (no `id`) when it holds no documents.
 */
export const QUESTION_DOCUMENTS_SQL = `
  SELECT d.id, d.kind, d.variant_id, t.status AS text_status, t.generation AS text_generation,
         COALESCE(t.pages_in_file, t.page_count, d.pages) AS pages,
         q.status, q.reasons, q.detection, q.source, q.generation, q.edits, q.confirmed_at, q.updated_at
    FROM variants v
    LEFT JOIN documents d ON d.kind IN ('question-paper', 'mark-scheme', 'examiner-report')
     AND (d.variant_id = v.id OR (d.variant_id IS NULL AND d.past_paper_id = v.past_paper_id))
    LEFT JOIN document_texts t ON t.document_id = d.id
    LEFT JOIN questions q ON q.document_id = d.id
   WHERE v.id = $2 AND v.past_paper_id = $1
   ORDER BY d.variant_id NULLS LAST, d.id`;

/**
 * QUESTION_DOCUMENTS_SQL for several variants in one statement ($1: their papers, $2: the variants, pairwise), each
 * row naming the variant it is for (`for_variant`); a variant that is not of its paper has no rows.
 */
export const QUESTION_DOCUMENTS_OF_VARIANTS_SQL = `
  SELECT w.variant_id AS for_variant, d.id, d.kind, d.variant_id, t.status AS text_status,
         t.generation AS text_generation, COALESCE(t.pages_in_file, t.page_count, d.pages) AS pages,
         q.status, q.reasons, q.detection, q.source, q.generation, q.edits, q.confirmed_at, q.updated_at
    FROM unnest($1::int[], $2::int[]) AS w(paper_id, variant_id)
    JOIN variants v ON v.id = w.variant_id AND v.past_paper_id = w.paper_id
    JOIN documents d ON d.kind IN ('question-paper', 'mark-scheme', 'examiner-report')
     AND (d.variant_id = w.variant_id OR (d.variant_id IS NULL AND d.past_paper_id = w.paper_id))
    LEFT JOIN document_texts t ON t.document_id = d.id
    LEFT JOIN questions q ON q.document_id = d.id
   ORDER BY w.variant_id, d.variant_id NULLS LAST, d.id`;

/** Locks the variant's question paper ($1: the variant) for an edit of its questions: its id and text generation. */
export const LOCK_QUESTION_PAPER_SQL = `
  SELECT d.id, COALESCE(t.generation, 0) AS generation
    FROM documents d LEFT JOIN document_texts t ON t.document_id = d.id
   WHERE d.variant_id = $1 AND d.kind = 'question-paper'
     FOR UPDATE OF d`;

/** The question paper's stored questions row ($1: its document id), locked, with its version. */
export const LOCK_QUESTIONS_ROW_SQL = `SELECT updated_at, source FROM questions WHERE document_id = $1 FOR UPDATE`;

/**
 * Saves an admin's edit of a question paper's questions ($1 document, $2 text generation for a first row, $3 the
 * edited questions, $4 confirmed, $5 the admin). A paper detection has not stored yet gets a row with no detection;
 * the reader fills it in later without touching the edits.
 */
export const SAVE_EDITS_SQL = `
  INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation, edits, confirmed_at,
                         edited_by, updated_at)
  VALUES ($1, 'question-paper', 'none', '[]'::jsonb, NULL, 'edited', $2, $3::jsonb, CASE WHEN $4 THEN now() END, $5,
          now())
  ON CONFLICT (document_id) DO UPDATE
     SET source = 'edited', edits = EXCLUDED.edits, confirmed_at = EXCLUDED.confirmed_at,
         edited_by = EXCLUDED.edited_by, updated_at = now()`;

/** Drops an admin's edits ($1 document, $2 the admin): the detection of the file as last read applies again. */
export const DROP_EDITS_SQL = `
  UPDATE questions SET source = 'detected', edits = NULL, confirmed_at = NULL, edited_by = $2, updated_at = now()
   WHERE document_id = $1 AND source = 'edited'`;
