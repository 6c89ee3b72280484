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

export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  supportPhone: string;
  liveChatHours: string;
  officeAddress: string;
  maintenanceMode: boolean;
  allowRegistration: boolean;
  defaultUserRole: 'student' | 'teacher' | 'admin';
  notificationEmail: string;
  filesPerPage: number;
  maxFileSize: number;
}

export interface Subject {
  id: number;
  name: string;
  code: string;
  level: Level;
  description: string | null;
  paper_count: number;
  created_at: string;
  updated_at: string;
  papers?: PastPaper[];
}

export interface Variant {
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
  downloads: number;
  document_downloads: number;
  mark_scheme_downloads: number;
  examiner_report_downloads: number;
  created_at: string;
  updated_at: string;
}

export interface PastPaper {
  id: number;
  subject_id: number;
  subject: string;
  subject_name: string;
  subject_code: string;
  subject_level: Level;
  code: string;
  level: Level;
  year: number;
  session: string;
  created_at: string;
  updated_at: string;
  variants: Variant[];
}

/**
 * A past paper in the compact shape of large lists (`?view=summary`): figures about its variants instead of the
 * variants themselves.
 */
export type PastPaperSummary = Omit<PastPaper, 'variants'> & {
  variant_count: number;
  mark_scheme_count: number;
  examiner_report_count: number;
  /** All downloads of the paper's documents. */
  downloads: number;
  /** The newest update of the paper or any of its variants. */
  last_updated_at: string;
};

export type VariantDocumentType = 'document' | 'mark_scheme' | 'examiner_report';

export interface MarkScheme {
  id: number;
  subject: string;
  code: string;
  paperNumber: string;
  year: number;
  session: string;
  file_url: string;
  file_size?: number | null;
  past_paper_id: number | null;
  downloads: number;
  created_at?: string;
  updated_at?: string;
}

export interface ExaminerReport {
  id: number;
  past_paper_id: number;
  subject: string;
  code: string;
  paper_number: string;
  year: number;
  session: string;
  summary: string;
  file_url: string;
  file_size?: number | null;
  downloads: number;
  created_at: string;
  updated_at?: string;
}

export interface Faq {
  id: number;
  question: string;
  /** Sanitised HTML; may contain line breaks. */
  answer: string;
  category: string;
  sort_order: number;
  /** Public reading (same value as is_published). */
  published: boolean;
  /** Admin reading. */
  is_published: boolean;
  created_at: string;
  updated_at?: string;
}

export interface FaqList {
  faqs: Faq[];
  categories: string[];
}

export type InquiryStatus = 'new' | 'in_progress' | 'resolved';

export interface Inquiry {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: InquiryStatus;
  created_at: string;
}

export interface InquiryPage {
  inquiries: Inquiry[];
  total: number;
}

export type UserRole = 'user' | 'admin';
export type UserStatus = 'active' | 'inactive';

export interface User {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  created_at?: string;
}

export interface LoginResult {
  success: boolean;
  token: string;
  user: User;
}

export interface AuthCheckResult {
  authenticated: boolean;
  user?: User;
}

export interface DashboardStats {
  totalPapers: number;
  totalUsers: number;
  totalDownloads: number;
  totalReports?: number;
  recentActivity?: Array<{ id: number; description: string; timestamp: string }>;
  topResources?: Array<{
    id: number | string;
    title?: string;
    name?: string;
    type?: string;
    downloads: number;
    lastAccessed: string | null;
  }>;
}

/** A list or item answer: `{ data: ... }`. */
export interface DataEnvelope<T> {
  data: T;
}
