import { API, bearer, binary, createSubject, createUser, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

/** Every endpoint the spec documents (section 7), as method and OpenAPI path. */
const DOCUMENTED: Array<[string, string]> = [
  ['get', '/backend/api/settings.php'],
  ['put', '/backend/api/settings.php'],
  ['get', '/backend/api/dashboard_stats.php'],
  ['get', '/backend/api/past_papers.php'],
  ['post', '/backend/api/past_papers.php'],
  ['put', '/backend/api/past_papers.php'],
  ['delete', '/backend/api/past_papers.php'],
  ['get', '/backend/api/subjects.php'],
  ['post', '/backend/api/subjects.php'],
  ['put', '/backend/api/subjects.php'],
  ['delete', '/backend/api/subjects.php'],
  ['get', '/backend/api/inquiries.php'],
  ['post', '/backend/api/inquiries.php'],
  ['put', '/backend/api/inquiries.php'],
  ['delete', '/backend/api/inquiries.php'],
  ['get', '/backend/api/faqs.php'],
  ['post', '/backend/api/faqs.php'],
  ['put', '/backend/api/faqs.php'],
  ['delete', '/backend/api/faqs.php'],
  ['get', '/backend/api/faqs'],
  ['post', '/backend/api/faqs'],
  ['put', '/backend/api/faqs'],
  ['delete', '/backend/api/faqs'],
  ['get', '/backend/api/users.php'],
  ['post', '/backend/api/users.php'],
  ['put', '/backend/api/users.php'],
  ['delete', '/backend/api/users.php'],
  ['get', '/backend/api/mark_schemes.php'],
  ['post', '/backend/api/mark_schemes.php'],
  ['put', '/backend/api/mark_schemes.php'],
  ['delete', '/backend/api/mark_schemes.php'],
  ['get', '/backend/api/examiner_reports.php'],
  ['post', '/backend/api/examiner_reports.php'],
  ['put', '/backend/api/examiner_reports.php'],
  ['delete', '/backend/api/examiner_reports.php'],
  ['post', '/backend/api/auth_login.php'],
  ['post', '/backend/api/auth_logout.php'],
  ['post', '/backend/api/auth_password.php'],
  ['post', '/backend/api/auth_setup.php'],
  ['get', '/backend/api/auth_check.php'],
  ['get', '/backend/api/download/papers/{id}'],
  ['get', '/backend/api/documents/{id}'],
  ['get', '/backend/api/papers/{paperId}/documents'],
  ['get', '/backend/api/papers/{paperId}/questions'],
  ['put', '/backend/api/papers/{paperId}/questions'],
  ['delete', '/backend/api/papers/{paperId}/questions/edits'],
  ['get', '/backend/api/pages/subject'],
  ['get', '/backend/api/papers/{paperId}/grade-thresholds'],
  ['get', '/backend/api/subjects/{subjectId}/grade-thresholds'],
  ['get', '/backend/api/grade-thresholds'],
  ['post', '/backend/api/grade-thresholds'],
  ['get', '/backend/api/grade-thresholds/{id}'],
  ['put', '/backend/api/grade-thresholds/{id}'],
  ['delete', '/backend/api/grade-thresholds/{id}'],
  ['get', '/backend/api/download/mark-schemes/{id}'],
  ['get', '/backend/api/download/examiner-reports/{id}'],
  ['get', '/backend/api/files/{path}'],
  ['get', '/backend/api/health'],
  // Bulk import, stored files' provenance, coverage, session zips.
  ['get', '/backend/api/imports'],
  ['post', '/backend/api/imports'],
  ['get', '/backend/api/imports/{id}'],
  ['delete', '/backend/api/imports/{id}'],
  ['post', '/backend/api/imports/{id}/files'],
  ['put', '/backend/api/imports/{id}/files/{fileId}'],
  ['delete', '/backend/api/imports/{id}/files/{fileId}'],
  ['put', '/backend/api/imports/{id}/subjects'],
  ['post', '/backend/api/imports/{id}/commit'],
  ['get', '/backend/api/stored-files'],
  ['get', '/backend/api/coverage'],
  ['get', '/backend/api/download/sessions/{subjectCode}/{year}/{session}.zip'],
  // The viewer's one view per document and visit; search.
  ['post', '/backend/api/document_views.php'],
  ['get', '/backend/api/search'],
];

describe('dashboard, OpenAPI and HTTP robustness', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  describe('dashboard_stats.php', () => {
    it('gives the public counts to everyone and adds totalReports, recentActivity and topResources for admins', async () => {
      const subject = await createSubject(bff, admin, { name: 'Economics', code: '9708' });
      const paper = (
        await bff
          .http()
          .post(`${API}/past_papers.php`)
          .set(bearer(admin.token))
          .field('subject_id', String(subject.id))
          .field('year', '2022')
          .field('session', 'Feb/March')
          .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
          .attach('variant_0_document_path', pdfBytes(), 'q.pdf')
          .attach('variant_0_mark_scheme_path', pdfBytes(), 'm.pdf')
          .expect(201)
      ).body.data;
      await bff
        .http()
        .post(`${API}/examiner_reports.php`)
        .set(bearer(admin.token))
        .field('past_paper_id', String(paper.id))
        .field('paper_number', '1')
        .field('summary', 'S')
        .attach('file', pdfBytes(), 'r.pdf')
        .expect(201);
      const variant = paper.variants[0];
      for (let i = 0; i < 3; i++)
        await bff.http().get(`${API}/past_papers.php?download_variant_id=${variant.id}`).expect(200);
      await bff
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${variant.id}&variant_document_type=mark_scheme`)
        .expect(200);

      const anonymous = (await bff.http().get(`${API}/dashboard_stats.php`).expect(200)).body.data;
      expect(anonymous).toEqual({ totalPapers: 1, totalUsers: 1, totalDownloads: 4 });
      const user = await createUser(bff, admin);
      expect(
        Object.keys(
          (await bff.http().get(`${API}/dashboard_stats.php`).set(bearer(user.token)).expect(200)).body.data,
        ).sort(),
      ).toEqual(['totalDownloads', 'totalPapers', 'totalUsers']);

      const stats = (await bff.http().get(`${API}/dashboard_stats.php`).set(bearer(admin.token)).expect(200)).body.data;
      expect(stats).toMatchObject({
        totalPapers: 1,
        totalUsers: 2,
        totalDownloads: 4,
        totalReports: 1,
        missingMarkSchemes: 0,
      });
      expect(stats.recentActivity[0]).toEqual({
        id: expect.any(Number),
        description: expect.stringMatching(/^Created user /),
        timestamp: expect.any(String),
      });
      expect(stats.recentActivity.map((a: { description: string }) => a.description)).toEqual([
        expect.stringMatching(/^Created user /),
        'Created examiner report for Economics (9708) Feb/March 2022 Paper 1',
        'Created past paper Economics (9708) Feb/March 2022',
        'Created subject Economics (9708)',
      ]);
      const times = stats.recentActivity.map((a: { timestamp: string }) => Date.parse(a.timestamp));
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
      expect(stats.topResources).toEqual([
        {
          id: `variant-${variant.id}-document`,
          title: 'Economics (9708) Feb/March 2022 Paper 1',
          type: 'past-paper',
          downloads: 3,
          lastAccessed: expect.any(String),
        },
        {
          id: `variant-${variant.id}-mark-scheme`,
          title: 'Economics (9708) Feb/March 2022 Paper 1 Mark Scheme',
          type: 'mark-scheme',
          downloads: 1,
          lastAccessed: expect.any(String),
        },
      ]);
    });
  });

  describe('OpenAPI', () => {
    it('lists every endpoint and method at /backend/api/docs-json', async () => {
      const doc = (await bff.http().get(`${API}/docs-json`).expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method} ${path}`),
      );
      for (const [method, path] of DOCUMENTED) expect(listed).toContain(`${method} ${path}`);
      expect(listed.sort()).toEqual(DOCUMENTED.map(([m, p]) => `${m} ${p}`).sort());
    });

    it('serves the UI at /backend/api/docs', async () => {
      const res = await bff.http().get(`${API}/docs`).redirects(1).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('swagger');
    });
  });

  describe('robustness', () => {
    it('answers malformed JSON with 400 and an oversized body with 413, as JSON', async () => {
      const bad = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expect([bad.status, bad.body]).toEqual([400, { error: 'Malformed JSON in request body' }]);
      const huge = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ message: 'x'.repeat(1_100_000) }));
      expect([huge.status, huge.body]).toEqual([413, { error: 'Request body is too large' }]);
    });

    it('treats a JSON array or scalar body as missing fields, and wrong types as invalid (never 500)', async () => {
      expect((await bff.http().post(`${API}/inquiries.php`).send([1, 2]).expect(400)).body.error).toBe(
        'Name is required',
      );
      // body-parser's strict mode only takes objects and arrays as JSON bodies.
      expect(
        (
          await bff
            .http()
            .post(`${API}/inquiries.php`)
            .set('Content-Type', 'application/json')
            .send('"text"')
            .expect(400)
        ).body.error,
      ).toBe('Malformed JSON in request body');
      expect(
        (
          await bff
            .http()
            .post(`${API}/inquiries.php`)
            .send({ name: { $ne: 1 }, email: 'a@b.example', subject: 's', message: 'm' })
            .expect(400)
        ).body.error,
      ).toBe('Name is required');
      expect(
        (
          await bff
            .http()
            .put(`${API}/settings.php`)
            .set(bearer(admin.token))
            .send({ siteName: 42, contactEmail: 'a@b.example' })
            .expect(400)
        ).body.error,
      ).toBe('Site name is required');
    });

    it('answers repeated query keys and junk ids with 400', async () => {
      for (const q of [
        'past_papers.php?id=1&id=2',
        'past_papers.php?category=a&category=b',
        'past_papers.php?subject_id=x',
        'past_papers.php?code=a&code=b',
        'faqs.php?category=a&category=b',
      ]) {
        const res = await bff.http().get(`${API}/${q}`);
        expect([q, res.status]).toEqual([q, 400]);
        expect(res.body.error).toMatch(/^Invalid /);
      }
    });

    it('filters papers by category aliases and answers unknown categories with an empty list', async () => {
      expect((await bff.http().get(`${API}/past_papers.php?category=unknown-thing`).expect(200)).body).toEqual({
        data: [],
      });
      const igcse = (await bff.http().get(`${API}/past_papers.php?category=igcse`).expect(200)).body.data;
      expect(igcse.length).toBeGreaterThan(0);
      expect(igcse.every((p: { level: string }) => p.level.endsWith('-igcse'))).toBe(true);
    });

    it('sends security headers and gzips JSON (above 1 kB)', async () => {
      for (let i = 0; i < 8; i++)
        await createSubject(bff, admin, { name: `Subject with a fairly long name number ${i}` });
      const res = await bff.http().get(`${API}/subjects.php`).set('Accept-Encoding', 'gzip').buffer(true).parse(binary);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-encoding']).toBe('gzip');
      // superagent inflates the body before the parser sees it; the header shows it travelled gzipped.
      expect(JSON.parse((res.body as Buffer).toString()).data.length).toBeGreaterThanOrEqual(8);
    });

    it('never leaks a stack, a SQL text or a file path in a 500', async () => {
      await bff.db.query(`ALTER TABLE faqs RENAME TO faqs_away`);
      try {
        const res = await bff.http().get(`${API}/faqs.php`).expect(500);
        expect(res.body).toEqual({ error: 'Internal server error', requestId: expect.anything() });
      } finally {
        await bff.db.query(`ALTER TABLE faqs_away RENAME TO faqs`);
      }
    });
  });
});
