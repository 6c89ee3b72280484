import type { components } from '../api/generated/openapi';

/** The product's entities as the API names them (spec section 3). */

export const LEVELS = [
  'cambridge-o-levels',
  'cambridge-a-levels',
  'cambridge-igcse',
  'edexcel-o-levels',
  'edexcel-a-levels',
  'edexcel-igcse',
  'cbc-primary',
  'cbc-secondary',
  'other',
  'vocational',
] as const;
export type Level = (typeof LEVELS)[number];

/** Display names of the ten categories (the levels). */
export const LEVEL_LABELS: Record<Level, string> = {
  'cambridge-o-levels': 'Cambridge O Level',
  'cambridge-a-levels': 'Cambridge A Level',
  'cambridge-igcse': 'Cambridge IGCSE',
  'edexcel-o-levels': 'Edexcel O Level',
  'edexcel-a-levels': 'Edexcel A Level',
  'edexcel-igcse': 'Edexcel IGCSE',
  'cbc-primary': 'CBC Primary',
  'cbc-secondary': 'CBC Secondary',
  other: 'Other',
  vocational: 'Vocational',
};

export const SESSIONS = ['Feb/March', 'May/June', 'Oct/Nov'] as const;
export type Session = (typeof SESSIONS)[number];

/**
 * The answers' shapes are generated from the BFF's OpenAPI document (docs/openapi.json → generated/openapi.ts,
 * `npm run api-types -w @ppl/shared-ui`); these names are the front ends' vocabulary for them. Compile-time only:
 * nothing generated ships in a bundle, so the remotes stay separately released.
 */
type Schemas = components['schemas'];

export type SiteSettings = Schemas['SiteSettingsView'];
/** What GET /settings.php answers a visitor (an admin gets SiteSettings). */
export type PublicSiteSettings = Schemas['PublicSiteSettingsView'];

/** A subject; one read by `?id=` carries its papers too. */
export type Subject = Schemas['SubjectView'] & Partial<Pick<Schemas['SubjectWithPapersView'], 'papers'>>;

export type Variant = Schemas['VariantView'];

export type PastPaper = Schemas['PastPaperView'];

/**
 * A past paper in the compact shape of large lists (`?view=summary`): figures about its variants instead of the
 * variants themselves.
 */
export type PastPaperSummary = Schemas['PastPaperSummaryView'];

export type VariantDocumentType = 'document' | 'mark_scheme' | 'examiner_report';

/** One subject's thresholds for one component in one series (the admin list, a subject's series). */
export type GradeThreshold = Schemas['GradeThresholdView'];
/** A component's thresholds in one series, as a paper variant's read answers them. */
export type SeriesThresholds = Schemas['SeriesThresholdsView'];
export type GradeBoundary = Schemas['BoundaryView'];

export type MarkScheme = Schemas['MarkSchemeView'];

export type ExaminerReport = Schemas['ExaminerReportView'];

export type Faq = Schemas['FaqView'];

export type FaqList = Schemas['FaqList'];

export type Inquiry = Schemas['InquiryView'];

export type InquiryStatus = Inquiry['status'];

export type InquiryPage = Schemas['InquiryPage'];

export type User = Schemas['UserView'];

/** The signed-in user as /auth_check.php describes them (a User without created_at). */
export type SignedInUser = Schemas['SignedInUser'];

export type UserRole = User['role'];
export type UserStatus = User['status'];

export type LoginResult = Schemas['LoginAnswer'];

export type AuthCheckResult = Schemas['AuthCheckAnswer'];

/** What /dashboard_stats.php answers: the public figures, and the admin ones for admins. */
export type DashboardStats = Schemas['PublicDashboardStats'] &
  Partial<Omit<Schemas['AdminDashboardStats'], keyof Schemas['PublicDashboardStats']>>;

/** GET /search: one page of matching documents, facet counts and what the query was read as. */
export type SearchAnswer = Schemas['SearchAnswerView'];
export type SearchResult = Schemas['SearchResultView'];
export type SearchFacet = Schemas['SearchFacetView'];
export type SearchDocumentType = SearchResult['document_type'];

/** The filters and page of a search, as the URL and GET /search name them. */
export interface SearchParams {
  q: string;
  level?: string;
  subject?: string;
  year?: number;
  session?: string;
  type?: SearchDocumentType;
  page?: number;
  limit?: number;
}

/** A list or item answer: `{ data: ... }`. */
export interface DataEnvelope<T> {
  data: T;
}

/** A staged bulk import with its preview, one file of it, and an admin's unfinished imports. */
export type Import = Schemas['ImportView'];
export type ImportFile = Schemas['ImportFileView'];
export type ImportFileStatus = ImportFile['status'];
export type ImportSummary = Schemas['ImportSummaryView'];
export type StagedFile = Schemas['StagedFileView'];

/** What the admin corrects in the preview (null removes a correction; paper '' means no paper). */
export type ImportCorrections = Schemas['ImportFileCorrectionsDto'];

/** A subject's coverage grid (sessions × papers) and one session and cell of it. */
export type Coverage = Schemas['CoverageView'];
export type CoverageSession = Schemas['CoverageSessionView'];
export type CoverageCell = Schemas['CoverageCellView'];

/** A stored file with its original name, size and SHA-256 (admin details page). */
export type StoredFile = Schemas['StoredFileView'];
