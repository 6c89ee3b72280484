import { type PaperSpec } from './paper-content';
import {
  PAGE_HEIGHT,
  PAGE_WIDTH,
  PageFlow,
  text,
  wrap,
  type DrawnPage,
  type DrawOp,
  type Measure,
} from './page-drawing';

/** Where a generated mark scheme's rows are, as the detector should find them. */
export interface MarkSchemeRowLabel {
  label: string;
  question: number;
  marks: number;
  start: { page: number; top: number };
}

export interface MarkSchemeLabels {
  maximumMark: number;
  rows: MarkSchemeRowLabel[];
  /** Per question: where its first row starts, and its marks in this scheme. */
  questions: Array<{ number: number; marks: number; start: { page: number; top: number } }>;
}

const LEFT = 50;
const RIGHT = 545;
const TOP = 62;
const BOTTOM = 780;
const LINE = 12.5;
/** The table's columns: Question, Answer, Marks, Guidance. */
const COLUMNS = [
  { name: 'Question', from: LEFT, to: 105 },
  { name: 'Answer', from: 105, to: 340 },
  { name: 'Marks', from: 340, to: 390 },
  { name: 'Guidance', from: 390, to: RIGHT },
] as const;
const HEADER_HEIGHT = 20;

const CODES = ['B', 'C', 'A', 'M'] as const;

/** Lays out the paper's mark scheme: cover, marking principles, then the table of rows. */
export function layoutMarkScheme(spec: PaperSpec, measure: Measure): { pages: DrawnPage[]; labels: MarkSchemeLabels } {
  const flow = new PageFlow(TOP + HEADER_HEIGHT, BOTTOM, (page, index) => {
    if (index >= 2) page.push(...tableHeader());
    return TOP + HEADER_HEIGHT + (index >= 2 ? 4 : 0);
  });
  flow.newPage(); // cover
  flow.newPage(); // marking principles
  flow.pages[1]!.push(...principles(measure));
  flow.newPage();
  const rows: MarkSchemeRowLabel[] = [];
  for (const question of spec.questions) {
    question.leaves.forEach((leaf, leafIndex) => {
      const label = `${question.number}${leaf.label}`;
      const answerLines = leaf.scheme.map((line) =>
        wrap(line.text, COLUMNS[1].to - COLUMNS[1].from - 10, measure, 'regular', 10),
      );
      const guidance = wrap(
        guidanceFor(spec.seed, question.number, leafIndex),
        COLUMNS[3].to - COLUMNS[3].from - 10,
        measure,
        'regular',
        10,
      );
      const answerHeight = answerLines.reduce((sum, lines) => sum + lines.length * LINE, 0);
      const height = Math.max(answerHeight, guidance.length * LINE) + 10;
      const placed = flow.place(height, (y) => {
        const ops: DrawOp[] = [
          { op: 'line', x1: LEFT, y1: y, x2: RIGHT, y2: y },
          text(label, COLUMNS[0].from + 5, y + 5, 10),
        ];
        let at = y + 5;
        leaf.scheme.forEach((line, i) => {
          answerLines[i]!.forEach((part, j) => ops.push(text(part, COLUMNS[1].from + 5, at + j * LINE, 10)));
          if (line.value > 0) {
            // Marking codes carry one digit; a levels-marked answer shows its number.
            const shown =
              spec.markStyle === 'codes' && line.value < 10
                ? `${CODES[(question.number + i) % CODES.length]}${line.value}`
                : String(line.value);
            ops.push(text(shown, (COLUMNS[2].from + COLUMNS[2].to) / 2, at, 10, 'regular', 'centre'));
          }
          at += answerLines[i]!.length * LINE;
        });
        guidance.forEach((part, j) => ops.push(text(part, COLUMNS[3].from + 5, y + 5 + j * LINE, 10)));
        for (const column of COLUMNS.slice(1))
          ops.push({ op: 'line', x1: column.from, y1: y, x2: column.from, y2: y + height });
        return ops;
      });
      const marks = leaf.scheme.reduce((sum, line) => sum + line.value, 0);
      rows.push({
        label,
        question: question.number,
        marks,
        start: { page: placed.page + 1, top: round((placed.y + 5) / PAGE_HEIGHT) },
      });
    });
  }
  const pages = flow.pages.map((ops, index) =>
    index === 0
      ? [...cover(spec, flow.pages.length, measure), ...ops]
      : [...ops, ...frame(spec, index, flow.pages.length)],
  );
  const questions = spec.questions.map((question) => {
    const own = rows.filter((row) => row.question === question.number);
    return { number: question.number, marks: own.reduce((sum, row) => sum + row.marks, 0), start: own[0]!.start };
  });
  return { pages, labels: { maximumMark: spec.statedTotal, rows, questions } };
}

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

function guidanceFor(seed: number, question: number, leaf: number): string {
  const notes = [
    'allow ecf from previous part',
    'ignore units',
    '',
    'do not allow heat for energy',
    'accept 2 s.f. or more',
    '1 mark for each correct point',
  ];
  return notes[(seed + question * 3 + leaf) % notes.length]!;
}

function tableHeader(): DrawOp[] {
  const ops: DrawOp[] = [{ op: 'rect', x: LEFT, y: TOP, width: RIGHT - LEFT, height: HEADER_HEIGHT, fill: '#d9d9d9' }];
  for (const column of COLUMNS)
    ops.push(text(column.name, (column.from + column.to) / 2, TOP + 5, 10, 'bold', 'centre'));
  return ops;
}

function cover(spec: PaperSpec, pages: number, measure: Measure): DrawOp[] {
  const paragraph = wrap(
    'This mark scheme is published as an aid to teachers and candidates, to indicate the requirements of the examination. It shows the basis on which Examiners were instructed to award marks. It does not indicate the details of the discussions that took place at an Examiners’ meeting before marking began.',
    RIGHT - LEFT,
    measure,
    'regular',
    10,
  );
  return [
    text(
      spec.syllabus.startsWith('9') ? 'Cambridge International AS & A Level' : 'Cambridge IGCSE™',
      LEFT,
      50,
      16,
      'bold',
    ),
    text(spec.subject, LEFT, 120, 13, 'bold'),
    text(spec.paperCode, RIGHT, 120, 13, 'bold', 'right'),
    text(spec.title, LEFT, 140, 11),
    text(`${spec.series.name} ${spec.series.year}`, RIGHT, 140, 11, 'regular', 'right'),
    text('MARK SCHEME', LEFT, 180, 12, 'bold'),
    text(`Maximum Mark: ${spec.statedTotal}`, LEFT, 198, 12, 'bold'),
    text('Published', PAGE_WIDTH / 2, 260, 14, 'bold', 'centre'),
    ...paragraph.map((line, i) => text(line, LEFT, 300 + i * 13, 10)),
    text(`This document consists of ${pages} printed pages.`, LEFT, 780, 9),
    text(`© UCLES ${spec.series.year}`, LEFT, 810, 8),
    text('[Turn over', RIGHT, 810, 11, 'bold', 'right'),
  ];
}

function principles(measure: Measure): DrawOp[] {
  const ops: DrawOp[] = [text('Generic Marking Principles', LEFT, TOP + 10, 11, 'bold')];
  let y = TOP + 34;
  const items = [
    'Examiners should consider the context and scientific use of any keywords when awarding marks.',
    'Marks should be awarded for correct answers and should not be deducted for errors or omissions.',
    'Question 3 answers that are not written in the space provided should still be marked.',
    'Rules must be applied consistently, e.g. in situations where candidates have not followed instructions.',
  ];
  items.forEach((item, i) => {
    ops.push(text(String(i + 1), LEFT, y, 10, 'bold'));
    const lines = wrap(item, RIGHT - LEFT - 20, measure, 'regular', 10);
    lines.forEach((line, j) => ops.push(text(line, LEFT + 20, y + j * LINE, 10)));
    y += lines.length * LINE + 10;
  });
  ops.push(text('Question Answer Marks', LEFT + 20, y + 10, 10));
  return ops;
}

function frame(spec: PaperSpec, index: number, count: number): DrawOp[] {
  return [
    text(`${spec.paperCode} Cambridge IGCSE – Mark Scheme`, LEFT, 30, 9),
    text('PUBLISHED', PAGE_WIDTH / 2 + 40, 30, 9, 'bold', 'centre'),
    text(`${spec.series.name} ${spec.series.year}`, RIGHT, 30, 9, 'regular', 'right'),
    text(`© UCLES ${spec.series.year}`, LEFT, 810, 8),
    text(`Page ${index + 1} of ${count}`, PAGE_WIDTH / 2, 810, 9, 'regular', 'centre'),
    ...(index < count - 1 ? [text('[Turn over', RIGHT, 808, 11, 'bold', 'right')] : []),
  ];
}
