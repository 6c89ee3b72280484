import { ApiError } from './api-error';
import {
  ApiClient,
  multipartForm,
  type ApiFetch,
  type MultipartBodyOf,
  type MultipartOf,
  type TypedForm,
  type QueryOf,
  type UploadOptions,
} from './client';
import type { components } from './generated/openapi';
import { parseInquiriesResponse } from './inquiries-response';
import type {
  DashboardStats,
  ExaminerReport,
  Import,
  ImportCorrections,
  InquiryPage,
  InquiryStatus,
  MarkScheme,
  PastPaper,
  PastPaperSummary,
  Subject,
  VariantDocumentType,
} from '../types/domain';

type Schemas = components['schemas'];

/** An edit names the version of the record it was made on (its updated_at): a stale edit answers 409. */
export interface EditVersion {
  updated_at?: string;
}

/** What the console sends to create a user (the document's CreateUserDto). */
export type UserInput = Schemas['CreateUserDto'];
/** What the console sends to change a user (name, email, role, status, the version it was read at). */
export type UserChanges = Schemas['UpdateUserDto'];
export type FaqInput = Schemas['CreateFaqDto'];
export type FaqChanges = Schemas['UpdateFaqDto'];
/** The contact form: the document's CreateInquiryDto and the priority the message is prefixed with. */
export type InquiryInput = Schemas['CreateInquiryDto'] & { priority: 'low' | 'medium' | 'high' };
export type SettingsInput = Schemas['UpdateSettingsDto'];
/** The admin's grade thresholds form (a PUT replaces every field; updated_at names the version edited). */
export type GradeThresholdInput = Schemas['GradeThresholdDto'];
export type PastPaperQuery = QueryOf<'/backend/api/past_papers.php'>;
/** The filters of a past paper list (category, subject). */
export type PastPaperFilter = Pick<PastPaperQuery, 'category' | 'subject_id'>;
export type SearchQuery = QueryOf<'/backend/api/search'>;

/** Which document the site viewer opened (one of the three forms). */
export type DocumentViewTarget =
  | { variant_id: number; document_type: VariantDocumentType }
  | { mark_scheme_id: number }
  | { examiner_report_id: number };

/** A subject's form (multipart or JSON): name, code, level, description and the version edited. */
export type SubjectFields = MultipartOf<'/backend/api/subjects.php', 'put'>;
/** The past paper form's documented fields (the variants list, subject, session, year, the version edited). */
export type PastPaperFields = MultipartOf<'/backend/api/past_papers.php', 'put'> & VariantFileFields;
export type MarkSchemeFields = MultipartOf<'/backend/api/mark_schemes.php', 'put'>;
export type ExaminerReportFields = MultipartOf<'/backend/api/examiner_reports.php', 'put'>;

/** The file slots of a variant, as the document names them (its `*_path` fields). */
type VariantFileSlot = Extract<keyof Schemas['VariantView'], `${string}_path`>;
type SlotName<S> = S extends `${infer Name}_path` ? Name : never;
/**
 * Each variant's files travel as `variant_{i}_{slot}` (i: its 0-based place in `variants`), and an optional stored
 * file is dropped with `variant_{i}_remove_{slot}=1` (the document's pattern fields).
 */
export type VariantFileFields = { [K in `variant_${number}_${VariantFileSlot}`]?: Blob | null } & {
  [K in `variant_${number}_remove_${SlotName<Exclude<VariantFileSlot, 'document_path'>>}`]?: '1';
};

const INVALID_FORMAT = 'Invalid response format from server';

const unwrap = <T>(envelope: { data: T }): T => envelope.data;

/** The list form of an answer the document allows as one record or a list (checked, not assumed). */
function listOf<T>(data: T): Extract<T, readonly unknown[]> {
  if (!Array.isArray(data)) throw new ApiError(INVALID_FORMAT, 200);
  return data as Extract<T, readonly unknown[]>;
}

/** The one-record form of an answer the document allows as one record or a list (the `?id=` form). */
function oneOf<T>(data: T): Exclude<T, readonly unknown[]> {
  if (Array.isArray(data) || data === null || typeof data !== 'object') throw new ApiError(INVALID_FORMAT, 200);
  return data as Exclude<T, readonly unknown[]>;
}

/** The full past paper shape (with variants), told apart from the compact one by its variants. */
function fullPapers(papers: PastPaper[] | PastPaperSummary[]): PastPaper[] {
  if (!papers.every((paper) => 'variants' in paper)) throw new ApiError(INVALID_FORMAT, 200);
  return papers;
}

function summaryPapers(papers: PastPaper[] | PastPaperSummary[]): PastPaperSummary[] {
  if (!papers.every((paper) => 'variant_count' in paper)) throw new ApiError(INVALID_FORMAT, 200);
  return papers;
}

/** Answers that are `{ data }` for one record or another envelope for a list: the one-record form. */
function dataOf<T>(answer: { data: T } | object): T {
  if (!('data' in answer)) throw new ApiError(INVALID_FORMAT, 200);
  return answer.data;
}

/** The update protocol of every form POST, as the document gives it. */
type UpdateViaPost = Pick<MultipartBodyOf<'/backend/api/subjects.php', 'post'>, 'id' | '_method'>;

/** Spec section 7: a multipart update is a POST carrying the id and a `_method=PUT` override. */
function asUpdate<F>(form: TypedForm<F>, id: number): TypedForm<F & UpdateViaPost> {
  const update: Required<UpdateViaPost> = { id, _method: 'PUT' };
  for (const [name, value] of Object.entries(update)) form.set(name, String(value));
  return form as TypedForm<F & UpdateViaPost>;
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

/**
 * How a link serves its file: `false` saves it (a download), `true` or 'inline' opens it in the browser's reader,
 * 'stream' feeds the site viewer, 'preview' is page 1 as a picture (image/webp) the viewer shows while pdf.js loads.
 */
export type LinkDelivery = boolean | 'inline' | 'stream' | 'preview';

function deliveryParams(delivery: LinkDelivery): { inline?: '1'; stream?: '1'; preview?: '1' } {
  if (delivery === 'stream') return { stream: '1' };
  if (delivery === 'preview') return { preview: '1' };
  return delivery ? { inline: '1' } : {};
}

/** Every documented endpoint of spec section 7, typed by docs/openapi.json through the client's `http`. */
export function createApi(client: ApiClient) {
  const { http } = client;
  const read = client.read.bind(client);
  /** The `data` of a `{ data }` answer. */
  const data = async <T>(call: Promise<{ data?: { data: T }; response: Response }>): Promise<T> =>
    (await read(call)).data;
  return {
    client,
    settings: {
      /** Everything for a signed-in admin (the console's settings form). */
      get: async () => {
        const settings = await data(http.GET('/backend/api/settings.php'));
        if (!('allowRegistration' in settings)) throw new ApiError(INVALID_FORMAT, 200);
        return settings;
      },
      /** The public subset a visitor is answered. */
      getPublic: async (): Promise<Schemas['PublicSiteSettingsView']> => data(http.GET('/backend/api/settings.php')),
      save: async (settings: SettingsInput) => data(http.PUT('/backend/api/settings.php', { body: settings })),
    },
    dashboard: {
      stats: async (): Promise<DashboardStats> => data(http.GET('/backend/api/dashboard_stats.php')),
    },
    subjects: {
      list: async (level?: QueryOf<'/backend/api/subjects.php'>['level']): Promise<Subject[]> =>
        listOf(await data(http.GET('/backend/api/subjects.php', { params: { query: { level } } }))),
      get: async (id: number): Promise<Subject> =>
        oneOf(await data(http.GET('/backend/api/subjects.php', { params: { query: { id } } }))),
      create: async (form: TypedForm<SubjectFields>) => unwrap(await client.upload('/backend/api/subjects.php', form)),
      update: async (id: number, form: TypedForm<SubjectFields>) =>
        unwrap(await client.upload('/backend/api/subjects.php', asUpdate(form, id))),
      remove: (id: number) => read(http.DELETE('/backend/api/subjects.php', { params: { query: { id } } })),
    },
    pastPapers: {
      list: async (filter: PastPaperFilter = {}) =>
        fullPapers(listOf(await data(http.GET('/backend/api/past_papers.php', { params: { query: filter } })))),
      /** The compact shape for screens that list many papers without their files. */
      summaries: async (filter: PastPaperFilter = {}) =>
        summaryPapers(
          listOf(
            unwrap(
              await read(
                http.GET('/backend/api/past_papers.php', { params: { query: { ...filter, view: 'summary' } } }),
              ),
            ),
          ),
        ),
      /** The `count` most recently updated papers, newest first, in the compact shape (the home page's list). */
      recent: async (count: number) =>
        summaryPapers(
          listOf(
            unwrap(
              await read(
                http.GET('/backend/api/past_papers.php', { params: { query: { view: 'summary', recent: count } } }),
              ),
            ),
          ),
        ),
      get: async (id: number): Promise<PastPaper> =>
        oneOf(await data(http.GET('/backend/api/past_papers.php', { params: { query: { id } } }))),
      byCode: async (code: string) =>
        fullPapers(listOf(await data(http.GET('/backend/api/past_papers.php', { params: { query: { code } } })))),
      create: async (form: TypedForm<PastPaperFields>, options?: UploadOptions) =>
        unwrap(await client.upload('/backend/api/past_papers.php', form, options)),
      update: async (id: number, form: TypedForm<PastPaperFields>, options?: UploadOptions) =>
        unwrap(await client.upload('/backend/api/past_papers.php', asUpdate(form, id), options, { query: { id } })),
      remove: (id: number) => read(http.DELETE('/backend/api/past_papers.php', { params: { query: { id } } })),
    },
    markSchemes: {
      list: async (): Promise<MarkScheme[]> => listOf(await data(http.GET('/backend/api/mark_schemes.php'))),
      create: async (form: TypedForm<MarkSchemeFields>, options?: UploadOptions) =>
        unwrap(await client.upload('/backend/api/mark_schemes.php', form, options)),
      update: async (id: number, form: TypedForm<MarkSchemeFields>, options?: UploadOptions) =>
        unwrap(await client.upload('/backend/api/mark_schemes.php', asUpdate(form, id), options)),
      remove: (id: number) => read(http.DELETE('/backend/api/mark_schemes.php', { params: { query: { id } } })),
    },
    examinerReports: {
      list: async (): Promise<ExaminerReport[]> => listOf(await data(http.GET('/backend/api/examiner_reports.php'))),
      create: async (form: TypedForm<ExaminerReportFields>, options?: UploadOptions) =>
        unwrap(await client.upload('/backend/api/examiner_reports.php', form, options)),
      update: async (id: number, form: TypedForm<ExaminerReportFields>, options?: UploadOptions) =>
        unwrap(
          await client.upload('/backend/api/examiner_reports.php', asUpdate(form, id), options, { query: { id } }),
        ),
      remove: (id: number) => read(http.DELETE('/backend/api/examiner_reports.php', { params: { query: { id } } })),
    },
    faqs: {
      list: async (filter: { category?: string; publishedOnly?: boolean } = {}): Promise<Schemas['FaqList']> => {
        const answer = await read(
          http.GET('/backend/api/faqs.php', {
            params: {
              query: { category: filter.category, published_only: filter.publishedOnly ? 'true' : undefined },
            },
          }),
        );
        if (!('faqs' in answer)) throw new ApiError(INVALID_FORMAT, 200);
        return answer;
      },
      get: async (id: number) => dataOf(await read(http.GET('/backend/api/faqs', { params: { query: { path: id } } }))),
      create: async (faq: FaqInput) => data(http.POST('/backend/api/faqs', { body: faq })),
      update: async (id: number, changes: FaqChanges) =>
        data(http.PUT('/backend/api/faqs', { params: { query: { path: id } }, body: changes })),
      remove: (id: number) => read(http.DELETE('/backend/api/faqs', { params: { query: { path: id } } })),
    },
    inquiries: {
      list: async (page = 1, limit = 10, status?: InquiryStatus): Promise<InquiryPage> =>
        parseInquiriesResponse(
          await read(
            http.GET('/backend/api/inquiries.php', { params: { query: { page, limit, status } }, parseAs: 'text' }),
          ),
        ),
      get: async (id: number) =>
        dataOf(await read(http.GET('/backend/api/inquiries.php', { params: { query: { path: id } } }))),
      /** The message is prefixed with 'Priority: {priority}' and a blank line (spec section 7). */
      create: async ({ priority, ...fields }: InquiryInput) =>
        unwrap(
          await read(
            http.POST('/backend/api/inquiries.php', {
              body: { ...fields, message: `Priority: ${priority}\n\n${fields.message}` },
            }),
          ),
        ),
      setStatus: async (id: number, status: InquiryStatus) =>
        unwrap(
          await read(http.PUT('/backend/api/inquiries.php', { params: { query: { path: id } }, body: { status } })),
        ),
      remove: (id: number) => read(http.DELETE('/backend/api/inquiries.php', { params: { query: { path: id } } })),
    },
    users: {
      list: async () => listOf(await data(http.GET('/backend/api/users.php'))),
      create: async (user: UserInput) => data(http.POST('/backend/api/users.php', { body: user })),
      update: async (id: number, user: UserChanges) =>
        data(http.PUT('/backend/api/users.php', { params: { query: { id } }, body: user })),
      remove: (id: number) => read(http.DELETE('/backend/api/users.php', { params: { query: { id } } })),
      /** An admin sets another user's password (the Reset password action); that user is signed out everywhere. */
      resetPassword: async (id: number, password: string, confirmPassword: string) =>
        unwrap(
          await read(
            http.PUT('/backend/api/users.php', { params: { query: { id } }, body: { password, confirmPassword } }),
          ),
        ),
    },
    auth: {
      login: (email: string, password: string) =>
        authCall(() => read(http.POST('/backend/api/auth_login.php', { body: { email, password } }))),
      logout: () => authCall(() => read(http.POST('/backend/api/auth_logout.php'))),
      check: () => authCall(() => read(http.GET('/backend/api/auth_check.php'))),
      /** Signs every session of the current user out, on every device. */
      logoutEverywhere: () =>
        authCall(() => read(http.POST('/backend/api/auth_logout.php', { params: { query: { everywhere: '1' } } }))),
      /** The signed-in user's own password; answers a fresh session (every other one is revoked). */
      changePassword: (values: Schemas['ChangePasswordDto']) =>
        read(http.POST('/backend/api/auth_password.php', { body: values })),
      /** The first admin's one-time setup link: choose the password and sign in. */
      setupFirstAdmin: (token: string, password: string, confirmPassword: string) =>
        read(http.POST('/backend/api/auth_setup.php', { body: { token, password, confirmPassword } })),
    },
    search: {
      /** Papers by reference, subject, level, session, year and the text inside the documents. */
      find: async (query: SearchQuery, signal?: AbortSignal) =>
        data(http.GET('/backend/api/search', { params: { query }, signal })),
    },
    /** Staged bulk imports (admins). */
    imports: {
      list: async () => data(http.GET('/backend/api/imports')),
      create: async (): Promise<Import> => data(http.POST('/backend/api/imports')),
      get: async (id: number) => data(http.GET('/backend/api/imports/{id}', { params: { path: { id } } })),
      discard: (id: number) => read(http.DELETE('/backend/api/imports/{id}', { params: { path: { id } } })),
      /** One file per request (several run in parallel); `sha256` lets the server refuse a damaged upload. */
      stage: async (id: number, file: Blob, name: string, sha256: string, options?: UploadOptions) => {
        const fields: MultipartOf<'/backend/api/imports/{id}/files', 'post'> = {
          sha256,
          file: new File([file], name, { type: file.type }),
        };
        return unwrap(
          await client.upload('/backend/api/imports/{id}/files', multipartForm(fields), options, { path: { id } }),
        );
      },
      correct: async (id: number, fileId: number, changes: ImportCorrections) =>
        unwrap(
          await read(
            http.PUT('/backend/api/imports/{id}/files/{fileId}', { params: { path: { id, fileId } }, body: changes }),
          ),
        ),
      removeFile: async (id: number, fileId: number) =>
        unwrap(
          await read(http.DELETE('/backend/api/imports/{id}/files/{fileId}', { params: { path: { id, fileId } } })),
        ),
      chooseSubject: async (id: number, code: string, subjectId: number | null) =>
        unwrap(
          await read(
            http.PUT('/backend/api/imports/{id}/subjects', {
              params: { path: { id } },
              body: { code, subject_id: subjectId },
            }),
          ),
        ),
      commit: async (id: number) => data(http.POST('/backend/api/imports/{id}/commit', { params: { path: { id } } })),
    },
    /** Backend-for-frontend reads: what one public page shows, in one request. */
    pages: {
      /** The subject page by the subject's code (any letter case): the subject, its papers, its coverage; 404 when none has it. */
      subject: async (code: string) => data(http.GET('/backend/api/pages/subject', { params: { query: { code } } })),
    },
    /** A subject's coverage grid (public). */
    coverage: {
      get: async (subjectId: number) =>
        data(http.GET('/backend/api/coverage', { params: { query: { subject_id: subjectId } } })),
    },
    /** A past paper's stored files with original name, size and SHA-256 (admins). */
    storedFiles: {
      ofPaper: async (paperId: number) =>
        data(http.GET('/backend/api/stored-files', { params: { query: { past_paper_id: paperId } } })),
    },
    /**
     * Download and file links (spec section 7): plain URLs for anchors. `inline` opens the browser's own reader
     * (counted as a view); `stream` is for the site's viewer (Range requests, never counted).
     */
    links: {
      /** A stored file by its path relative to UPLOAD_DIR (a variant's document_path, ...). */
      file: (storedPath: string) =>
        client.link('/backend/api/files/{path}', undefined, { path: storedPath.replace(/^\/+/, '') }),
      /** A mark scheme's or examiner report's file_url ('/files/...', relative to the API base). */
      fileUrl: (fileUrl: string) => client.url(fileUrl),
      variantDocument: (variantId: number, type: VariantDocumentType, delivery: LinkDelivery = false) =>
        client.link('/backend/api/past_papers.php', {
          download_variant_id: variantId,
          variant_document_type: type,
          ...deliveryParams(delivery),
        }),
      paper: (paperId: number) => client.link('/backend/api/download/papers/{id}', undefined, { id: paperId }),
      markScheme: (id: number, delivery: LinkDelivery = false) =>
        client.link('/backend/api/mark_schemes.php', { download_id: id, ...deliveryParams(delivery) }),
      examinerReport: (id: number, delivery: LinkDelivery = false) =>
        client.link('/backend/api/examiner_reports.php', { download_id: id, ...deliveryParams(delivery) }),
      /** A session zip's zip_url from the coverage grid (relative to the API base). */
      apiPath: (path: string) => client.url(path),
    },
    /** Grade thresholds per subject, series and component: public reads, admin writes. */
    gradeThresholds: {
      list: async (subjectId?: number) =>
        data(http.GET('/backend/api/grade-thresholds', { params: { query: { subject_id: subjectId } } })),
      ofSubject: async (subjectId: number) =>
        data(http.GET('/backend/api/subjects/{subjectId}/grade-thresholds', { params: { path: { subjectId } } })),
      /** The thresholds of a variant's component in its paper's series; null when none were entered. */
      ofVariant: async (paperId: number, variantId: number) =>
        data(
          http.GET('/backend/api/papers/{paperId}/grade-thresholds', {
            params: { path: { paperId }, query: { variant: variantId } },
          }),
        ),
      create: async (values: GradeThresholdInput) => data(http.POST('/backend/api/grade-thresholds', { body: values })),
      update: async (id: number, values: GradeThresholdInput) =>
        data(http.PUT('/backend/api/grade-thresholds/{id}', { params: { path: { id } }, body: values })),
      remove: (id: number, version?: string) =>
        read(
          http.DELETE('/backend/api/grade-thresholds/{id}', {
            params: { path: { id }, query: { updated_at: version } },
          }),
        ),
    },
    /** The site viewer's one view per document and visit (POST /document_views.php). */
    documentViews: {
      record: async (document: DocumentViewTarget) =>
        data(http.POST('/backend/api/document_views.php', { body: document })),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

let fetchOverride: ApiFetch | null = null;

/**
 * Points the application-wide client at another fetch: a server-side render (which has no page origin) sends its
 * reads to the BFF's address. Only that bundle's copy of this module is affected; `null` restores the global fetch.
 */
export function setApiFetch(fetchFn: ApiFetch | null): void {
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
