import { DEMO_PAPERS, DEMO_SUBJECTS } from '../src/seed/demo-content';
import { demoQuestions } from '../src/seed/demo-document-text';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pagedPdf } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

interface Place {
  document_id: number;
  page: number;
  top: number;
}
interface Questions {
  status: string;
  reasons?: string[];
  total_marks: number | null;
  stated_total: number | null;
  questions: Array<{
    number: string;
    marks: number;
    question_paper: Place;
    mark_scheme: Place | null;
    examiner_report: Place | null;
  }>;
}
interface SeededVariant {
  id: number;
  name: string;
  mark_scheme_path: string | null;
  examiner_report_path: string | null;
}

/**
 * The seeded demo papers are laid out like Cambridge papers: once the background reading has read them, each one is
 * split into its questions (public `ready`), with its mark-scheme rows and, where there is a report, its examiners'
 * comments. The seeded library is read in document order, so the first subject's papers (read first) are checked; a
 * file an admin adds meanwhile is read before the rest of that backlog.
 */
describe('demo papers, question by question', () => {
  let bff: TestBff;
  let admin: SignedIn;
  const subject = DEMO_SUBJECTS[0]!;
  const bank = demoQuestions(subject.name);
  const marks = bank.map((q) => q.parts.reduce((sum, part) => sum + part.marks, 0));

  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true, env: { DOCUMENT_TEXT_POLL_MS: '100' } });
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  /** Polls (no fixed sleep) until the admin's answer for the variant is no longer pending. */
  const detected = async (paperId: number, variantId: number, timeoutMs = 90_000): Promise<Questions> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await bff
        .http()
        .get(`${API}/papers/${paperId}/questions`)
        .query({ variant: variantId })
        .set('Authorization', `Bearer ${admin.token}`);
      expect(res.status).toBe(200);
      const data = res.body.data as Questions;
      if (data.status !== 'pending' || Date.now() > deadline) return data;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('reads a file an admin adds before the rest of the demo library, which is still being read', async () => {
    const subjectRow = await createSubject(bff, admin, {
      name: 'Reading Order',
      code: '9990',
      level: 'cambridge-igcse',
    });
    const created = await bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subjectRow.id))
      .field('year', '2025')
      .field('session', 'May/June')
      .field('code', 'x')
      .field('level', 'x')
      .field('subject', 'x')
      .field('variants', JSON.stringify([{ name: 'Paper 11', slug: 'paper-11', version: 11 }]))
      .attach('variant_0_document_path', await pagedPdf(['Reading order', 'Question 1 of the newest paper']), 'qp.pdf');
    expect(created.status).toBe(201);
    const path = (created.body.data as { variants: Array<{ document_path: string }> }).variants[0]!.document_path;
    const statusOfAdded = async () =>
      (
        await bff.db.query<Array<{ status: string }>>(
          'SELECT t.status FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE d.storage_key = $1',
          [path],
        )
      )[0]?.status;
    const deadline = Date.now() + 60_000;
    while ((await statusOfAdded()) !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOfAdded()).toBe('done');
    // Read first: most of the seeded documents are still waiting (read in order, they would all be done by now).
    const [waiting] = await bff.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM document_texts WHERE status IN ('pending', 'working')`,
    );
    expect(waiting!.n).toBeGreaterThan(DEMO_PAPERS.length);
  });

  it("the first subject's demo papers are ready, question by question, for the public", async () => {
    const papers: Array<{ id: number; subject_code: string; variants: SeededVariant[] }> = (
      await bff.http().get(`${API}/past_papers.php`).query({ subject_code: subject.code })
    ).body.data.filter((paper: { subject_code: string }) => paper.subject_code === subject.code);
    expect(papers.length).toBe(DEMO_PAPERS.filter((p) => p.subjectCode === subject.code).length);
    let variants = 0;
    let withReport = 0;
    for (const paper of papers) {
      for (const variant of paper.variants) {
        const data = await detected(paper.id, variant.id);
        expect([variant.name, data.reasons]).toEqual([variant.name, []]);
        expect(data.status).toBe('ready');
        expect(data.stated_total).toBe(marks.reduce((a, b) => a + b, 0));
        expect(data.questions.map((q) => [q.number, q.marks])).toEqual(marks.map((m, i) => [String(i + 1), m]));
        for (const question of data.questions) {
          expect(question.question_paper.page).toBeGreaterThanOrEqual(2);
          expect(question.question_paper.top).toBeGreaterThan(0);
          expect(question.question_paper.top).toBeLessThan(1);
          expect(question.mark_scheme !== null).toBe(variant.mark_scheme_path !== null);
          expect(question.examiner_report !== null).toBe(variant.examiner_report_path !== null);
        }
        if (variant.examiner_report_path !== null) withReport++;
        // The public sees the same questions.
        const pub = await bff.http().get(`${API}/papers/${paper.id}/questions`).query({ variant: variant.id });
        expect(pub.status).toBe(200);
        expect(pub.body.data.status).toBe('ready');
        expect(pub.body.data.questions).toEqual(data.questions);
        variants++;
      }
    }
    expect(variants).toBeGreaterThanOrEqual(3);
    expect(withReport).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it('a search hit inside a demo question paper says which question it is in', async () => {
    // Words of question 2's first part, found on the page where question 2 is.
    const words = bank[1]!.parts[0]!.text.split(/[^A-Za-z]+/)
      .filter((word) => word.length >= 6)
      .slice(0, 2);
    expect(words.length).toBe(2);
    const res = await bff
      .http()
      .get(`${API}/search`)
      .query({ q: words.join(' '), subject: subject.code, limit: 50 });
    expect(res.status).toBe(200);
    const results = res.body.data.results as Array<{
      paper_id: number;
      variant_id: number | null;
      document_type: string;
      page: number | null;
      questions: string[];
    }>;
    const inQuestionPapers = results.filter((r) => r.document_type === 'question-paper' && r.page !== null);
    expect(inQuestionPapers.length).toBeGreaterThanOrEqual(1);
    let labelled = 0;
    for (const result of inQuestionPapers) {
      const set = (
        await bff.http().get(`${API}/papers/${result.paper_id}/questions`).query({ variant: result.variant_id })
      ).body.data as Questions;
      if (set.status !== 'ready') {
        expect(result.questions).toEqual([]);
        continue;
      }
      expect(result.questions).toContain('2');
      labelled++;
      // Every question named starts on or before the hit's page.
      for (const number of result.questions) {
        const start = set.questions.find((q) => q.number === number)!;
        expect(start.question_paper.page).toBeLessThanOrEqual(result.page!);
      }
    }
    expect(labelled).toBeGreaterThanOrEqual(1);
    // Hits in mark schemes and examiner reports name no question.
    for (const result of results.filter((r) => r.document_type !== 'question-paper')) {
      expect(result.questions).toEqual([]);
    }
  }, 60_000);
});
