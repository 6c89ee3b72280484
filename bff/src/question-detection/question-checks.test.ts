import { type ExaminerReportDetection } from './examiner-report';
import { type MarkSchemeDetection } from './mark-scheme';
import { questionSet } from './question-checks';
import { type QuestionPaperDetection } from './question-paper';

const at = (page: number, top: number) => ({ page, top });

function paper(marks: number[], options: { numbers?: number[]; stated?: number | null; problems?: string[] } = {}) {
  const detection: QuestionPaperDetection = {
    layout: 'cambridge',
    cover: {
      statedTotal: options.stated === undefined ? marks.reduce((a, b) => a + b, 0) : options.stated,
      maximumMark: null,
      durationMinutes: 75,
      paperCode: '0625/42',
      isCover: true,
    },
    questions: marks.map((m, i) => ({
      number: options.numbers?.[i] ?? i + 1,
      start: at(i + 2, 0.1),
      marks: m,
      printedTotal: null,
      parts: ['(a)'],
    })),
    totalMarks: marks.reduce((a, b) => a + b, 0),
    problems: options.problems ?? [],
  };
  return detection;
}

function scheme(marks: Array<[number, number]>, maximumMark: number | null = null): MarkSchemeDetection {
  return {
    cover: { statedTotal: null, maximumMark, durationMinutes: null, paperCode: null, isCover: true },
    rows: marks.map(([question, m], i) => ({
      label: `${question}(a)`,
      question,
      start: at(3, (2 + i) / 20),
      marks: m,
    })),
    questions: marks.map(([number, m], i) => ({
      number,
      start: at(3, (2 + i) / 20),
      marks: m,
      printedTotal: null,
      rows: 1,
    })),
    totalMarks: marks.reduce((sum, [, m]) => sum + m, 0),
    problems: [],
  };
}

const report: ExaminerReportDetection = {
  sections: [
    {
      paperCode: '0625/41',
      title: '',
      start: at(1, 0.1),
      comments: [{ label: 'Question 1', questions: [1], start: at(1, 0.3) }],
    },
    {
      paperCode: '0625/42',
      title: '',
      start: at(2, 0.1),
      comments: [
        { label: 'Question 1', questions: [1], start: at(2, 0.3) },
        { label: 'Questions 2–3', questions: [2, 3], start: at(2, 0.5) },
      ],
    },
  ],
};

describe('questionSet', () => {
  it('is ready when the paper adds up, links each question to its rows and its comment', () => {
    const set = questionSet({
      questionPaper: paper([9, 6, 5]),
      markScheme: scheme(
        [
          [1, 9],
          [2, 6],
          [3, 5],
        ],
        20,
      ),
      examinerReport: report,
    });
    expect(set).toEqual({
      status: 'ready',
      reasons: [],
      totalMarks: 20,
      statedTotal: 20,
      durationMinutes: 75,
      questions: [
        { number: '1', marks: 9, questionPaper: at(2, 0.1), markScheme: at(3, 0.1), examinerReport: at(2, 0.3) },
        { number: '2', marks: 6, questionPaper: at(3, 0.1), markScheme: at(3, 0.15), examinerReport: at(2, 0.5) },
        { number: '3', marks: 5, questionPaper: at(4, 0.1), markScheme: at(3, 0.2), examinerReport: at(2, 0.5) },
      ],
    });
  });

  it('is ready without a mark scheme or report (nothing to link)', () => {
    const set = questionSet({ questionPaper: paper([4, 4]) });
    expect(set.status).toBe('ready');
    expect(set.questions.every((q) => q.markScheme === null && q.examinerReport === null)).toBe(true);
  });

  it.each([
    [
      'numbers not 1..N',
      paper([4, 4, 4], { numbers: [1, 2, 4] }),
      ['Question numbers are not 1 to 3 in order: found 1, 2, 4 (no question 3).'],
    ],
    [
      'numbers out of order',
      paper([4, 4], { numbers: [2, 1] }),
      ['Question numbers are not 1 to 2 in order: found 2, 1.'],
    ],
    [
      'marks that do not add up',
      paper([4, 4], { stated: 10 }),
      ["The questions' marks add up to 8; the cover states 10."],
    ],
    [
      'no stated total',
      paper([4, 4], { stated: null }),
      ["The paper's total mark was not found on its cover, so the marks (8) cannot be checked."],
    ],
    [
      'a problem found while reading',
      paper([4, 4], { problems: ['Question 1: part (c) follows (a).'] }),
      ['Question 1: part (c) follows (a).'],
    ],
  ])('is flagged for %s', (_, questionPaper, reasons) => {
    const set = questionSet({ questionPaper });
    expect(set.status).toBe('flagged');
    expect(set.reasons).toEqual(reasons);
    expect(set.questions.length).toBe(questionPaper.questions.length);
  });

  it('is flagged when the mark scheme disagrees', () => {
    const set = questionSet({
      questionPaper: paper([9, 6, 1]),
      markScheme: scheme(
        [
          [1, 9],
          [2, 5],
          [4, 1],
        ],
        17,
      ),
    });
    expect(set.status).toBe('flagged');
    expect(set.reasons).toEqual([
      'Question 2: the paper gives 6 marks, the mark scheme 5.',
      'The mark scheme has no rows for question 3.',
      'The mark scheme has rows for question 4, which the paper does not have.',
      "The mark scheme's maximum mark is 17; the paper's cover states 16.",
    ]);
    expect(set.questions[2]!.markScheme).toBeNull();
  });

  it('is none when no question layout was recognised', () => {
    expect(questionSet({ questionPaper: null, markScheme: scheme([[1, 2]]) })).toEqual({
      status: 'none',
      reasons: ['No question layout was recognised in the question paper.'],
      totalMarks: null,
      statedTotal: null,
      durationMinutes: null,
      questions: [],
    });
  });

  it("picks the examiner report's section by the paper's code, given or from the cover", () => {
    const own = questionSet({ questionPaper: paper([4, 4]), examinerReport: report });
    expect(own.questions[0]!.examinerReport).toEqual(at(2, 0.3));
    const other = questionSet({ questionPaper: paper([4, 4]), examinerReport: report, paperCode: '0625/41' });
    expect(other.questions.map((q) => q.examinerReport)).toEqual([at(1, 0.3), null]);
  });
});
