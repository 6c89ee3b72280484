import { duration } from './cover';
import { detectQuestionPaper } from './question-paper';
import { handMadePaper, simpleQuestions } from './testing/hand-made-papers';
import { handMadeText, lineAt, markAt } from './testing/hand-made-text';

describe('detectQuestionPaper on a Cambridge layout', () => {
  it('finds each question: number, start, marks and parts, skipping the cover, headers and end matter', () => {
    const paper = detectQuestionPaper(
      handMadePaper([
        {
          number: '1',
          parts: [
            ['(a)', 2],
            ['(b)', 1],
            ['(i)', 3],
            ['(ii)', 12],
          ],
          total: 18,
        },
        { number: '2', parts: [['(a)', 4]], total: 4 },
        {
          number: '3',
          parts: [
            ['(a)', 1],
            ['(b)', 2],
          ],
        },
      ]),
    );
    expect(paper).not.toBeNull();
    expect(paper!.layout).toBe('cambridge');
    expect(paper!.questions.map((q) => [q.number, q.marks, q.printedTotal])).toEqual([
      [1, 18, 18],
      [2, 4, 4],
      [3, 3, null],
    ]);
    expect(paper!.questions[0]!.parts).toEqual(['(a)', '(b)(i)', '(b)(ii)']);
    expect(paper!.questions[0]!.start.page).toBe(2);
    // The number's line: baseline 80, size 11 → its top at 69 pt of 841.89.
    expect(paper!.questions[0]!.start.top).toBeCloseTo(69 / 841.89, 3);
    expect(paper!.cover).toMatchObject({ statedTotal: 25, durationMinutes: 75, paperCode: '0625/42', isCover: true });
    expect(paper!.problems).toEqual([]);
  });

  it('follows questions across pages and skips a BLANK PAGE between them', () => {
    const paper = detectQuestionPaper(handMadePaper(simpleQuestions(8), { partsPerPage: 5, blankAfter: 1 }))!;
    expect(paper.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(paper.questions.every((q) => q.marks === 5)).toBe(true);
    // Five parts a page: question 3's (b) goes over to page 3; page 4 is blank.
    expect(paper.questions.map((q) => q.start.page)).toEqual([2, 2, 2, 3, 3, 5, 5, 5]);
    expect(paper.problems).toEqual([]);
  });

  it('reads a number that pdf.js gave in one run with the question text', () => {
    const paper = detectQuestionPaper(handMadePaper(simpleQuestions(4), { mergedNumbers: true }))!;
    expect(paper.questions.map((q) => [q.number, q.marks])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
    ]);
  });

  it('reads two-digit question numbers and three-digit totals', () => {
    const questions = Array.from({ length: 12 }, (_, i) => ({
      number: String(i + 1),
      parts: [['(a)', 9] as [string, number]],
    }));
    const paper = detectQuestionPaper(handMadePaper(questions))!;
    expect(paper.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(paper.cover.statedTotal).toBe(108);
  });

  it('reports a printed total that is not the sum of the part marks', () => {
    const paper = detectQuestionPaper(
      handMadePaper([
        {
          number: '1',
          parts: [
            ['(a)', 2],
            ['(b)', 3],
          ],
          total: 6,
        },
        { number: '2', parts: [['(a)', 2]] },
      ]),
    )!;
    expect(paper.problems).toEqual(['Question 1: its part marks add up to 5, its printed total is 6.']);
  });

  it('reports parts with a gap: (a) then (c)', () => {
    const paper = detectQuestionPaper(
      handMadePaper([
        {
          number: '1',
          parts: [
            ['(a)', 2],
            ['(c)', 3],
          ],
        },
        { number: '2', parts: [['(a)', 2]] },
      ]),
    )!;
    expect(paper.problems).toEqual(['Question 1: part (c) follows (a).']);
  });

  it('reports marks before the first question (its number unreadable) and page numbers that jump', () => {
    const text = handMadePaper(simpleQuestions(6), { partsPerPage: 4 });
    // Page 2 loses its question number; page 3 is taken out of the file.
    text.pages[1]!.runs = text.pages[1]!.runs.filter((run) => !(run[0] === '1' && run[1] === 50));
    text.pages.splice(2, 1);
    const paper = detectQuestionPaper(text)!;
    expect(paper.questions[0]!.number).toBe(2);
    expect(paper.problems).toEqual(
      expect.arrayContaining([
        'Marks (5) come before the first question found: a question number may be unreadable.',
        'Printed page numbers go from 2 to 4 between pages 2 and 3 of the file: a page may be missing or out of order.',
      ]),
    );
  });

  it('uses bold when the reader knows it: a line in a regular font that starts with a number is no question', () => {
    const text = handMadePaper(simpleQuestions(3));
    // "7 kg of sand …" at the left margin, on question 2's page, in the text's regular font.
    text.pages[1]!.runs.push(['7 kg of sand is added to the beaker.', 50, 841.89 - 180, 180, 11, 0]);
    expect(detectQuestionPaper(text)!.questions.map((q) => q.number)).toEqual([1, 7, 2, 3]);
    text.fonts = text.fonts.map((font, index) => ({ ...font, bold: index === 1 }));
    expect(detectQuestionPaper(text)!.questions.map((q) => q.number)).toEqual([1, 2, 3]);
  });
});

describe("detectQuestionPaper on Edexcel's layout", () => {
  it('reads "(n)" marks and "(Total for Question N = M marks)"', () => {
    const paper = detectQuestionPaper(handMadePaper(simpleQuestions(5), { edexcel: true }))!;
    expect(paper.layout).toBe('edexcel');
    expect(paper.questions.map((q) => [q.number, q.marks, q.printedTotal])).toEqual([
      [1, 5, 5],
      [2, 5, 5],
      [3, 5, 5],
      [4, 5, 5],
      [5, 5, 5],
    ]);
    expect(paper.problems).toEqual([]);
  });

  it('reports a total that names another question', () => {
    const paper = detectQuestionPaper(
      handMadePaper(
        [
          { number: '1', parts: [['(a)', 2]] },
          { number: '2', parts: [['(a)', 3]], total: 3 },
        ],
        { edexcel: true },
      ),
    )!;
    expect(paper.problems).toEqual([]);
    const text = handMadePaper(simpleQuestions(2), { edexcel: true });
    for (const page of text.pages) {
      for (const run of page.runs)
        if (run[0].startsWith('(Total for Question 2')) run[0] = '(Total for Question 3 = 5 marks)';
    }
    expect(detectQuestionPaper(text)!.problems).toEqual(['The total printed for question 3 follows question 2.']);
  });
});

describe('detectQuestionPaper: anything else gives null (no questions rather than wrong ones)', () => {
  const letter = handMadeText([
    [
      ...lineAt(80, [50, '12 High Street']),
      ...lineAt(96, [50, 'Cambridge CB1 2AB']),
      ...lineAt(140, [50, 'Dear Ms Patel,']),
      ...Array.from({ length: 20 }, (_, i) =>
        lineAt(170 + i * 16, [
          50,
          i % 7 === 3 ? `${i} apples were delivered on Monday.` : 'Thank you for your order of last week.',
        ]),
      ).flat(),
      ...lineAt(520, [50, 'Yours sincerely,']),
    ],
  ]);
  const form = handMadeText([
    [
      ...lineAt(60, [50, '*Application form']),
      ...Array.from({ length: 8 }, (_, i) =>
        lineAt(100 + i * 40, [50, `${i + 1}`], [70, `Field ${i + 1}: ....................`]),
      ).flat(),
    ],
  ]);
  const numberedList = handMadeText([
    Array.from({ length: 6 }, (_, i) => [
      ...lineAt(100 + i * 50, [50, `${i + 1}.`], [70, 'Check the pressure of the tyres.']),
      markAt(100 + i * 50, '[2]'),
    ]).flat(),
  ]);
  const table = handMadeText([
    Array.from({ length: 6 }, (_, i) =>
      lineAt(100 + i * 20, [50, `${i + 1}`], [120, `${i * 3}.5`], [200, `${i * 7}`]),
    ).flat(),
  ]);

  it.each([
    ['a letter', letter],
    ['a form with numbered fields and no marks', form],
    ['a numbered list ("1.")', numberedList],
    ['a table of numbers', table],
    ['an empty document', handMadeText([])],
    ['pages without text', handMadeText([[], []])],
  ])('%s', (_, text) => {
    expect(detectQuestionPaper(text)).toBeNull();
  });

  it('a paper with one question only', () => {
    expect(detectQuestionPaper(handMadePaper(simpleQuestions(1)))).toBeNull();
  });
});

describe('duration', () => {
  it.each([
    ['1 hour 15 minutes', 75],
    ['2 hours', 120],
    ['45 minutes', 45],
    ['1 hour', 60],
    ['Time: 1 hour 30 minutes', 90],
    ['Time 2 hours 30 minutes', 150],
    ['2 hours and 15 minutes', 135],
    ['You should spend about 20 minutes on this section', null],
    ['12 hours', null],
    ['May/June 2024', null],
  ])('%s', (text, minutes) => {
    expect(duration(text)).toBe(minutes);
  });
});
