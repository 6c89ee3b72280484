import { ApiError } from './api-error';
import { ApiClient, type UploadOptions } from './client';
import { parseInquiriesResponse } from './inquiries-response';
import type {
  AuthCheckResult,
  Coverage,
  Import,
  ImportCorrections,
  ImportSummary,
  StagedFile,
  StoredFile,
  DashboardStats,
  DataEnvelope,
  ExaminerReport,
  Faq,
  FaqList,
  Inquiry,
  InquiryPage,
  InquiryStatus,
  LoginResult,
  MarkScheme,
  PastPaper,
  PastPaperSummary,
  SiteSettings,
  PublicSiteSettings,
  SearchAnswer,
  SearchParams,
  Subject,
  User,
  VariantDocumentType,
} from '../types/domain';

/** GET /pages/subject: everything the public subject page shows, in one answer. */
export interface SubjectPage {
  subject: Subject & { papers: PastPaper[] };
  coverage: Coverage;
}

/** An edit names the version of the record it was made on (its updated_at): a stale edit answers 409. */
export interface EditVersion {
  updated_at?: string;
}

export interface UserInput {
  name: string;
  email: string;
  role: User['role'];
  status: User['status'];
  password?: string;
  confirmPassword?: string;
}

export interface FaqInput {
  question: string;
  answer: string;
  category: string;
  sort_order: number;
  is_published: boolean;
}

export interface InquiryInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: 'low' | 'medium' | 'high';
  /** The contact form's hidden spam trap: people leave it empty (a filled one is not stored). */
  website?: string;
}

const unwrap = <T>(envelope: DataEnvelope<T>): T => envelope.data;

/** Spec section 7: a multipart update is a POST carrying the id and a `_method=PUT` override. */
function asUpdate(form: FormData, id: number): FormData {
  form.set('id', String(id));
  form.set('_method', 'PUT');
  return form;
}

/** Auth calls throw the response's error text or 'API error' (spec section 7). */
async function authCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.serverMessage || 'API error', error.status, error.serverMessage);
    throw new ApiError('API error', 0);
  }
}

/** Every documented endpoint of spec section 7, typed. */
export function createApi(client: ApiClient) {
  return {
    client,
    settings: {
      /** Everything for a signed-in admin (the console's settings form). */
      get: () => client.get<DataEnvelope<SiteSettings>>('/settings.php').then(unwrap),
      /** The public subset a visitor is answered. */
      getPublic: () => client.get<DataEnvelope<PublicSiteSettings>>('/settings.php').then(unwrap),
      save: (settings: SiteSettings) => client.put<DataEnvelope<SiteSettings>>('/settings.php', settings).then(unwrap),
    },
    dashboard: {
      stats: () => client.get<DataEnvelope<DashboardStats>>('/dashboard_stats.php').then(unwrap),
    },
    subjects: {
      list: (level?: string) => client.get<DataEnvelope<Subject[]>>('/subjects.php', { level }).then(unwrap),
      get: (id: number) => client.get<DataEnvelope<Subject>>('/subjects.php', { id }).then(unwrap),
      create: (form: FormData) => client.upload<DataEnvelope<Subject>>('/subjects.php', form).then(unwrap),
      update: (id: number, form: FormData) =>
        client.upload<DataEnvelope<Subject>>('/subjects.php', asUpdate(form, id)).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/subjects.php', { id }),
    },
    /** Backend-for-frontend reads: what one public page shows, in one request. */
    pages: {
      /** The subject page by the subject's code (any letter case); 404 when no subject has it. */
      subject: (code: string) => client.get<DataEnvelope<SubjectPage>>('/pages/subject', { code }).then(unwrap),
    },
    pastPapers: {
      list: (filter: { category?: string; subject_id?: number } = {}) =>
        client.get<DataEnvelope<PastPaper[]>>('/past_papers.php', filter).then(unwrap),
      /** The compact shape for screens that list many papers without their files. */
      summaries: (filter: { category?: string; subject_id?: number } = {}) =>
        client.get<DataEnvelope<PastPaperSummary[]>>('/past_papers.php', { ...filter, view: 'summary' }).then(unwrap),
      get: (id: number) => client.get<DataEnvelope<PastPaper>>('/past_papers.php', { id }).then(unwrap),
      byCode: (code: string) => client.get<DataEnvelope<PastPaper[]>>('/past_papers.php', { code }).then(unwrap),
      create: (form: FormData, options?: UploadOptions) =>
        client.upload<DataEnvelope<PastPaper>>('/past_papers.php', form, options).then(unwrap),
      update: (id: number, form: FormData, options?: UploadOptions) =>
        client.upload<DataEnvelope<PastPaper>>('/past_papers.php', asUpdate(form, id), options, { id }).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/past_papers.php', { id }),
    },
    markSchemes: {
      list: () => client.get<DataEnvelope<MarkScheme[]>>('/mark_schemes.php').then(unwrap),
      create: (form: FormData, options?: UploadOptions) =>
        client.upload<DataEnvelope<MarkScheme>>('/mark_schemes.php', form, options).then(unwrap),
      update: (id: number, form: FormData, options?: UploadOptions) =>
        client.upload<DataEnvelope<MarkScheme>>('/mark_schemes.php', asUpdate(form, id), options).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/mark_schemes.php', { id }),
    },
    examinerReports: {
      list: () => client.get<DataEnvelope<ExaminerReport[]>>('/examiner_reports.php').then(unwrap),
      create: (form: FormData, options?: UploadOptions) =>
        client.upload<DataEnvelope<ExaminerReport>>('/examiner_reports.php', form, options).then(unwrap),
      update: (id: number, form: FormData, options?: UploadOptions) =>
        client
          .upload<DataEnvelope<ExaminerReport>>('/examiner_reports.php', asUpdate(form, id), options, { id })
          .then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/examiner_reports.php', { id }),
    },
    faqs: {
      list: (filter: { category?: string; publishedOnly?: boolean } = {}) =>
        client.get<FaqList>('/faqs.php', {
          category: filter.category,
          published_only: filter.publishedOnly ? 'true' : undefined,
        }),
      get: (id: number) => client.get<DataEnvelope<Faq>>('/faqs', { path: id }).then(unwrap),
      create: (faq: FaqInput) => client.post<DataEnvelope<Faq>>('/faqs', faq).then(unwrap),
      update: (id: number, changes: Partial<FaqInput> & EditVersion) =>
        client.put<DataEnvelope<Faq>>('/faqs', changes, { path: id }).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/faqs', { path: id }),
    },
    inquiries: {
      list: async (page = 1, limit = 10, status?: InquiryStatus): Promise<InquiryPage> =>
        parseInquiriesResponse(await client.getText('/inquiries.php', { page, limit, status })),
      get: (id: number) => client.get<DataEnvelope<Inquiry>>('/inquiries.php', { path: id }).then(unwrap),
      /** The message is prefixed with 'Priority: {priority}' and a blank line (spec section 7). */
      create: ({ priority, ...fields }: InquiryInput) =>
        client
          .post<DataEnvelope<Inquiry>>('/inquiries.php', {
            ...fields,
            message: `Priority: ${priority}\n\n${fields.message}`,
          })
          .then(unwrap),
      setStatus: (id: number, status: InquiryStatus) =>
        client.put<DataEnvelope<Inquiry>>('/inquiries.php', { status }, { path: id }).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/inquiries.php', { path: id }),
    },
    users: {
      list: () => client.get<DataEnvelope<User[]>>('/users.php').then(unwrap),
      create: (user: UserInput) => client.post<DataEnvelope<User>>('/users.php', user).then(unwrap),
      update: (id: number, user: Omit<UserInput, 'password' | 'confirmPassword'> & EditVersion) =>
        client.put<DataEnvelope<User>>('/users.php', user, { id }).then(unwrap),
      remove: (id: number) => client.delete<{ success: boolean }>('/users.php', { id }),
      /** An admin sets another user's password (the Reset password action); that user is signed out everywhere. */
      resetPassword: (id: number, password: string, confirmPassword: string) =>
        client.put<DataEnvelope<User>>('/users.php', { password, confirmPassword }, { id }).then(unwrap),
    },
    auth: {
      login: (email: string, password: string) =>
        authCall(() => client.post<LoginResult>('/auth_login.php', { email, password })),
      logout: () => authCall(() => client.post<{ success: boolean }>('/auth_logout.php')),
      check: () => authCall(() => client.get<AuthCheckResult>('/auth_check.php')),
      /** Signs every session of the current user out, on every device. */
      logoutEverywhere: () =>
        authCall(() => client.post<{ success: boolean }>('/auth_logout.php', undefined, { everywhere: 1 })),
      /** The signed-in user's own password; answers a fresh session (every other one is revoked). */
      changePassword: (values: { currentPassword: string; password: string; confirmPassword: string }) =>
        client.post<LoginResult>('/auth_password.php', values),
      /** The first admin's one-time setup link: choose the password and sign in. */
      setupFirstAdmin: (token: string, password: string, confirmPassword: string) =>
        client.post<LoginResult>('/auth_setup.php', { token, password, confirmPassword }),
    },
    search: {
      /** Papers by reference, subject, level, session, year and the text inside the documents (issue 15). */
      find: (params: SearchParams, signal?: AbortSignal) =>
        client.get<DataEnvelope<SearchAnswer>>('/search', { ...params }, signal).then(unwrap),
    },
    /** Issue 16: staged bulk imports (admins). */
    imports: {
      list: () => client.get<DataEnvelope<ImportSummary[]>>('/imports').then(unwrap),
      create: () => client.post<DataEnvelope<Import>>('/imports').then(unwrap),
      get: (id: number) => client.get<DataEnvelope<Import>>(`/imports/${id}`).then(unwrap),
      discard: (id: number) => client.delete<{ success: boolean }>(`/imports/${id}`),
      /** One file per request (several run in parallel); `sha256` lets the server refuse a damaged upload. */
      stage: (id: number, file: Blob, name: string, sha256: string, options?: UploadOptions) => {
        const form = new FormData();
        form.set('sha256', sha256);
        form.set('file', file, name);
        return client.upload<DataEnvelope<StagedFile>>(`/imports/${id}/files`, form, options).then(unwrap);
      },
      correct: (id: number, fileId: number, changes: ImportCorrections) =>
        client.put<DataEnvelope<Import>>(`/imports/${id}/files/${fileId}`, changes).then(unwrap),
      removeFile: (id: number, fileId: number) =>
        client.delete<DataEnvelope<Import>>(`/imports/${id}/files/${fileId}`).then(unwrap),
      chooseSubject: (id: number, code: string, subjectId: number | null) =>
        client.put<DataEnvelope<Import>>(`/imports/${id}/subjects`, { code, subject_id: subjectId }).then(unwrap),
      commit: (id: number) => client.post<DataEnvelope<Import>>(`/imports/${id}/commit`).then(unwrap),
    },
    /** Issue 16: a subject's coverage grid (public). */
    coverage: {
      get: (subjectId: number) =>
        client.get<DataEnvelope<Coverage>>('/coverage', { subject_id: subjectId }).then(unwrap),
    },
    /** Issue 16: a past paper's stored files with original name, size and SHA-256 (admins). */
    storedFiles: {
      ofPaper: (paperId: number) =>
        client.get<DataEnvelope<StoredFile[]>>('/stored-files', { past_paper_id: paperId }).then(unwrap),
    },
    /**
     * Download and file links (spec section 7): plain URLs for anchors. `inline` opens the browser's own reader
     * (counted as a view); `stream` is for the site's viewer (Range requests, never counted, issue 14).
     */
    links: {
      /** A stored file by its path relative to UPLOAD_DIR (a variant's document_path, ...). */
      file: (storedPath: string) => client.url(`/files/${storedPath.replace(/^\/+/, '')}`),
      /** A mark scheme's or examiner report's file_url ('/files/...', relative to the API base). */
      fileUrl: (fileUrl: string) => client.url(fileUrl),
      variantDocument: (variantId: number, type: VariantDocumentType, delivery: LinkDelivery = false) =>
        client.url('/past_papers.php', {
          download_variant_id: variantId,
          variant_document_type: type,
          ...deliveryParams(delivery),
        }),
      paper: (paperId: number) => client.url(`/download/papers/${paperId}`),
      markScheme: (id: number, delivery: LinkDelivery = false) =>
        client.url('/mark_schemes.php', { download_id: id, ...deliveryParams(delivery) }),
      examinerReport: (id: number, delivery: LinkDelivery = false) =>
        client.url('/examiner_reports.php', { download_id: id, ...deliveryParams(delivery) }),
      /** A session zip's zip_url from the coverage grid (relative to the API base). */
      apiPath: (path: string) => client.url(path),
    },
    /** The site viewer's one view per document and visit (POST /document_views.php; issue 14). */
    documentViews: {
      record: (document: DocumentViewTarget) =>
        client.post<DataEnvelope<{ counted: boolean }>>('/document_views.php', document).then(unwrap),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/**
 * How a link serves its file: `false` saves it (a download), `true` or 'inline' opens it in the browser's reader,
 * 'stream' feeds the site viewer, 'preview' is page 1 as a picture (image/webp) the viewer shows while pdf.js loads.
 */
export type LinkDelivery = boolean | 'inline' | 'stream' | 'preview';

function deliveryParams(delivery: LinkDelivery): { inline?: 1; stream?: 1; preview?: 1 } {
  if (delivery === 'stream') return { stream: 1 };
  if (delivery === 'preview') return { preview: 1 };
  return delivery ? { inline: 1 } : {};
}

/** Which document the site viewer opened (one of the three forms). */
export type DocumentViewTarget =
  | { variant_id: number; document_type: VariantDocumentType }
  | { mark_scheme_id: number }
  | { examiner_report_id: number };

let fetchOverride: typeof fetch | null = null;

/**
 * Points the application-wide client at another fetch: a server-side render (which has no page origin) sends its
 * reads to the BFF's address. Only that bundle's copy of this module is affected; `null` restores the global fetch.
 */
export function setApiFetch(fetchFn: typeof fetch | null): void {
  fetchOverride = fetchFn;
}

/** The application-wide client and API (browser defaults: same-origin /backend/api, localStorage token). */
export const apiClient = new ApiClient({
  fetch: (input, init) => (fetchOverride ?? globalThis.fetch)(input, init),
  log: (message, details) => {
    if (process.env.NODE_ENV !== 'production') console.debug(message, details ?? '');
  },
});
export const api = createApi(apiClient);
