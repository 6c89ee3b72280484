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
