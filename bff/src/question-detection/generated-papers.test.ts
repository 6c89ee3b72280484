import PDFDocument from 'pdfkit';
import { detectExaminerReport, commentsForPaper } from './examiner-report';
import { type PagePosition } from './page-lines';
import { detectMarkScheme } from './mark-scheme';
import { questionSet } from './question-checks';
import { detectQuestionPaper } from './question-paper';
import { DAMAGES, generatePaper, paperSpec, renderPaper } from './testing/question-papers';
import { PdfTextReader } from './testing/pdf-text';

// Generated PDFs read by pdf.js (in a child process, as the BFF reads them): the whole path from bytes to verdict.
const reader = new PdfTextReader();
afterAll(() => reader.close());

const near = (found: PagePosition | undefined, expected: PagePosition): boolean =>
  found !== undefined && found.page === expected.page && Math.abs(found.top - expected.top) <= 0.03;

function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

describe('generated papers read from PDF', () => {
  it.each([
    ['Cambridge, 5 questions', 3, { questions: 5 }],
    ['Cambridge, 12 questions', 4, { questions: 12 }],
    ['Edexcel', 5, { board: 'edexcel' as const, questions: 7 }],
  ])('%s: ready, every question where the labels say, with its marks, rows and comment', async (_, seed, options) => {
    const paper = await generatePaper(seed, options);
    const qp = detectQuestionPaper(await reader.read(paper.questionPaper.pdf));
    const ms = detectMarkScheme(await reader.read(paper.markScheme.pdf));
    const er = detectExaminerReport(await reader.read(paper.examinerReport.pdf));
    const set = questionSet({ questionPaper: qp, markScheme: ms, examinerReport: er });
    expect(set.reasons).toEqual([]);
    expect(set.status).toBe('ready');
    expect(set.statedTotal).toBe(paper.spec.statedTotal);
    expect(set.durationMinutes).toBe(paper.spec.durationMinutes);
    const labels = paper.questionPaper.labels.questions;
    expect(set.questions.map((q) => [q.number, q.marks])).toEqual(labels.map((l) => [String(l.number), l.marks]));
    for (const label of labels) {
      const found = set.questions.find((q) => q.number === String(label.number))!;
      expect(near(found.questionPaper, label.start)).toBe(true);
      expect(near(found.markScheme ?? undefined, paper.markScheme.labels.questions[label.number - 1]!.start)).toBe(
        true,
      );
      const comment = paper.examinerReport.labels.comments.find((c) => c.questions.includes(label.number))!;
      expect(near(found.examinerReport ?? undefined, comment.start)).toBe(true);
    }
    expect(qp!.questions.map((q) => q.parts)).toEqual(labels.map((l) => l.parts));
    expect(ms!.rows.map((row) => row.label)).toEqual(paper.markScheme.labels.rows.map((row) => row.label));
    expect(commentsForPaper(er, paper.spec.paperCode).length).toBe(paper.examinerReport.labels.comments.length);
  });

  it.each(DAMAGES.map((damage, i) => [damage, 2000 + i] as const))('%s: flagged', async (damage, seed) => {
    const paper = await generatePaper(seed, { damage, questions: 8 });
    const qp = detectQuestionPaper(await reader.read(paper.questionPaper.pdf));
    const ms = detectMarkScheme(await reader.read(paper.markScheme.pdf));
    const set = questionSet({ questionPaper: qp, markScheme: ms });
    expect(paper.expected).toBe('flagged');
    expect(set.status).toBe('flagged');
    expect(set.reasons.length).toBeGreaterThan(0);
  });

  it('are the same bytes and labels from the same seed', async () => {
    const spec = paperSpec(42, { questions: 6 });
    const [a, b] = [await renderPaper(spec), await renderPaper(paperSpec(42, { questions: 6 }))];
    expect(a.questionPaper.pdf.equals(b.questionPaper.pdf)).toBe(true);
    expect(a.markScheme.pdf.equals(b.markScheme.pdf)).toBe(true);
    expect(a.questionPaper.labels).toEqual(b.questionPaper.labels);
    expect(paperSpec(43, { questions: 6 })).not.toEqual(spec);
  });
});

describe('paperSpec', () => {
  it("takes the paper's identity from the options, the rest from the seed", () => {
    const spec = paperSpec(9, { subject: 'PHYSICS', syllabus: '0625', component: '12', series: 'M/J', year: 2023 });
    expect(spec).toMatchObject({
      paperCode: '0625/12',
      title: 'Paper 1 Theory (Extended)',
      series: { name: 'May/June', year: 2023 },
    });
    expect(spec.questions).toEqual(paperSpec(9).questions);
  });

  it('has 5 to 12 questions whose marks add up to the stated total', () => {
    for (let seed = 1; seed <= 16; seed++) {
      const spec = paperSpec(seed);
      expect(spec.questions.length).toBeGreaterThanOrEqual(5);
      expect(spec.questions.length).toBeLessThanOrEqual(12);
      expect(spec.statedTotal).toBe(spec.questions.reduce((sum, q) => sum + q.marks, 0));
    }
  });
});

describe('documents that are not exam papers give none', () => {
  it('a letter', async () => {
    const letter = await pdf((doc) => {
      doc.font('Helvetica').fontSize(11);
      doc.text('12 High Street, Cambridge CB1 2AB');
      doc.moveDown().text('Dear Ms Patel,');
      for (let i = 0; i < 12; i++) {
        doc
          .moveDown()
          .text(
            `${i + 1} boxes of paper arrived today. Thank you for your order of the ${i + 3}th; the invoice [${i + 2}] follows by post, and the balance is due in 30 days.`,
          );
      }
      doc.moveDown().text('Yours sincerely,');
    });
    const text = await reader.read(letter);
    expect(detectQuestionPaper(text)).toBeNull();
    expect(questionSet({ questionPaper: detectQuestionPaper(text) }).status).toBe('none');
    expect(detectMarkScheme(text)).toBeNull();
  });

  const form = (references: boolean) =>
    pdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(14).text('Application for a library card', 56, 60);
      for (let i = 0; i < 10; i++) {
        const y = 110 + i * 50;
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(String(i + 1), 56, y, { lineBreak: false });
        doc
          .font('Helvetica')
          .text(['Name', 'Address', 'Date of birth', 'School', 'Email'][i % 5]!, 80, y, { lineBreak: false });
        doc.rect(200, y - 4, 330, 20).stroke();
        if (references) doc.text(`[${(i % 3) + 1}]`, 500, y + 22, { lineBreak: false });
      }
      doc.fontSize(9).text('Office use only', 56, 700, { lineBreak: false });
    });

  it('a form with numbered fields', async () => {
    expect(detectQuestionPaper(await reader.read(await form(false)))).toBeNull();
  });

  it('a form that also prints bracketed numbers at its right edge is never ready', async () => {
    // It has a question paper's shape; the checks still keep it from students (no stated total, nothing adds up).
    const set = questionSet({ questionPaper: detectQuestionPaper(await reader.read(await form(true))) });
    expect(set.status).not.toBe('ready');
  });
});
