import { isoTimestamp } from '../common/sql';
import {
  PAPER_VIEW_COLUMNS,
  VARIANT_DOCUMENTS_JOIN,
  VARIANT_COVER_DURATION_JOIN,
  VARIANT_VIEW_COLUMNS,
} from './past-paper.view';

/** Which papers a read selects. `levels` is a category already resolved to its levels. */
export interface PaperSelection {
  id?: number;
  levels?: readonly string[];
  subjectId?: number;
  subjectCode?: string;
  /** Only this many papers, the most recently updated first (ties: the newest id). */
  recent?: number;
}

/**
 * The SQL of a past papers read: the papers (shaped by the database as the API names them), then their variants in
 * one query. Plain functions, so the benchmark's baseline runs exactly the same statements (bench/lib).
 */
export function pastPaperListSql(selection: PaperSelection): { sql: string; params: unknown[] } {
  return selectPapers(PAPER_VIEW_COLUMNS, selection);
}

/**
 * The compact shape of a large list: the papers' own fields and figures about their variants (how many, with a mark
 * scheme, with an examiner report, downloads, the latest update) instead of the variants themselves: about a fifth
 * of the bytes; screens that list thousands of papers need no file details.
 */
export function pastPaperSummarySql(selection: PaperSelection): { sql: string; params: unknown[] } {
  return selectPapers(
    `${PAPER_VIEW_COLUMNS}, ${PAPER_FIGURE_COLUMNS}`,
    selection,
    `LEFT JOIN LATERAL (
       SELECT COUNT(*) AS variant_count, SUM(vd.mark_schemes) AS mark_scheme_count,
              SUM(vd.examiner_reports) AS examiner_report_count, SUM(vd.downloads) AS downloads,
              MAX(v.updated_at) AS variants_updated_at
         FROM variants v
         LEFT JOIN LATERAL (
           SELECT COUNT(*) FILTER (WHERE d.kind = 'mark-scheme') AS mark_schemes,
                  COUNT(*) FILTER (WHERE d.kind = 'examiner-report') AS examiner_reports, SUM(d.downloads) AS downloads
             FROM documents d WHERE d.variant_id = v.id
         ) vd ON true
        WHERE v.past_paper_id = p.id) f ON true
     LEFT JOIN LATERAL (
       SELECT COUNT(*) FILTER (WHERE m.id IS NOT NULL) AS mark_schemes, COALESCE(SUM(md.downloads), 0) AS downloads
         FROM mark_schemes m JOIN documents md ON md.id = m.document_id
        WHERE m.past_paper_id = p.id
           OR (m.past_paper_id IS NULL AND lower(m.code) = lower(s.code) AND m.year = p.year AND m.session = p.session)
     ) lm ON true
     LEFT JOIN LATERAL (
       SELECT COUNT(*) AS examiner_reports, COALESCE(SUM(rd.downloads), 0) AS downloads
         FROM examiner_reports r JOIN documents rd ON rd.id = r.document_id WHERE r.past_paper_id = p.id
     ) lr ON true`,
  );
}

/** What the compact shape says of a paper's variants instead of listing them. */
const PAPER_FIGURE_COLUMNS = `
  COALESCE(f.variant_count, 0)::int AS variant_count,
  (COALESCE(f.mark_scheme_count, 0) + lm.mark_schemes)::int AS mark_scheme_count,
  (COALESCE(f.examiner_report_count, 0) + lr.examiner_reports)::int AS examiner_report_count,
  (COALESCE(f.downloads, 0) + lm.downloads + lr.downloads)::int AS downloads,
  ${isoTimestamp('GREATEST(p.updated_at, f.variants_updated_at)')} AS last_updated_at`;

function selectPapers(columns: string, selection: PaperSelection, joins = ''): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (selection.id !== undefined) where.push(`p.id = ${param(selection.id)}`);
  if (selection.levels !== undefined) where.push(`s.level = ANY(${param(selection.levels)})`);
  if (selection.subjectId !== undefined) where.push(`p.subject_id = ${param(selection.subjectId)}`);
  if (selection.subjectCode) where.push(`lower(s.code) = lower(${param(selection.subjectCode)})`);
  return {
    sql: `SELECT ${columns}
            FROM past_papers p JOIN subjects s ON s.id = p.subject_id ${joins}
           ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ${
             selection.recent !== undefined
               ? `ORDER BY COALESCE(p.updated_at, p.created_at) DESC, p.id DESC LIMIT ${param(selection.recent)}`
               : 'ORDER BY s.name, p.year DESC, p.session, p.id'
           }`,
    params,
  };
}

/**
 * The mark schemes and examiner reports an admin added in their own sections (not inside a variant) that belong to
 * a paper: by past_paper_id, or for a mark scheme without one, by subject code, year and session (one
 * truth, every document an admin adds reaches students).
 */
const LINKED_MARK_SCHEMES = `
  SELECT p.id AS past_paper_id, m.id, m.paper_number, md.storage_key AS file_path, md.size AS file_size,
         md.original_name AS file_name, md.downloads
    FROM past_papers p JOIN subjects s ON s.id = p.subject_id
    JOIN mark_schemes m ON m.past_paper_id = p.id
      OR (m.past_paper_id IS NULL AND lower(m.code) = lower(s.code) AND m.year = p.year AND m.session = p.session)
    JOIN documents md ON md.id = m.document_id`;
const LINKED_EXAMINER_REPORTS = `
  SELECT r.past_paper_id, r.id, r.paper_number, rd.storage_key AS file_path, rd.size AS file_size,
         rd.original_name AS file_name, rd.downloads
    FROM examiner_reports r JOIN documents rd ON rd.id = r.document_id`;

/** The linked documents of many papers, in one query. */
export const LINKED_DOCUMENTS_OF_PAPERS_SQL = `
  SELECT d.past_paper_id, d.kind, d.id, d.paper_number, d.file_name, d.file_size, d.downloads,
         (d.file_path ~* '\\.pdf$') AS is_pdf
    FROM (
      SELECT 'mark_scheme' AS kind, l.* FROM (${LINKED_MARK_SCHEMES}) l
      UNION ALL
      SELECT 'examiner_report' AS kind, l.* FROM (${LINKED_EXAMINER_REPORTS}) l
    ) d
   WHERE d.past_paper_id = ANY($1)
   ORDER BY d.kind DESC, d.paper_number, d.id`;

/** The variants of many papers: one array parameter rather than one per paper (legal and quick at any size). */
export const VARIANTS_OF_PAPERS_SQL = `SELECT ${VARIANT_VIEW_COLUMNS} FROM variants v ${VARIANT_DOCUMENTS_JOIN} ${VARIANT_COVER_DURATION_JOIN} WHERE v.past_paper_id = ANY($1) ORDER BY v.version, v.id`;
