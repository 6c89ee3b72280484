import type { MarkSchemeDetection, QuestionPaperDetection } from '../question-detection';
import { editErrors, editedSet, toEdited, type EditTargets } from './question-edits';

const targets: EditTargets = {
  questionPaper: { id: 1, pages: 8 },
  markScheme: { id: 2, pages: 4 },
  examinerReport: null,
};
const q = (number: string, marks: number, page: number, top: number) => ({
  number,
  marks,
  question_paper: { page, top },
  mark_scheme: null,
  examiner_report: null,
});
const paper = (statedTotal: number | null) => ({ cover: { statedTotal } }) as unknown as QuestionPaperDetection;
const scheme = (marks: Record<number, number>) =>
  ({
    questions: Object.entries(marks).map(([number, m]) => ({ number: Number(number), marks: m })),
  }) as unknown as MarkSchemeDetection;

describe('edit rules', () => {
  it('accepts questions in page order within the documents', () => {
    expect(editErrors([q('1', 5, 2, 0.1), q('2', 5, 2, 0.6), q('3', 5, 3, 0.05)], targets)).toEqual({});
  });

  it('names pages beyond a document, missing documents, repeated numbers and starts out of order', () => {
    const errors = editErrors(
      [
        q('1', 5, 9, 0.1),
        { ...q('2', 5, 9, 0.2), mark_scheme: { page: 5, top: 0 }, examiner_report: { page: 1, top: 0 } },
        q('2', 5, 9, 0.2),
      ],
      targets,
    );
    expect(errors).toEqual({
      'questions.0.question_paper.page': "Question 1: page 9 is beyond the question paper's 8 pages",
      'questions.1.question_paper.page': "Question 2: page 9 is beyond the question paper's 8 pages",
      'questions.1.mark_scheme.page': "Question 2: page 5 is beyond the mark scheme's 4 pages",
      'questions.1.examiner_report': 'Question 2: the variant has no examiner report to link to',
      'questions.2.question_paper.page': "Question 2: page 9 is beyond the question paper's 8 pages",
      'questions.2.number': 'Question number 2 is used twice',
      'questions.2.question_paper':
        'Question 2 must start below question 2 (questions are in the order they start in the paper)',
    });
  });

  it('stores each place with the document it was saved against', () => {
    const [stored] = toEdited([{ ...q('1', 5, 1, 0.5), mark_scheme: { page: 2, top: 0.3 } }], targets);
    expect(stored).toEqual({
      number: '1',
      marks: 5,
      question_paper: { page: 1, top: 0.5 },
      mark_scheme: { document_id: 2, page: 2, top: 0.3 },
      examiner_report: null,
    });
  });
});

describe('checks of an edited set', () => {
  const edited = (marks: number[]) =>
    toEdited(
      marks.map((m, i) => q(String(i + 1), m, i + 1, 0.1)),
      targets,
    );

  it('is ready when numbers run 1..N, the marks add up to the cover and the mark scheme agrees', () => {
    expect(editedSet(edited([4, 6]), false, paper(10), scheme({ 1: 4, 2: 6 }))).toEqual({
      status: 'ready',
      reasons: [],
      totalMarks: 10,
      statedTotal: 10,
    });
  });

  it('is flagged when a check fails, and ready when an admin confirmed it (the reasons stay)', () => {
    const flagged = editedSet(edited([4, 5]), false, paper(10), scheme({ 1: 4, 2: 6 }));
    expect(flagged.status).toBe('flagged');
    expect(flagged.reasons).toEqual([
      "The questions' marks add up to 9; the cover states 10.",
      'Question 2: 5 marks here, the mark scheme gives 6.',
    ]);
    expect(editedSet(edited([4, 5]), true, paper(10), null)).toMatchObject({ status: 'ready', totalMarks: 9 });
    const skipped = toEdited([q('1', 5, 1, 0.1), q('3', 5, 2, 0.1)], targets);
    expect(editedSet(skipped, false, paper(10), null).reasons).toEqual([
      'Question numbers are not 1 to 2 in order: 1, 3.',
    ]);
    expect(editedSet(edited([5]), false, null, null).reasons[0]).toMatch(/total mark is not known/);
  });

  it('is none with no questions', () => {
    expect(editedSet([], true, paper(10), null)).toMatchObject({ status: 'none', totalMarks: null });
  });
});
