import { isoTimestamp } from '../common/sql';
import { PAPER_VIEW_COLUMNS, VARIANT_VIEW_COLUMNS } from './past-paper.view';

/** Which papers a read selects. `levels` is a category already resolved to its levels. */
export interface PaperSelection {
  id?: number;
  levels?: readonly string[];
  subjectId?: number;
  subjectCode?: string;
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
       SELECT COUNT(*) AS variant_count, COUNT(v.mark_scheme_path) AS mark_scheme_count,
              COUNT(v.examiner_report_path) AS examiner_report_count,
              SUM(v.document_downloads + v.mark_scheme_downloads + v.examiner_report_downloads) AS downloads,
              MAX(v.updated_at) AS variants_updated_at
         FROM variants v WHERE v.past_paper_id = p.id) f ON true`,
  );
}

/** What the compact shape says of a paper's variants instead of listing them. */
const PAPER_FIGURE_COLUMNS = `
  COALESCE(f.variant_count, 0)::int AS variant_count, COALESCE(f.mark_scheme_count, 0)::int AS mark_scheme_count,
  COALESCE(f.examiner_report_count, 0)::int AS examiner_report_count, COALESCE(f.downloads, 0)::int AS downloads,
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
           ORDER BY s.name, p.year DESC, p.session, p.id`,
    params,
  };
}

/** The variants of many papers: one array parameter rather than one per paper (legal and quick at any size). */
export const VARIANTS_OF_PAPERS_SQL = `SELECT ${VARIANT_VIEW_COLUMNS} FROM variants v WHERE v.past_paper_id = ANY($1) ORDER BY v.version, v.id`;
