/**
 * @jest-environment node
 */
import { ApiContract, contractFetch, ContractViolation, type SentRequest } from '../testing/contract';
import { ApiClient } from './client';
import { createApi } from './endpoints';

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

describe('uploads (multipart, through XMLHttpRequest) go to documented paths with documented query parameters', () => {
  const sent: { method: string; url: string }[] = [];
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
        send(this: { onload: () => void }) {
          this.onload();
        },
      }) as unknown as XMLHttpRequest,
  });
  const api = createApi(client);
  const contract = new ApiContract();

  it.each<[string, () => Promise<unknown>]>([
    ['subjects.create', () => api.subjects.create(new FormData())],
    ['subjects.update', () => api.subjects.update(4, new FormData())],
    ['pastPapers.create', () => api.pastPapers.create(new FormData())],
    ['pastPapers.update', () => api.pastPapers.update(9, new FormData())],
    ['markSchemes.create', () => api.markSchemes.create(new FormData())],
    ['markSchemes.update', () => api.markSchemes.update(2, new FormData())],
    ['examinerReports.create', () => api.examinerReports.create(new FormData())],
    ['examinerReports.update', () => api.examinerReports.update(2, new FormData())],
    ['imports.stage', () => api.imports.stage(8, new Blob(['%PDF']), 'a.pdf', 'ab'.repeat(32))],
  ])('%s', async (_name, call) => {
    await call();
    expect(contract.problemsOf({ ...sent.at(-1)!, multipart: true })).toEqual([]);
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
    };
    expect(typeof typeChecks).toBe('function');
  });
});
