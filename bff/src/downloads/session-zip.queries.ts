import type { SessionDocument } from './session-documents';

/**
 * One download of every file of a session zip, in one statement (atomic on its own: every counter moves, or none):
 * a variant's three slots in one UPDATE of its row (a row is updated once per statement), the mark schemes and
 * examiner reports stored on their own in two more data-modifying CTEs. Answers how many rows of each moved.
 * $1–$3: variant ids whose question paper / mark scheme / examiner report is in the zip; $4 mark schemes; $5 reports.
 */
export const COUNT_SESSION_ZIP_SQL = `
  WITH variant_counts AS (
    UPDATE variants SET
      document_downloads = document_downloads + (id = ANY($1::int[]))::int,
      document_last_downloaded_at = CASE WHEN id = ANY($1::int[]) THEN now() ELSE document_last_downloaded_at END,
      mark_scheme_downloads = mark_scheme_downloads + (id = ANY($2::int[]))::int,
      mark_scheme_last_downloaded_at = CASE WHEN id = ANY($2::int[]) THEN now() ELSE mark_scheme_last_downloaded_at END,
      examiner_report_downloads = examiner_report_downloads + (id = ANY($3::int[]))::int,
      examiner_report_last_downloaded_at =
        CASE WHEN id = ANY($3::int[]) THEN now() ELSE examiner_report_last_downloaded_at END
     WHERE id = ANY($1::int[] || $2::int[] || $3::int[])
    RETURNING 1),
  mark_scheme_counts AS (
    UPDATE mark_schemes SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = ANY($4::int[]) RETURNING 1),
  examiner_report_counts AS (
    UPDATE examiner_reports SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = ANY($5::int[])
    RETURNING 1)
  SELECT (SELECT count(*) FROM variant_counts)::int AS variants,
         (SELECT count(*) FROM mark_scheme_counts)::int AS mark_schemes,
         (SELECT count(*) FROM examiner_report_counts)::int AS examiner_reports`;

/** The five id lists of COUNT_SESSION_ZIP_SQL. */
export function countParameters(documents: SessionDocument[]): [number[], number[], number[], number[], number[]] {
  const ids = (source: SessionDocument['source'], document?: SessionDocument['document']) =>
    documents.filter((d) => d.source === source && (!document || d.document === document)).map((d) => d.id);
  return [
    ids('variant', 'question-paper'),
    ids('variant', 'mark-scheme'),
    ids('variant', 'examiner-report'),
    ids('mark_scheme'),
    ids('examiner_report'),
  ];
}
