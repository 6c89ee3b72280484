import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestBff, type TestBff } from './support/test-bff';

describe('walking skeleton endpoints (seeded demo content)', () => {
  let bff: TestBff;

  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true });
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('GET /health checks the database', async () => {
    const res = await bff.http().get('/backend/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /settings.php answers the settings with demo contact values', async () => {
    const res = await bff.http().get('/backend/api/settings.php').expect(200);
    expect(res.body.data).toMatchObject({
      siteName: 'Past Paper Library',
      contactEmail: 'help@pastpaperlibrary.example',
      filesPerPage: 10,
      maxFileSize: 10,
    });
    expect(res.body.data.supportPhone).not.toBe('');
  });

  it('GET /subjects.php lists at least 12 subjects over at least 6 levels, each with its paper count', async () => {
    const res = await bff.http().get('/backend/api/subjects.php').expect(200);
    const subjects = res.body.data as Array<{ code: string; level: string; paper_count: number }>;
    expect(subjects.length).toBeGreaterThanOrEqual(12);
    expect(new Set(subjects.map((s) => s.level)).size).toBeGreaterThanOrEqual(6);
    expect(subjects.every((s) => s.paper_count >= 1)).toBe(true);
  });

  it('GET /past_papers.php lists at least 40 papers over several years and all three sessions', async () => {
    const res = await bff.http().get('/backend/api/past_papers.php').expect(200);
    const papers = res.body.data as Array<{
      year: number;
      session: string;
      variants: Array<{ mark_scheme_path: string | null; examiner_report_path: string | null }>;
    }>;
    expect(papers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(papers.map((p) => p.year)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(papers.map((p) => p.session))).toEqual(new Set(['Feb/March', 'May/June', 'Oct/Nov']));
    for (const p of papers) expect(p.variants.length).toBeGreaterThanOrEqual(1);
    for (const p of papers) expect(p.variants.length).toBeLessThanOrEqual(3);
    const withMarkScheme = papers.filter((p) => p.variants.some((v) => v.mark_scheme_path));
    const withReport = papers.filter((p) => p.variants.some((v) => v.examiner_report_path));
    expect(withMarkScheme.length).toBeGreaterThan(papers.length / 2);
    expect(withReport.length).toBeGreaterThan(0);
  });

  it('every seeded variant document is a real PDF naming its subject, code, year, session and variant', async () => {
    const res = await bff.http().get('/backend/api/past_papers.php').expect(200);
    const paper = res.body.data[0];
    const variant = paper.variants[0];
    const bytes = readFileSync(join(bff.config.uploadDir, variant.document_path));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = bytes.toString('latin1');
    for (const expected of [paper.subject_name, paper.code, String(paper.year), paper.session, variant.name]) {
      expect(text).toContain(expected.replace(/[()\\]/g, (c: string) => `\\${c}`));
    }
  });

  it('filters papers by category and subject, and finds one by id or by subject code', async () => {
    const igcse = (await bff.http().get('/backend/api/past_papers.php?category=cambridge-igcse').expect(200)).body.data;
    expect(igcse.length).toBeGreaterThan(0);
    expect(igcse.every((p: { subject_level: string }) => p.subject_level === 'cambridge-igcse')).toBe(true);

    const one = igcse[0];
    const byId = (await bff.http().get(`/backend/api/past_papers.php?id=${one.id}`).expect(200)).body.data;
    expect(byId).toMatchObject({ id: one.id, subject_name: one.subject_name, code: one.code });

    const byCode = (await bff.http().get(`/backend/api/past_papers.php?code=${one.code.toLowerCase()}`).expect(200))
      .body.data;
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((p: { code: string }) => p.code === one.code)).toBe(true);

    const bySubject = (await bff.http().get(`/backend/api/past_papers.php?subject_id=${one.subject_id}`).expect(200))
      .body.data;
    expect(bySubject.every((p: { subject_id: number }) => p.subject_id === one.subject_id)).toBe(true);
  });

  it('answers junk ids with 400 and unknown ids with 404, as JSON', async () => {
    for (const junk of ['abc', '-1', '0', '1.5', "1' OR '1'='1", '99999999999']) {
      const res = await bff
        .http()
        .get(`/backend/api/past_papers.php?id=${encodeURIComponent(junk)}`)
        .expect(400);
      expect(res.body).toEqual({ error: 'Invalid id', errors: { id: 'Invalid id' } });
    }
    const missing = await bff.http().get('/backend/api/past_papers.php?id=999999').expect(404);
    expect(missing.body).toEqual({ error: 'Past paper not found' });
  });

  it('answers unknown paths under /backend/api with a JSON 404 that does not echo the path', async () => {
    const res = await bff.http().get('/backend/api/etc/passwd').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('GET /dashboard_stats.php counts papers, users and downloads', async () => {
    const res = await bff.http().get('/backend/api/dashboard_stats.php').expect(200);
    expect(res.body.data.totalPapers).toBeGreaterThanOrEqual(40);
    expect(res.body.data.totalUsers).toBeGreaterThanOrEqual(1);
    expect(res.body.data.totalDownloads).toBe(0);
  });
});
