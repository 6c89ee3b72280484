import { detectMarkScheme } from './mark-scheme';
import { handMadeText, lineAt, type Placed } from './testing/hand-made-text';

/** A row: its label (empty for a line that continues the row above), answer text, marks column, guidance. */
type Row = [label: string, answer: string, marks: string, guidance?: string];

const COVER: Placed[] = [
  ...lineAt(60, [50, '*Cambridge IGCSE']),
  ...lineAt(180, [50, '*MARK SCHEME']),
  ...lineAt(198, [50, '*Maximum Mark: 80']),
];
const PRINCIPLES: Placed[] = [
  ...lineAt(80, [50, '*Generic Marking Principles']),
  ...lineAt(100, [50, '1'], [70, 'Marks must be awarded in line with the specific content of the mark scheme.']),
  ...lineAt(120, [50, '2'], [70, 'Question answer marks: award marks for correct answers.']),
];

function scheme(pages: Row[][], options: { header?: 'every page' | 'first page'; guidance?: boolean } = {}) {
  const guidance = options.guidance ?? true;
  const header = (): Placed[] =>
    guidance
      ? lineAt(70, [56, '*Question'], [205, '*Answer'], [350, '*Marks'], [445, '*Guidance'])
      : lineAt(70, [56, '*Question'], [205, '*Answer'], [350, '*Marks']);
  const table = pages.map((rows, index) => {
    const placed: Placed[] = index === 0 || options.header !== 'first page' ? header() : [];
    rows.forEach(([label, answer, marks, note], i) => {
      const y = 95 + i * 14;
      if (label) placed.push(...lineAt(y, [55, label]));
      placed.push(...lineAt(y, [110, answer]));
      for (const [j, mark] of marks.split(' ').filter(Boolean).entries())
        placed.push(...lineAt(y, [356 + j * 14, mark]));
      if (note) placed.push(...lineAt(y, [395, note]));
    });
    return placed;
  });
  const all = [COVER, PRINCIPLES, ...table];
  return handMadeText(
    all.map((placed, index) =>
      index === 0
        ? placed
        : [
            ...placed,
            ...lineAt(30, [50, '0625/42 Cambridge IGCSE – Mark Scheme']),
            ...lineAt(812, [270, `Page ${index + 1} of ${all.length}`]),
          ],
    ),
  );
}

describe('detectMarkScheme', () => {
  it('reads the rows under "Question | Answer | Marks | Guidance" and sums each question', () => {
    const ms = detectMarkScheme(
      scheme([
        [
          ['1(a)', 'distance = area under graph', 'C1', 'allow 1 mark for each point'],
          ['', '= 45 m', 'A1'],
          ['1(b)(i)', 'energy is transferred to the surroundings', 'B1'],
          ['1(b)(ii)', 'speed = 12 m/s', 'M1 A1', '2 s.f. or more'],
          ['2', 'any two of the five listed points', '2'],
        ],
        [
          ['3(a)', 'wave slows down', 'B1'],
          ['10(b)(iii)', 'levels-marked answer', '12'],
        ],
      ]),
    );
    expect(ms).not.toBeNull();
    expect(ms!.rows.map((row) => [row.label, row.question, row.marks, row.start.page])).toEqual([
      ['1(a)', 1, 2, 3],
      ['1(b)(i)', 1, 1, 3],
      ['1(b)(ii)', 1, 2, 3],
      ['2', 2, 2, 3],
      ['3(a)', 3, 1, 4],
      ['10(b)(iii)', 10, 12, 4],
    ]);
    expect(ms!.questions.map((q) => [q.number, q.marks, q.rows])).toEqual([
      [1, 5, 3],
      [2, 2, 1],
      [3, 1, 1],
      [10, 12, 1],
    ]);
    expect(ms!.rows[0]!.start.top).toBeCloseTo((95 - 11) / 841.89, 3);
    expect(ms!.cover.maximumMark).toBe(80);
    expect(ms!.problems).toEqual([]);
  });

  it('carries on after a page whose table has no header row, and without a Guidance column', () => {
    const ms = detectMarkScheme(
      scheme(
        [
          [
            ['1(a)', 'one', 'B1'],
            ['1(b)', 'two', 'B2'],
          ],
          [
            ['', 'continued', 'B1'],
            ['2', 'three', 'B1'],
          ],
        ],
        { header: 'first page', guidance: false },
      ),
    )!;
    expect(ms.questions.map((q) => [q.number, q.marks])).toEqual([
      [1, 4],
      [2, 1],
    ]);
  });

  it('reports rows of a question that come back later, and marks before the first row', () => {
    const ms = detectMarkScheme(
      scheme([
        [
          ['', 'stray', 'B1'],
          ['1(a)', 'one', 'B1'],
          ['2', 'two', 'B1'],
          ['1(b)', 'three', 'B1'],
        ],
      ]),
    )!;
    expect(ms.questions.map((q) => [q.number, q.marks])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(ms.problems).toEqual([
      'Marks (1) in the mark scheme come before its first labelled row.',
      'Mark scheme rows of question 1 appear again after question 2.',
    ]);
  });

  it('takes a "Total" row as the question\'s printed total, not as more marks', () => {
    const ms = detectMarkScheme(
      scheme([
        [
          ['1(a)', 'one', 'B1'],
          ['1(b)', 'two', 'B2'],
          ['', 'Total:', '4'],
          ['2', 'x', '1'],
        ],
      ]),
    )!;
    expect(ms.questions[0]).toMatchObject({ number: 1, marks: 3, printedTotal: 4 });
    expect(ms.problems).toEqual(['Mark scheme question 1: its rows add up to 3, its total row says 4.']);
  });

  it("does not count again a part's subtotal printed under its marking codes", () => {
    const ms = detectMarkScheme(
      scheme([
        [
          ['1(a)', 'attempt to differentiate', 'M1'],
          ['', 'correct derivative', 'A1'],
          ['', 'correct answer', 'A1'],
          ['', '', '3'],
          ['1(b)', 'any correct method', '2'],
          ['', '', '2'],
        ],
      ]),
    )!;
    // 1(a): M1 A1 A1 and its subtotal 3; 1(b): a plain 2 and another plain 2 (no codes: both count).
    expect(ms.rows.map((row) => [row.label, row.marks])).toEqual([
      ['1(a)', 3],
      ['1(b)', 4],
    ]);
  });

  it('is null without a table header (the principles alone, prose that mentions question, answer and marks)', () => {
    expect(detectMarkScheme(handMadeText([COVER, PRINCIPLES]))).toBeNull();
    expect(
      detectMarkScheme(handMadeText([lineAt(100, [50, 'Each question has an answer and marks for it.'])])),
    ).toBeNull();
  });
});
