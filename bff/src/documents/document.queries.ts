/**
 * `documents d` with the record that holds each (`v` a variant, `m` a mark scheme or `r` an examiner report added on
 * its own) and the paper and subject it is placed in (`p`, `s`: a variant's or a report's paper; a mark scheme added
 * on its own names its sitting itself, in `m`).
 */
export const DOCUMENTS_WITH_RECORDS = `
  documents d
  LEFT JOIN variants v ON v.id = d.variant_id
  LEFT JOIN mark_schemes m ON m.document_id = d.id
  LEFT JOIN examiner_reports r ON r.document_id = d.id
  LEFT JOIN past_papers p ON p.id = COALESCE(v.past_paper_id, r.past_paper_id)
  LEFT JOIN subjects s ON s.id = p.subject_id`;

/**
 * A variant's slot ($1 variant, $2 kind) holds a file ($3 paper, $4 key, $5 name, $6 size, $7 SHA-256): made, or
 * replaced with its counters kept (the page count only while the key is the same). Answers the key it held before.
 */
export const PUT_SLOT_SQL = `
  WITH before AS (SELECT storage_key FROM documents WHERE variant_id = $1 AND kind = $2 FOR UPDATE),
  put AS (
    INSERT INTO documents (kind, past_paper_id, variant_id, storage_key, original_name, size, sha256)
    VALUES ($2, $3, $1, $4, $5, $6, $7)
    ON CONFLICT (variant_id, kind) WHERE variant_id IS NOT NULL DO UPDATE
      SET past_paper_id = EXCLUDED.past_paper_id, storage_key = EXCLUDED.storage_key,
          original_name = EXCLUDED.original_name, size = EXCLUDED.size, sha256 = EXCLUDED.sha256,
          pages = CASE WHEN documents.storage_key = EXCLUDED.storage_key THEN documents.pages END, updated_at = now()
    RETURNING id)
  SELECT (SELECT storage_key FROM before) AS before, (SELECT id FROM put) AS id`;

/** A variant's slot ($1 variant, $2 kind) emptied: its document goes. Answers the key it held. */
export const EMPTY_SLOT_SQL = `
  WITH gone AS (DELETE FROM documents WHERE variant_id = $1 AND kind = $2 RETURNING storage_key)
  SELECT storage_key AS before FROM gone`;

/** A document added on its own ($1 kind, $2 paper, $3 key, $4 name, $5 size, $6 SHA-256); answers its id. */
export const ADD_DOCUMENT_SQL = `
  INSERT INTO documents (kind, past_paper_id, storage_key, original_name, size, sha256)
  VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`;

/** A document added on its own ($1) placed on a paper ($2, or none). */
export const MOVE_DOCUMENT_SQL = `
  UPDATE documents SET past_paper_id = $2, updated_at = now() WHERE id = $1 AND past_paper_id IS DISTINCT FROM $2`;

/** A document ($1) holds another file ($2 key, $3 name, $4 size, $5 SHA-256), counters kept; answers its old key. */
export const REPLACE_FILE_SQL = `
  WITH before AS (SELECT storage_key FROM documents WHERE id = $1 FOR UPDATE),
  replaced AS (
    UPDATE documents SET storage_key = $2::varchar, original_name = $3, size = $4, sha256 = $5,
           pages = CASE WHEN storage_key = $2::varchar THEN pages END, updated_at = now()
     WHERE id = $1 RETURNING id)
  SELECT (SELECT storage_key FROM before) AS before, (SELECT id FROM replaced) AS id`;

/** The files of a variant ($1): what deleting it removes. */
export const FILES_OF_VARIANT_SQL = `SELECT storage_key FROM documents WHERE variant_id = $1`;

/** The storage key of a document ($1). */
export const FILE_OF_DOCUMENT_SQL = `SELECT storage_key FROM documents WHERE id = $1`;

/** Which of some variants ($1) hold a question paper. */
export const VARIANTS_WITH_QUESTION_PAPER_SQL = `
  SELECT variant_id FROM documents WHERE variant_id = ANY($1) AND kind = 'question-paper'`;

/** The files of a paper's variants and of its examiner reports ($1): what deleting the paper removes. */
export const FILES_OF_PAPER_SQL = `
  SELECT d.storage_key FROM documents d JOIN variants v ON v.id = d.variant_id WHERE v.past_paper_id = $1
  UNION ALL
  SELECT d.storage_key FROM examiner_reports r JOIN documents d ON d.id = r.document_id WHERE r.past_paper_id = $1`;
