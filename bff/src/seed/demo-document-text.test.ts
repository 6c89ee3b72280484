import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectExaminerReport, detectMarkScheme, detectQuestionPaper, questionSet } from '../question-detection';
import { PdfTextReader } from '../question-detection/testing/pdf-text';
import { DEMO_PAPERS, DEMO_SUBJECTS } from './demo-content';
import { demoQuestions, type DemoDocumentAbout } from './demo-document-text';
import { demoPaperSpec } from './demo-paper-spec';
import { renderDemoDocument } from './write-demo-documents';

const reader = new PdfTextReader();
afterAll(() => reader.close());

const about = (kind: DemoDocumentAbout['kind'], subject = 'Physics', code = '0625'): DemoDocumentAbout => ({
  kind,
  subject,
  code,
  year: 2023,
  session: 'May/June',
  variant: 'Paper 2',
});

/** The first paper of each demo subject, as the seed makes it (variant Paper 1). */
const firstPapers = DEMO_SUBJECTS.map((subject) => {
  const paper = DEMO_PAPERS.find((p) => p.subjectCode === subject.code)!;
  return [
    `${subject.name} (${subject.code})`,
    {
      ...about('Question Paper', subject.name, subject.code),
      year: paper.year,
      session: paper.session,
      variant: 'Paper 1',
    },
  ] as const;
});

describe('demo documents', () => {
  it('lay out the subject’s question bank as a sound Cambridge paper', () => {
    const spec = demoPaperSpec(about('Question Paper'));
    const bank = demoQuestions('Physics');
    expect(spec.paperCode).toBe('0625/21');
    expect(spec.series).toEqual({ short: 'M/J', name: 'May/June', year: 2023 });
    expect(spec.questions.map((q) => q.number)).toEqual(bank.map((_, i) => i + 1));
    expect(spec.questions[0]!.leaves[0]!.text).toContain('accelerates uniformly');
    expect(spec.questions[0]!.leaves[0]!.scheme[0]!.text).toContain('3.0 m/s^2');
    expect(spec.statedTotal).toBe(bank.flatMap((q) => q.parts).reduce((sum, part) => sum + part.marks, 0));
    expect(spec.damage).toBeNull();
    // The same variant always gives the same layout.
    expect(demoPaperSpec(about('Mark Scheme'))).toEqual(spec);
  });

  it.each(firstPapers)(
    '%s: read by pdf.js, the question paper, mark scheme and report make a ready set',
    async (_, paper) => {
      const [qp, ms, er] = await Promise.all(
        (['Question Paper', 'Mark Scheme', 'Examiner Report'] as const).map(async (kind) =>
          reader.read(await renderDemoDocument({ ...paper, kind })),
        ),
      );
      const set = questionSet({
        questionPaper: detectQuestionPaper(qp!),
        markScheme: detectMarkScheme(ms!),
        examinerReport: detectExaminerReport(er!),
      });
      const bank = demoQuestions(paper.subject);
      expect(set.reasons).toEqual([]);
      expect(set.status).toBe('ready');
      expect(set.questions.map((q) => [q.number, q.marks])).toEqual(
        bank.map((q, i) => [String(i + 1), q.parts.reduce((sum, part) => sum + part.marks, 0)]),
      );
      for (const question of set.questions) {
        expect(question.questionPaper.page).toBeGreaterThanOrEqual(2);
        expect(question.markScheme).not.toBeNull();
        expect(question.examinerReport).not.toBeNull();
      }
    },
    60_000,
  );

  it('use only characters the standard PDF fonts can draw (WinAnsi)', () => {
    const text = JSON.stringify(
      ['Physics', 'Chemistry', 'Biology', 'Computer Science', 'Economics', 'Mathematics'].map((subject) =>
        demoQuestions(subject),
      ),
    );
    expect(text.match(/[^\u0020-\u00ff–—‘’“”•…€™]/gu) ?? []).toEqual([]);
  });

  it('are made at build time: nothing the seed runs imports the PDF generator', () => {
    const runtime = readdirSync(__dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !['write-demo-documents.ts', 'demo-paper-spec.ts'].includes(file));
    for (const file of runtime) {
      const source = readFileSync(join(__dirname, file), 'utf8');
      expect([file, /from '(?:pdfkit|[./]*question-detection\/testing\/[^']*)'/.test(source)]).toEqual([file, false]);
    }
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies.pdfkit).toBeUndefined();
    expect(pkg.devDependencies.pdfkit).toBeDefined();
  });
});
