import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

describe('the subject page in one read (/pages/subject)', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let physics: { id: number };
  let paper: { id: number; variants: Array<{ id: number }> };

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    physics = await createSubject(bff, admin, { name: 'Physics', code: 'WPH11', level: 'edexcel-a-levels' });
    await createSubject(bff, admin, { name: 'Chemistry', code: '0620', level: 'cambridge-igcse' });
    paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(physics.id))
        .field('year', '2023')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 11', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes('2023 May/June Paper 11'), 'qp.pdf')
        .expect(201)
    ).body.data;
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('answers the subject found by code in any letter case, its papers and its coverage, the same as the separate reads', async () => {
    const page = (await bff.http().get(`${API}/pages/subject?code=wph11`).expect(200)).body.data;
    const subject = (await bff.http().get(`${API}/subjects.php?id=${physics.id}`).expect(200)).body.data;
    const coverage = (await bff.http().get(`${API}/coverage?subject_id=${physics.id}`).expect(200)).body.data;
    expect(page.subject).toEqual(subject);
    expect(page.coverage).toEqual(coverage);
    expect(page.subject).toMatchObject({ id: physics.id, code: 'WPH11', paper_count: 1 });
    expect(page.subject.papers.map((p: { id: number }) => p.id)).toEqual([paper.id]);
    expect(page.coverage.sessions).toHaveLength(1);
  });

  it('shows a new download on the next read (the answer carries the counts)', async () => {
    const variantId = paper.variants[0]!.id;
    const before = (await bff.http().get(`${API}/pages/subject?code=WPH11`).expect(200)).body.data;
    await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document`)
      .expect(200);
    const after = (await bff.http().get(`${API}/pages/subject?code=WPH11`).expect(200)).body.data;
    const downloads = (page: { subject: { papers: Array<{ variants: Array<{ document_downloads: number }> }> } }) =>
      page.subject.papers[0]!.variants[0]!.document_downloads;
    expect(downloads(after)).toBe(downloads(before) + 1);
  });

  it('answers 404 with the page message for an unknown code, and 400 for a missing or oversized one', async () => {
    const missing = await bff.http().get(`${API}/pages/subject?code=NOPE1`).expect(404);
    expect(missing.body).toEqual({ error: 'Subject with code NOPE1 not found.' });
    await bff.http().get(`${API}/pages/subject`).expect(400);
    await bff.http().get(`${API}/pages/subject?code=%20`).expect(400);
    await bff
      .http()
      .get(`${API}/pages/subject?code=${'x'.repeat(51)}`)
      .expect(400);
    await bff.http().get(`${API}/pages/subject?code=a&code=b`).expect(400);
  });
});
