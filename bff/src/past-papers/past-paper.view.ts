import { isoTimestamp } from '../common/sql';

export interface VariantView {
  id: number;
  past_paper_id: number;
  name: string;
  slug: string;
  version: number;
  document_path: string;
  mark_scheme_path: string | null;
  examiner_report_path: string | null;
  document_size: number;
  mark_scheme_size: number | null;
  examiner_report_size: number | null;
  /** All downloads of this variant's documents. */
  downloads: number;
  document_downloads: number;
  mark_scheme_downloads: number;
  examiner_report_downloads: number;
  created_at: string;
  updated_at: string;
}

export interface PastPaperView {
  id: number;
  subject_id: number;
  subject: string;
  subject_name: string;
  subject_code: string;
  subject_level: string;
  code: string;
  level: string;
  year: number;
  session: string;
  created_at: string;
  updated_at: string;
  variants: VariantView[];
}

/** A past paper in the compact list shape (`?view=summary`): figures about its variants instead of the variants. */
export type PastPaperSummaryView = Omit<PastPaperView, 'variants'> & {
  variant_count: number;
  mark_scheme_count: number;
  examiner_report_count: number;
  /** All downloads of the paper's documents. */
  downloads: number;
  /** The newest update of the paper or any of its variants. */
  last_updated_at: string;
};

/** The columns of a PastPaperView (without variants) from `past_papers p JOIN subjects s`. */
export const PAPER_VIEW_COLUMNS = `
  p.id, p.subject_id, s.name AS subject, s.name AS subject_name, s.code AS subject_code, s.level AS subject_level,
  s.code, s.level, p.year, p.session, ${isoTimestamp('p.created_at')} AS created_at, ${isoTimestamp('p.updated_at')} AS updated_at`;

/** The columns of a VariantView from `variants v`. */
export const VARIANT_VIEW_COLUMNS = `
  v.id, v.past_paper_id, v.name, v.slug, v.version, v.document_path, v.mark_scheme_path, v.examiner_report_path,
  v.document_size, v.mark_scheme_size, v.examiner_report_size,
  v.document_downloads + v.mark_scheme_downloads + v.examiner_report_downloads AS downloads,
  v.document_downloads, v.mark_scheme_downloads, v.examiner_report_downloads,
  ${isoTimestamp('v.created_at')} AS created_at, ${isoTimestamp('v.updated_at')} AS updated_at`;
