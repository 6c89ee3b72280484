import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

interface LinkedDocument {
  kind: 'mark_scheme' | 'examiner_report';
  id: number;
  paper_number: string;
  file_name: string | null;
  downloads: number;
  is_pdf: boolean;
}

/**
 * Mark schemes and examiner reports added in their own admin sections reached no student. Now
 * each shows with the paper it belongs to (by past_paper_id, else by subject code, year and session), is
 * downloadable and counted, and the counts agree: paper summaries, the subject page and the admin dashboard.
 */
describe('one truth for mark schemes and examiner reports', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;
  let paperId: number;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin, { name: 'Computer Science', code: '0478' })).id;
    paperId = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subjectId))
        .field('year', '2023')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes('Question paper'), 'qp.pdf')
        .attach('variant_0_mark_scheme_path', pdfBytes('Variant mark scheme'), 'ms-in-variant.pdf')
        .expect(201)
    ).body.data.id;
    const markScheme = (fields: Record<string, string>, name: string) => {
      let req = bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token));
      for (const [k, v] of Object.entries({
        subject: 'Computer Science',
        code: '0478',
        year: '2023',
        session: 'May/June',
        ...fields,
      }))
        req = req.field(k, v);
      return req.attach('markSchemeFile', pdfBytes(name), name).expect(201);
    };
    await markScheme({ paperNumber: '12', past_paper_id: String(paperId) }, 'linked-by-id.pdf');
    await markScheme({ paperNumber: '22', past_paper_id: '' }, 'matched-by-series.pdf');
    await markScheme({ paperNumber: '12', past_paper_id: '', year: '2019' }, 'other-series.pdf'); // no 2019 paper
    await bff
      .http()
      .post(`${API}/examiner_reports.php`)
      .set(bearer(admin.token))
      .field('past_paper_id', String(paperId))
      .field('paper_number', '1')
      .field('summary', 'Candidates did well.')
      .attach('file', docxBytes(), 'er-2023.docx')
      .expect(201);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const subjectPage = async () =>
    (await bff.http().get(`${API}/subjects.php?id=${subjectId}`).expect(200)).body.data as {
      papers: Array<{
        id: number;
        linked_documents: LinkedDocument[];
        variants: Array<{ mark_scheme_path: string | null }>;
      }>;
    };

  it('lists them with their paper on the public subject page: by past_paper_id, else by code, year and session', async () => {
    const paper = (await subjectPage()).papers.find((p) => p.id === paperId)!;
    expect(paper.linked_documents.map((d) => [d.kind, d.file_name, d.paper_number, d.is_pdf]).sort()).toEqual(
      [
        ['examiner_report', 'er-2023.docx', '1', false],
        ['mark_scheme', 'linked-by-id.pdf', '12', true],
        ['mark_scheme', 'matched-by-series.pdf', '22', true],
      ].sort(),
    );
  });

  it('counts them in the paper summaries the listings read, and in the dashboard', async () => {
    const summaries = (await bff.http().get(`${API}/past_papers.php?view=summary&subject_id=${subjectId}`).expect(200))
      .body.data as Array<{ id: number; mark_scheme_count: number; examiner_report_count: number }>;
    const summary = summaries.find((s) => s.id === paperId)!;
    expect(summary.mark_scheme_count).toBe(3); // one in the variant, two added on their own
    expect(summary.examiner_report_count).toBe(1);
    const dashboard = (await bff.http().get(`${API}/dashboard_stats.php`).set(bearer(admin.token)).expect(200)).body
      .data as { totalReports: number };
    const [{ n }] = await bff.db.query(
      `SELECT ((SELECT COUNT(*) FROM examiner_reports)
               + (SELECT COUNT(*) FROM variants v JOIN documents d ON d.variant_id = v.id AND d.kind = 'examiner-report')
              )::int AS n`,
    );
    expect(dashboard.totalReports).toBe(n);
    expect(dashboard.totalReports).toBeGreaterThanOrEqual(1);
  });

  it('downloads one through its own link and shows the count on the next read', async () => {
    const before = (await subjectPage()).papers
      .find((p) => p.id === paperId)!
      .linked_documents.find((d) => d.file_name === 'matched-by-series.pdf')!;
    await bff.http().get(`${API}/mark_schemes.php?download_id=${before.id}`).expect(200);
    const after = (await subjectPage()).papers
      .find((p) => p.id === paperId)!
      .linked_documents.find((d) => d.id === before.id)!;
    expect(after.downloads).toBe(before.downloads + 1);
  });
});
