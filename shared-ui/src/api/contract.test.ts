/**
 * @jest-environment node
 */
import { ApiContract, contractFetch, ContractViolation, type SentRequest } from '../testing/contract';
import { ApiClient, multipartForm } from './client';
import {
  createApi,
  type ExaminerReportFields,
  type MarkSchemeFields,
  type PastPaperFields,
  type SubjectFields,
} from './endpoints';

/** Answers shaped like the document's, enough for the client's own checks (list or one record, envelopes). */
function answerFor(request: SentRequest): unknown {
  const url = new URL(request.url, 'http://x');
  const path = url.pathname.replace('/backend/api', '');
  if (path === '/inquiries.php' && request.method === 'GET' && !url.searchParams.has('path'))
    return { inquiries: [], total: 0 };
  if (path === '/faqs.php' && request.method === 'GET') return { faqs: [], categories: [] };
  if (path === '/settings.php' && request.method === 'GET')
    return { data: { siteName: 'S', allowRegistration: false } };
  if (request.method === 'GET' && url.searchParams.has('view')) return { data: [] };
  if (request.method === 'GET' && /\.php$/.test(path) && !url.searchParams.has('id') && !url.searchParams.has('path'))
    return { data: [] };
  if (request.method === 'DELETE') return { success: true };
  return { data: { id: 1 } };
}

function contractApi() {
  const double = contractFetch(answerFor);
  const client = new ApiClient({ fetch: double.fetch, storage: null });
  return { api: createApi(client), requests: double.requests };
}

describe('the front ends send only what docs/openapi.json describes', () => {
  const { api, requests } = contractApi();

  it.each<[string, () => Promise<unknown>]>([
    ['settings.get', () => api.settings.get()],
    ['settings.getPublic', () => api.settings.getPublic()],
    ['settings.save', () => api.settings.save({ siteName: 'Library', contactEmail: 'a@b.co', filesPerPage: 20 })],
    ['dashboard.stats', () => api.dashboard.stats()],
    ['subjects.list', () => api.subjects.list('cambridge-igcse')],
    ['subjects.get', () => api.subjects.get(4)],
    ['subjects.remove', () => api.subjects.remove(4)],
    ['pastPapers.list', () => api.pastPapers.list({ category: 'cambridge-igcse', subject_id: 3 })],
    ['pastPapers.summaries', () => api.pastPapers.summaries({ subject_id: 3 })],
    ['pastPapers.recent', () => api.pastPapers.recent(6)],
    ['pastPapers.get', () => api.pastPapers.get(9)],
    ['pastPapers.byCode', () => api.pastPapers.byCode('0610')],
    ['pastPapers.remove', () => api.pastPapers.remove(9)],
    ['markSchemes.list', () => api.markSchemes.list()],
    ['markSchemes.remove', () => api.markSchemes.remove(2)],
    ['examinerReports.list', () => api.examinerReports.list()],
    ['examinerReports.remove', () => api.examinerReports.remove(2)],
    ['faqs.list', () => api.faqs.list({ category: 'General', publishedOnly: true })],
    ['faqs.get', () => api.faqs.get(5)],
    ['faqs.create', () => api.faqs.create({ question: 'Q?', answer: 'A.', category: 'General', is_published: true })],
    ['faqs.update', () => api.faqs.update(5, { sort_order: 2, updated_at: '2026-01-01T00:00:00.000Z' })],
    ['faqs.remove', () => api.faqs.remove(5)],
    ['gradeThresholds.list', () => api.gradeThresholds.list(3)],
    ['gradeThresholds.ofSubject', () => api.gradeThresholds.ofSubject(3)],
    ['gradeThresholds.ofVariant', () => api.gradeThresholds.ofVariant(9, 12)],
    [
      'gradeThresholds.create',
      () =>
        api.gradeThresholds.create({
          subject_id: 3,
          year: 2023,
          session: 'May/June',
          component: '12',
          max_marks: 80,
          boundaries: [{ grade: 'A*', min_marks: 70 }],
        }),
    ],
    [
      'gradeThresholds.update',
      () =>
        api.gradeThresholds.update(6, {
          subject_id: 3,
          year: 2023,
          session: 'May/June',
          component: '12',
          max_marks: 80,
          boundaries: [{ grade: 'A', min_marks: 60 }],
          updated_at: '2026-01-01T00:00:00.000Z',
        }),
    ],
    ['gradeThresholds.remove', () => api.gradeThresholds.remove(6, '2026-01-01T00:00:00.000Z')],
    ['inquiries.list', () => api.inquiries.list(2, 10, 'new')],
    ['inquiries.get', () => api.inquiries.get(7)],
    [
      'inquiries.create',
      () => api.inquiries.create({ name: 'A', email: 'a@b.co', subject: 'S', message: 'Hi', priority: 'low' }),
    ],
    ['inquiries.setStatus', () => api.inquiries.setStatus(7, 'resolved')],
    ['inquiries.remove', () => api.inquiries.remove(7)],
    ['users.list', () => api.users.list()],
    [
      'users.create',
      () =>
        api.users.create({
          name: 'N',
          email: 'n@b.co',
          role: 'user',
          status: 'active',
          password: 'secret-123',
          confirmPassword: 'secret-123',
        }),
    ],
    [
      'users.update',
      () =>
        api.users.update(3, {
          name: 'N',
          email: 'n@b.co',
          role: 'admin',
          status: 'active',
          updated_at: '2026-01-01T00:00:00Z',
        }),
    ],
    ['users.resetPassword', () => api.users.resetPassword(3, 'secret-123', 'secret-123')],
    ['users.remove', () => api.users.remove(3)],
    ['auth.login', () => api.auth.login('a@b.co', 'pw')],
    ['auth.logout', () => api.auth.logout()],
    ['auth.check', () => api.auth.check()],
    ['auth.logoutEverywhere', () => api.auth.logoutEverywhere()],
    [
      'auth.changePassword',
      () =>
        api.auth.changePassword({
          currentPassword: 'old-secret',
          password: 'new-secret-1',
          confirmPassword: 'new-secret-1',
        }),
    ],
    ['auth.setupFirstAdmin', () => api.auth.setupFirstAdmin('token', 'pw-123456', 'pw-123456')],
    ['search.find', () => api.search.find({ q: '9702 s23', level: 'cambridge-a-levels', year: 2023, page: 2 })],
    ['imports.list', () => api.imports.list()],
    ['imports.create', () => api.imports.create()],
    ['imports.get', () => api.imports.get(8)],
    ['imports.discard', () => api.imports.discard(8)],
    ['imports.correct', () => api.imports.correct(8, 2, { session: 'May/June', year: 2023, skip: null })],
    ['imports.removeFile', () => api.imports.removeFile(8, 2)],
    ['imports.chooseSubject', () => api.imports.chooseSubject(8, '0610', 3)],
    ['imports.commit', () => api.imports.commit(8)],
    ['coverage.get', () => api.coverage.get(3)],
    ['storedFiles.ofPaper', () => api.storedFiles.ofPaper(9)],
    ['documentViews.record', () => api.documentViews.record({ variant_id: 4, document_type: 'mark_scheme' })],
  ])('%s', async (_name, call) => {
    const before = requests.length;
    await call();
    expect(requests.length).toBe(before + 1);
  });

  it('every link the front ends build is a documented GET with documented parameters', () => {
    const contract = new ApiContract();
    const links = [
      api.links.file('papers/0b4d.pdf'),
      api.links.variantDocument(4, 'examiner_report', 'stream'),
      api.links.variantDocument(4, 'document', true),
      api.links.paper(9),
      api.links.markScheme(2, 'preview'),
      api.links.examinerReport(2),
    ];
    for (const url of links) expect(contract.problemsOf({ method: 'GET', url })).toEqual([]);
  });
});

/** What a multipart body holds, as the contract double reads it. */
function sentForm(form: FormData): { fields: Record<string, string>; files: string[] } {
  const fields: Record<string, string> = {};
  const files: string[] = [];
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
    else files.push(name);
  });
  return { fields, files };
}

describe('uploads (multipart, through XMLHttpRequest) send only the fields the document gives their forms', () => {
  const sent: { method: string; url: string; multipart?: ReturnType<typeof sentForm> }[] = [];
  const client = new ApiClient({
    storage: null,
    createXhr: () =>
      ({
        open(method: string, url: string) {
          sent.push({ method, url });
        },
        setRequestHeader() {},
        getResponseHeader: () => 'application/json',
        upload: {},
        status: 200,
        statusText: 'OK',
        responseText: '{"data":{"id":1}}',
        onload: null as null | (() => void),
        send(this: { onload: () => void }, body: FormData) {
          sent.at(-1)!.multipart = sentForm(body);
          this.onload();
        },
      }) as unknown as XMLHttpRequest,
  });
  const api = createApi(client);
  const contract = new ApiContract();
  const pdf = () => new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' });
  const version = { updated_at: '2026-01-01T00:00:00.000Z' };
  const subject = { name: 'Biology', code: '0610', level: 'cambridge-igcse', description: '' };
  const paper: PastPaperFields = {
    subject_id: 3,
    subject: 'Biology',
    code: '0610',
    level: 'cambridge-igcse',
    year: '2024',
    session: 'May/June',
    variants: JSON.stringify([{ name: 'Paper 1', slug: 'paper-1', version: 1 }]),
    variant_0_document_path: pdf(),
    variant_0_mark_scheme_path: pdf(),
    variant_1_remove_examiner_report: '1',
  };
  const markScheme = {
    subject: 'Biology',
    code: '0610',
    year: '2024',
    session: 'May/June',
    paperNumber: '1',
    past_paper_id: '',
    markSchemeFile: pdf(),
  };
  const report = { past_paper_id: '9', paper_number: '1', summary: 'Candidates did well.', file: pdf() };

  it.each<[string, () => Promise<unknown>]>([
    ['subjects.create', () => api.subjects.create(multipartForm<SubjectFields>(subject))],
    ['subjects.update', () => api.subjects.update(4, multipartForm<SubjectFields>({ ...subject, ...version }))],
    ['pastPapers.create', () => api.pastPapers.create(multipartForm(paper))],
    ['pastPapers.update', () => api.pastPapers.update(9, multipartForm({ ...paper, ...version, id: 9 }))],
    ['markSchemes.create', () => api.markSchemes.create(multipartForm<MarkSchemeFields>(markScheme))],
    [
      'markSchemes.update',
      () =>
        api.markSchemes.update(
          2,
          multipartForm<MarkSchemeFields>({ ...markScheme, markSchemeFile: undefined, fileUrl: '/uploads/a.pdf' }),
        ),
    ],
    ['examinerReports.create', () => api.examinerReports.create(multipartForm<ExaminerReportFields>(report))],
    [
      'examinerReports.update',
      () => api.examinerReports.update(2, multipartForm<ExaminerReportFields>({ ...report, ...version })),
    ],
    ['imports.stage', () => api.imports.stage(8, new Blob(['%PDF']), 'a.pdf', 'ab'.repeat(32))],
  ])('%s', async (_name, call) => {
    await call();
    const request = sent.at(-1)!;
    expect(Object.keys(request.multipart?.fields ?? {}).length).toBeGreaterThan(0);
    expect(contract.problemsOf(request)).toEqual([]);
  });

  it('an update sends the id and the PUT override the document gives a form POST', async () => {
    await api.subjects.update(4, multipartForm<SubjectFields>(subject));
    expect(sent.at(-1)!.multipart!.fields).toMatchObject({ id: '4', _method: 'PUT', name: 'Biology' });
  });
});

describe('the contract double reads multipart forms', () => {
  const contract = new ApiContract();
  const form = (fields: Record<string, string>, files: string[] = []) => ({ fields, files });

  it('refuses a form field the document does not have, and a file where it says text', () => {
    expect(
      contract.problemsOf({
        method: 'POST',
        url: '/backend/api/subjects.php',
        multipart: form({ name: 'Biology', code: '0610', level: 'cambridge-igcse', subjectCode: 'x' }),
      }),
    ).toEqual(['form has subjectCode, which the document does not have']);
    expect(
      contract.problemsOf({
        method: 'POST',
        url: '/backend/api/examiner_reports.php',
        multipart: form({ past_paper_id: '9', paper_number: '1' }, ['summary']),
      }),
    ).toEqual(['form field summary is a file, but the document says text']);
  });

  it('takes variant files only by the pattern the document gives, and checks values as the server reads them', () => {
    const paper = { subject_id: '3', session: 'May/June', year: '2024', variants: '[]' };
    expect(
      contract.problemsOf({
        method: 'POST',
        url: '/backend/api/past_papers.php',
        multipart: form(paper, ['variant_0_document_path', 'variant_12_examiner_report_path']),
      }),
    ).toEqual([]);
    expect(
      contract.problemsOf({
        method: 'POST',
        url: '/backend/api/past_papers.php',
        multipart: form({ ...paper, year: 'soon' }, ['variant_0_paper_path']),
      }),
    ).toEqual(['form has variant_0_paper_path, which the document does not have', 'form/year must be number']);
  });
});

describe('the contract double', () => {
  const contract = new ApiContract();

  it('refuses a JSON field the document does not have', () => {
    const body = JSON.stringify({ question: 'Q?', answer: 'A.', categroy: 'General' });
    expect(contract.problemsOf({ method: 'POST', url: '/backend/api/faqs', body })).toEqual([
      'body has categroy, which the document does not have',
    ]);
  });

  it('refuses a query parameter the document does not have, and a value of the wrong type', () => {
    expect(contract.problemsOf({ method: 'GET', url: '/backend/api/past_papers.php?subjectId=3' })).toEqual([
      'query parameter subjectId is not documented',
    ]);
    expect(contract.problemsOf({ method: 'GET', url: '/backend/api/subjects.php?id=abc' })).toEqual([
      'query parameter id/value must be integer',
    ]);
  });

  it('refuses an undocumented path or method, and a missing required parameter', () => {
    expect(contract.problemsOf({ method: 'GET', url: '/backend/api/papers.php' })).toEqual([
      'path /backend/api/papers.php is not documented',
    ]);
    expect(contract.problemsOf({ method: 'PUT', url: '/backend/api/coverage?subject_id=1' })).toEqual([
      'PUT is not documented for /backend/api/coverage',
    ]);
    expect(contract.problemsOf({ method: 'GET', url: '/backend/api/coverage' })).toEqual([
      'query parameter subject_id is missing',
    ]);
  });

  it('makes the call fail when a front end sends a field the document does not have', async () => {
    const double = contractFetch(answerFor);
    const client = new ApiClient({ fetch: double.fetch, storage: null });
    const sneaky = { question: 'Q?', answer: 'A.', priority: 'high' };
    // An object built elsewhere passes the type check with an extra field (only literals are checked for excess
    // properties): the double is what refuses it.
    const call = createApi(client).faqs.create(sneaky);
    await expect(call).rejects.toBeInstanceOf(ContractViolation);
    await expect(call).rejects.toThrow('body has priority, which the document does not have');
  });
});

describe('type safety: a renamed field or query parameter does not compile', () => {
  const { api } = contractApi();

  it('is checked by tsc (these lines are the test: each must be a type error)', () => {
    // Never called: only compiled. `tsc -p shared-ui` fails if any line below stops being a type error.
    const typeChecks = () => {
      // @ts-expect-error subject_id renamed to subjectId: not a query parameter of GET /past_papers.php
      void api.pastPapers.list({ subjectId: 3 });
      // @ts-expect-error published_only renamed: not a query parameter of GET /faqs.php
      void api.client.http.GET('/backend/api/faqs.php', { params: { query: { publishedOnly: 'true' } } });
      // @ts-expect-error sort_order renamed to sortOrder: not a field of UpdateFaqDto
      void api.faqs.update(1, { sortOrder: 2 });
      // @ts-expect-error a path the document does not have
      void api.client.http.GET('/backend/api/papers.php');
      // @ts-expect-error download_variant_id renamed: not a query parameter of the download link
      void api.client.link('/backend/api/past_papers.php', { variant_id: 4 });
      // @ts-expect-error paperNumber renamed to paper_no: not a field of the mark scheme form
      void api.markSchemes.create(multipartForm<MarkSchemeFields>({ paper_no: '2' }));
      // @ts-expect-error a variant file slot the document does not name (its files are the VariantView *_path fields)
      const slot: PastPaperFields = { variant_0_paper_path: new Blob() };
      // @ts-expect-error an upload takes only a form built from its operation's documented fields
      void api.subjects.create(new FormData());
      void slot;
    };
    expect(typeof typeChecks).toBe('function');
  });
});
