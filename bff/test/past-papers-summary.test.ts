import { API, bearer, createSubject, signInAdmin } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

interface Variant {
  mark_scheme_path: string | null;
  examiner_report_path: string | null;
  downloads: number;
  updated_at: string;
}
interface Paper {
  id: number;
  code: string;
  subject_level: string;
  updated_at: string;
  variants?: Variant[];
  linked_documents?: Array<{ kind: string; downloads: number }>;
  variant_count?: number;
}

/** `?view=summary`: the compact shape of the large lists (no variants, their number instead). */
describe('past papers in the compact list shape', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true });
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('lists the same papers in the same order, with figures about their variants instead of the variants', async () => {
    // One counted download, so the downloads figure is not trivially zero.
    const one = (await bff.http().get('/backend/api/past_papers.php?code=0580').expect(200)).body.data[0];
    await bff.http().get(`/backend/api/download/papers/${one.id}`).expect(200);
    const full = await bff.http().get('/backend/api/past_papers.php').expect(200);
    const compact = await bff.http().get('/backend/api/past_papers.php?view=summary').expect(200);
    const papers = full.body.data as Paper[];
    const summaries = compact.body.data as Paper[];
    expect(summaries.map((p) => p.id)).toEqual(papers.map((p) => p.id));
    for (const [i, summary] of summaries.entries()) {
      expect(summary.variants).toBeUndefined();
      expect(summary.variant_count).toBe(papers[i]!.variants!.length);
      const { variants = [], linked_documents: linked = [], ...fields } = papers[i]!;
      const latest = [fields.updated_at, ...variants.map((v) => v.updated_at)].sort().at(-1);
      const own = (kind: string) => linked.filter((d) => d.kind === kind).length;
      // The documents added in their own sections count with the variants' (one truth).
      expect(summary).toEqual({
        ...fields,
        variant_count: variants.length,
        mark_scheme_count: variants.filter((v) => v.mark_scheme_path).length + own('mark_scheme'),
        examiner_report_count: variants.filter((v) => v.examiner_report_path).length + own('examiner_report'),
        downloads: variants.reduce((sum, v) => sum + v.downloads, 0) + linked.reduce((sum, d) => sum + d.downloads, 0),
        last_updated_at: latest,
      });
    }
    expect(summaries.reduce((sum, p) => sum + (p as unknown as { downloads: number }).downloads, 0)).toBe(1);
    expect(compact.text.length).toBeLessThan(full.text.length / 3);
  });

  it('takes the same filters', async () => {
    const igcse = (
      await bff.http().get('/backend/api/past_papers.php?view=summary&category=cambridge-igcse').expect(200)
    ).body.data as Paper[];
    expect(igcse.length).toBeGreaterThan(0);
    expect(igcse.every((p) => p.subject_level === 'cambridge-igcse')).toBe(true);
    const byCode = (await bff.http().get('/backend/api/past_papers.php?view=summary&code=0580').expect(200)).body
      .data as Paper[];
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((p) => p.code === '0580')).toBe(true);
    expect(
      (await bff.http().get('/backend/api/past_papers.php?view=summary&category=no-such-level').expect(200)).body.data,
    ).toEqual([]);
  });

  it('?recent=N: the N most recently updated papers, newest first (what the home page lists)', async () => {
    const all = (await bff.http().get('/backend/api/past_papers.php?view=summary').expect(200)).body.data as Paper[];
    const newestFirst = [...all].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
    const recent = (await bff.http().get('/backend/api/past_papers.php?view=summary&recent=6').expect(200)).body
      .data as Paper[];
    expect(all.length).toBeGreaterThan(6);
    expect(recent.map((p) => p.id)).toEqual(newestFirst.slice(0, 6).map((p) => p.id));
    // The same papers as in the whole list, field for field.
    expect(recent).toEqual(newestFirst.slice(0, 6).map((p) => all.find((q) => q.id === p.id)));
    // A paper added now is first.
    const admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Geography', level: 'cambridge-igcse' });
    const created = await bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subject.id))
      .field('year', '2025')
      .field('session', 'Oct/Nov')
      .field('variants', JSON.stringify([{ name: 'Paper 1', slug: 'paper-1', version: 1 }]))
      .attach('variant_0_document_path', pdfBytes('Recent paper'), 'recent.pdf')
      .expect(201);
    const after = (await bff.http().get('/backend/api/past_papers.php?view=summary&recent=1').expect(200)).body
      .data as Paper[];
    expect(after.map((p) => p.id)).toEqual([created.body.data.id]);
    // Filters still apply; the count is bounded.
    const igcse = (
      await bff.http().get('/backend/api/past_papers.php?view=summary&category=cambridge-igcse&recent=2').expect(200)
    ).body.data as Paper[];
    expect(igcse.length).toBeLessThanOrEqual(2);
    expect(igcse.every((p) => p.subject_level === 'cambridge-igcse')).toBe(true);
    for (const bad of ['0', '51', 'six', '-1']) {
      const res = await bff.http().get(`/backend/api/past_papers.php?view=summary&recent=${bad}`).expect(400);
      expect(res.body.error).toBe('Invalid recent');
    }
  });

  it('rejects any other view', async () => {
    const res = await bff.http().get('/backend/api/past_papers.php?view=everything').expect(400);
    expect(res.body).toEqual({ error: 'Invalid view', errors: { view: 'Invalid view' } });
  });
});
