import { coverFacts } from './cover';
import { detectExaminerReport } from './examiner-report';
import { MAX_DOCUMENT_RUNS, type LaidOutText, type TextRun } from './laid-out-text';
import { detectMarkScheme } from './mark-scheme';
import { questionSet } from './question-checks';
import { detectQuestionPaper } from './question-paper';
import { Random } from './testing/random';

const HEIGHT = 841.89;
const PAGES = 12;
const RUNS = MAX_DOCUMENT_RUNS / PAGES;

const documentOf = (make: (page: number, i: number) => TextRun): LaidOutText => ({
  fonts: [{ family: 'sans-serif', bold: null }],
  pages: Array.from({ length: PAGES }, (_, page) => ({
    width: 595.28,
    height: HEIGHT,
    runs: Array.from({ length: RUNS }, (_, i) => make(page, i)),
  })),
});

function detectAll(text: LaidOutText): void {
  const questionPaper = detectQuestionPaper(text);
  questionSet({ questionPaper, markScheme: detectMarkScheme(text), examinerReport: detectExaminerReport(text) });
}

describe('detection on hostile text', () => {
  // Each shape piles thousands of look-alike items where one kind of rule looks (a column, a band, a line): a rule
  // that compared every item with every other would take minutes here.
  it.each<[string, (page: number, i: number) => TextRun]>([
    ['numbers at one column', (_, i) => [String((i % 99) + 1), 50 + (i % 7) * 5, HEIGHT - 60 - (i % 700), 6, 11, 0]],
    ['numbered lines with marks', (_, i) => [`${(i % 99) + 1} text [2]`, 50, HEIGHT - 60 - (i % 700), 80, 11, 0]],
    ['the same text in the header band', (_, i) => ['© UCLES 2024', 30 + (i % 500), HEIGHT - 20 - (i % 40), 50, 1, 0]],
    ['everything on one line', (_, i) => ['(a)', i * 0.1, 400, 10, 11, 0]],
    ['marks at every right edge', (_, i) => [`[${i % 9}]`, 500 - (i % 400), HEIGHT - 60 - (i % 700), 12, 11, 0]],
    ['part labels everywhere', (_, i) => ['(a)', 78 + (i % 500), HEIGHT - 60 - (i % 700), 12, 11, 0]],
    ['comment headings', (_, i) => [`Question ${i % 50}`, 50, HEIGHT - 60 - (i % 700), 60, 11, 0]],
    ['table headers', (_, i) => ['Question Answer Marks', 50, HEIGHT - 60 - (i % 700), 300, 11, 0]],
  ])('%s: done in seconds', (_, make) => {
    const started = Date.now();
    detectAll(documentOf(make));
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a document beyond the bounds is not read (and still has its cover read)', () => {
    const text = documentOf((_, i) => [`${i} [2]`, 50, 700, 20, 11, 0]);
    text.pages[0]!.runs.unshift(['The total mark for this paper is 80.', 64, 400, 200, 11, 0]);
    expect(detectQuestionPaper(text)).toBeNull();
    expect(detectMarkScheme(text)).toBeNull();
    expect(detectExaminerReport(text)).toBeNull();
    expect(coverFacts(text).statedTotal).toBe(80);
  });

  it('random runs never throw', () => {
    const random = new Random(7);
    const words = [
      '1',
      '12',
      '(a)',
      '(ii)',
      '[2]',
      '(3)',
      '[Total: 9]',
      'Question',
      'Answer',
      'Marks',
      'Question 4',
      'B1',
      'BLANK PAGE',
      'Paper 0625/42',
      'The total mark for this paper is 80.',
      '1 hour 15 minutes',
      '',
      ' ',
      'ǅ',
      '\u0000',
    ];
    for (let round = 0; round < 30; round++) {
      const text: LaidOutText = {
        fonts: [
          { family: '', bold: random.chance(0.5) },
          { family: 'x', bold: null },
        ],
        pages: Array.from({ length: random.int(0, 6) }, () => ({
          width: random.pick([0, 595.28, -10, 1e9]),
          height: random.pick([0, 841.89, 1, 1e9]),
          runs: Array.from({ length: random.int(0, 300) }, (): TextRun => [
            random.pick(words),
            random.pick([0, 50, 78, 545, -1e6, 1e6, random.next() * 600]),
            random.pick([0, 400, 841.89, -5, random.next() * 842]),
            random.pick([0, 10, 1e7, random.next() * 100]),
            random.pick([0, 1, 11, 500]),
            random.int(0, 3),
          ]),
        })),
      };
      expect(() => detectAll(text)).not.toThrow();
      expect(() => coverFacts(text)).not.toThrow();
    }
  });
});
