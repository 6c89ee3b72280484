import { type PaperSpec, type QuestionSpec, type LeafSpec, type FigureSpec } from './paper-content';
import {
  dots,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  PageFlow,
  text,
  wrap,
  type DrawnPage,
  type DrawOp,
  type Measure,
} from './page-drawing';
import { Random } from './random';

/** Where a generated question is, as the detector should find it (positions in the file as written). */
export interface QuestionLabel {
  number: number;
  marks: number;
  parts: string[];
  start: { page: number; top: number };
  /** The page of its last part's mark (later than the start's page when the question runs over). */
  lastPage: number;
}

export interface QuestionPaperLabels {
  paperCode: string;
  statedTotal: number;
  durationMinutes: number;
  pages: number;
  questions: QuestionLabel[];
}

const LEFT = 50;
const RIGHT = 545;
const LINE = 14.5;
const ANSWER_LINE = 24;
const TOP = 62;
const BOTTOM = 772;

/** Where things go on a question page: the paper's own geometry (columns, right edge, text size). */
interface Body {
  number: number;
  stem: number;
  part: number;
  partText: number;
  sub: number;
  subText: number;
  right: number;
  size: number;
  line: number;
  boldNumbers: boolean;
  quantityLines: boolean;
}

function bodyOf(spec: PaperSpec): Body {
  const { left, indent, right, size, boldNumbers, quantityLines } = spec.geometry;
  const stem = left + indent;
  return {
    number: left,
    stem,
    part: stem,
    partText: stem + indent,
    sub: stem + indent,
    subText: stem + 2 * indent,
    right,
    size,
    line: Math.round(size * 1.32 * 10) / 10,
    boldNumbers,
    quantityLines,
  };
}

/** Lays out a question paper: the pages to draw and where each question starts. */
export function layoutQuestionPaper(
  spec: PaperSpec,
  measure: Measure,
): { pages: DrawnPage[]; labels: QuestionPaperLabels } {
  const random = new Random(spec.seed * 7919 + 17);
  const edexcel = spec.board === 'edexcel';
  const body = bodyOf(spec);
  const flow = new PageFlow(TOP, BOTTOM);
  const blank = new Set<number>();
  const marked = new Set<number>();
  flow.newPage(); // the cover, drawn at the end when the page count is known
  flow.newPage();
  const starts = new Map<number, { page: number; y: number }>();
  const ends = new Map<number, number>();

  for (const question of spec.questions) {
    if (!flow.atPageTop) flow.gap(edexcel ? 18 : 24);
    const start = layoutQuestion(flow, question, spec, body, measure, marked);
    starts.set(question.number, start);
    ends.set(question.number, flow.pageIndex);
    // Now and then the next question starts on a fresh page after a blank one, as boards do for a spread.
    if (question !== spec.questions[spec.questions.length - 1] && random.chance(0.08)) {
      flow.newPage();
      blank.add(flow.pageIndex);
      flow.newPage();
    }
  }
  if (edexcel) {
    flow.gap(10);
    flow.place(body.line, (y) => [
      text(`TOTAL FOR PAPER = ${spec.statedTotal} MARKS`, body.right, y, body.size, 'bold', 'right'),
    ]);
  }
  // The end matter: at the foot of the last page, or on a blank page of its own.
  if (flow.room < 110 || random.chance(0.5)) {
    flow.newPage();
    blank.add(flow.pageIndex);
  }
  flow.pages[flow.pageIndex]!.push(...endMatter(spec, measure));

  let pages = flow.pages;
  let dropped: number | null = null;
  if (spec.damage === 'page-missing') {
    const candidates = [...marked].filter((index) => index > 1 && index < pages.length - 1);
    dropped = candidates.length > 0 ? random.pick(candidates) : ([...marked].filter((index) => index > 0)[0] ?? 1);
  }
  const count = pages.length;
  pages = pages.map((ops, index) => {
    if (index === 0) return [...cover(spec, count, measure), ...ops];
    const decorated = [...ops, ...(edexcel ? edexcelFrame(index, count) : cambridgeFrame(spec, index, count))];
    if (blank.has(index)) decorated.push(text('BLANK PAGE', PAGE_WIDTH / 2, 400, 11, 'bold', 'centre'));
    return decorated;
  });
  if (dropped !== null) pages = pages.filter((_, index) => index !== dropped);
  const filePage = (index: number): number => (dropped !== null && index > dropped ? index : index + 1);
  return {
    pages,
    labels: {
      paperCode: spec.paperCode,
      statedTotal: spec.statedTotal,
      durationMinutes: spec.durationMinutes,
      pages: pages.length,
      questions: spec.questions.map((question) => {
        const start = starts.get(question.number)!;
        return {
          number: question.number,
          marks: question.marks,
          parts: question.leaves.map((leaf) => leaf.label).filter(Boolean),
          start: { page: filePage(start.page), top: round(start.y / PAGE_HEIGHT) },
          lastPage: filePage(ends.get(question.number)!),
        };
      }),
    },
  };
}

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

function layoutQuestion(
  flow: PageFlow,
  question: QuestionSpec,
  spec: PaperSpec,
  body: Body,
  measure: Measure,
  marked: Set<number>,
): { page: number; y: number } {
  const numberAt = (y: number): DrawOp =>
    text(String(question.printedNumber), body.number, y, body.size, body.boldNumbers ? 'bold' : 'regular');
  const stemWidth = body.right - 15 - body.stem;
  // The stem is one paragraph; what refers to a figure or table starts a line of its own.
  const paragraphs = question.stem.reduce<string[]>((all, sentence) => {
    if (all.length > 0 && !/^(?:Fig\.|Table) /.test(sentence)) all[all.length - 1] += ` ${sentence}`;
    else all.push(sentence);
    return all;
  }, []);
  const stemLines = paragraphs.flatMap((paragraph) => wrap(paragraph, stemWidth, measure, 'regular', body.size));
  let start: { page: number; y: number } | null = null;
  const withNumber = (ops: DrawOp[], y: number): DrawOp[] => (start ? ops : [numberAt(y), ...ops]);
  const remember = (placed: { page: number; y: number }): void => {
    start ??= placed;
  };

  if (stemLines.length > 0) {
    // The number stays with the first lines of its stem.
    const first = stemLines.slice(0, 3);
    remember(
      flow.place(first.length * body.line, (y) =>
        withNumber(
          first.map((line, i) => text(line, body.stem, y + i * body.line, body.size)),
          y,
        ),
      ),
    );
    for (const line of stemLines.slice(3)) flow.place(body.line, (y) => [text(line, body.stem, y, body.size)]);
    flow.gap(8);
  }
  if (question.figure) {
    const figure = question.figure;
    flow.place(figure.height + 34, (y) => drawFigure(figure, y, question.number));
    flow.gap(6);
  }
  if (question.table) {
    const table = question.table;
    flow.place((table.rows.length + 2) * 18 + 8, (y) => drawTable(table, y, question.number));
    flow.gap(6);
  }
  question.leaves.forEach((leaf, index) => {
    const placed = layoutLeaf(flow, leaf, body, measure, start === null ? withNumber : null, spec.board, marked);
    remember(placed);
    if (index < question.leaves.length - 1) flow.gap(10);
  });
  if (spec.board === 'edexcel') {
    flow.place(body.line + 6, (y) => [
      text(
        `(Total for Question ${question.printedNumber} = ${question.marks} marks)`,
        body.right,
        y + 4,
        body.size,
        'bold',
        'right',
      ),
      { op: 'line', x1: body.number, y1: y + body.line + 4, x2: body.right, y2: y + body.line + 4 },
    ]);
  } else if (spec.printedTotals) {
    flow.place(body.line, (y) => [text(`[Total: ${question.marks}]`, body.right, y + 2, body.size, 'bold', 'right')]);
  }
  return start!;
}

function layoutLeaf(
  flow: PageFlow,
  leaf: LeafSpec,
  body: Body,
  measure: Measure,
  withNumber: ((ops: DrawOp[], y: number) => DrawOp[]) | null,
  board: PaperSpec['board'],
  marked: Set<number>,
): { page: number; y: number } {
  const size = body.size;
  const [, letter, roman] = /^(?:\(([a-z])\))?(?:\(([ivx]+)\))?$/.exec(leaf.label) ?? [];
  const labelOps = (y: number): DrawOp[] => {
    const ops: DrawOp[] = [];
    const showLetter = letter !== undefined && (roman === undefined || roman === 'i');
    if (showLetter) ops.push(text(`(${letter})`, body.part, y, size));
    if (roman !== undefined) ops.push(text(`(${roman})`, body.sub, y, size));
    return ops;
  };
  const textX = roman !== undefined ? body.subText : letter !== undefined ? body.partText : body.stem;
  let first: { page: number; y: number } | null = null;
  const keep = (placed: { page: number; y: number }): void => {
    first ??= placed;
  };
  // A part's lead-in sentence before its first sub-part: "(b)" and the sentence, then "(i)" below.
  if (leaf.partIntro !== null && letter !== undefined) {
    const intro = wrap(leaf.partIntro, body.right - 15 - body.partText, measure, 'regular', size);
    keep(
      flow.place(intro.length * body.line + 8, (y) => {
        const ops = [
          text(`(${letter})`, body.part, y, size),
          ...intro.map((line, i) => text(line, body.partText, y + i * body.line, size)),
        ];
        return withNumber ? withNumber(ops, y) : ops;
      }),
    );
    withNumber = null;
  }
  const lines = wrap(leaf.text, body.right - 15 - textX, measure, 'regular', size);
  const introShown = leaf.partIntro !== null;
  const answerHeight = leaf.answerLines * ANSWER_LINE + (board === 'edexcel' ? body.line : 0);
  const height = lines.length * body.line + 6 + answerHeight;
  const mark = board === 'edexcel' ? `(${leaf.marks})` : `[${leaf.marks}]`;
  const placed = flow.place(height, (y) => {
    const ops: DrawOp[] = introShown ? [text(`(${roman})`, body.sub, y, size)] : labelOps(y);
    lines.forEach((line, i) => ops.push(text(line, textX, y + i * body.line, size)));
    let lineY = y + lines.length * body.line + 6;
    for (let i = 0; i < leaf.answerLines; i++) {
      const last = i === leaf.answerLines - 1;
      lineY += ANSWER_LINE;
      const at = lineY - 12;
      const unit = last && leaf.unit ? leaf.unit : '';
      const markWidth = last && board === 'cambridge' ? measure(` ${mark}`, 'regular', size) + 2 : 0;
      const unitWidth = unit ? measure(` ${unit}`, 'regular', size) + 2 : 0;
      // A calculation's answer line names what it asks for: "speed = ........ m/s [2]", set at the right.
      const lead = unit && leaf.quantity && body.quantityLines ? `${leaf.quantity} = ` : '';
      const dotsWidth = (lead ? 0.5 : 1) * (body.right - textX) - markWidth - unitWidth;
      const dotsRight = body.right - markWidth - unitWidth;
      const leadWidth = lead ? measure(lead, 'regular', size) : 0;
      const dotsX = lead ? dotsRight - dotsWidth : textX;
      if (lead) ops.push(text(lead, dotsX - leadWidth, at, size));
      ops.push(text(dots(dotsRight - dotsX, measure, size), dotsX, at, size));
      if (unit) ops.push(text(unit, body.right - markWidth, at, size, 'regular', 'right'));
      if (last && board === 'cambridge') ops.push(text(mark, body.right, at, size, 'regular', 'right'));
    }
    if (board === 'edexcel') ops.push(text(mark, body.right, lineY + 2, size, 'bold', 'right'));
    return withNumber ? withNumber(ops, y) : ops;
  });
  marked.add(placed.page);
  keep(placed);
  return first!;
}

function drawFigure(figure: FigureSpec, y: number, question: number): DrawOp[] {
  const x = (PAGE_WIDTH - figure.width) / 2;
  const ops: DrawOp[] = [{ op: 'rect', x, y, width: figure.width, height: figure.height, fill: null }];
  if (figure.kind === 'graph') {
    const ox = x + 30;
    const oy = y + figure.height - 20;
    ops.push(
      { op: 'line', x1: ox, y1: y + 10, x2: ox, y2: oy },
      { op: 'line', x1: ox, y1: oy, x2: x + figure.width - 10, y2: oy },
    );
    ops.push({ op: 'line', x1: ox, y1: oy, x2: x + figure.width - 30, y2: y + 25 });
    figure.labels.forEach((label, i) => {
      const step = (figure.height - 40) / Math.max(1, figure.labels.length - 1);
      ops.push(text(label, ox - 6, oy - 4 - i * step, 8, 'regular', 'right'));
      ops.push(text(label, ox + i * ((figure.width - 50) / figure.labels.length), oy + 4, 8, 'regular', 'centre'));
    });
  } else {
    ops.push(
      { op: 'rect', x: x + 20, y: y + 20, width: figure.width / 3, height: figure.height / 2, fill: '#dddddd' },
      {
        op: 'line',
        x1: x + 20 + figure.width / 3,
        y1: y + figure.height / 2,
        x2: x + figure.width - 20,
        y2: y + figure.height / 2,
      },
    );
    figure.labels.forEach((label, i) =>
      ops.push(text(label, x + 30 + i * (figure.width / 3.2), y + figure.height - 30, 10)),
    );
  }
  ops.push(text(`Fig. ${question}.1`, PAGE_WIDTH / 2, y + figure.height + 10, 11, 'bold', 'centre'));
  return ops;
}

function drawTable(table: { header: string[]; rows: string[][] }, y: number, question: number): DrawOp[] {
  const x = 140;
  const cell = 100;
  const ops: DrawOp[] = [text(`Table ${question}.1`, PAGE_WIDTH / 2, y, 11, 'bold', 'centre')];
  [table.header, ...table.rows].forEach((row, r) => {
    const top = y + 18 + r * 18;
    row.forEach((value, c) => {
      ops.push({ op: 'rect', x: x + c * cell, y: top, width: cell, height: 18, fill: null });
      ops.push(text(value, x + c * cell + cell / 2, top + 4, 10, r === 0 ? 'bold' : 'regular', 'centre'));
    });
  });
  return ops;
}

function cover(spec: PaperSpec, pages: number, measure: Measure): DrawOp[] {
  const hours = Math.floor(spec.durationMinutes / 60);
  const minutes = spec.durationMinutes % 60;
  const duration = [hours > 0 ? `${hours} hour${hours > 1 ? 's' : ''}` : '', minutes > 0 ? `${minutes} minutes` : '']
    .filter(Boolean)
    .join(' ');
  if (spec.board === 'edexcel') {
    return [
      text('Pearson Edexcel International GCSE', LEFT, 50, 14, 'bold'),
      text('Physics', LEFT, 90, 24, 'bold'),
      text(spec.title, LEFT, 125, 12),
      text(`Time ${duration}`, LEFT, 160, 11, 'bold'),
      text('Paper reference', 330, 160, 9),
      text(spec.paperCode, RIGHT, 160, 11, 'bold', 'right'),
      text('You must have: Ruler, calculator', LEFT, 190, 10),
      text('Total Marks', RIGHT, 190, 9, 'regular', 'right'),
      text('Instructions', LEFT, 240, 12, 'bold'),
      ...bullets(
        ['Use black ink or ball-point pen.', 'Answer all questions.', 'Show all the steps in any calculations.'],
        260,
        measure,
      ),
      text('Information', LEFT, 360, 12, 'bold'),
      ...bullets(
        [`The total mark for this paper is ${spec.statedTotal}.`, 'The marks for each question are shown in brackets.'],
        380,
        measure,
      ),
      text('P72849A', LEFT, 790, 10, 'bold'),
      text(`©${spec.series.year} Pearson Education Ltd.`, LEFT, 805, 8),
      text('Turn over', RIGHT, 800, 11, 'bold', 'right'),
    ];
  }
  const level = spec.syllabus.startsWith('9') ? 'Cambridge International AS & A Level' : 'Cambridge IGCSE™';
  return [
    text(level, LEFT, 40, 16, 'bold'),
    text('CANDIDATE NAME', LEFT, 82, 8),
    { op: 'rect', x: 150, y: 75, width: RIGHT - 150, height: 20, fill: null },
    text('CENTRE NUMBER', LEFT, 112, 8),
    { op: 'rect', x: 150, y: 105, width: 110, height: 20, fill: null },
    text('CANDIDATE NUMBER', 300, 112, 8),
    { op: 'rect', x: 400, y: 105, width: 90, height: 20, fill: null },
    text(spec.subject, LEFT, 150, 13, 'bold'),
    text(spec.paperCode, RIGHT, 150, 13, 'bold', 'right'),
    text(spec.title, LEFT, 170, 11),
    text(`${spec.series.name} ${spec.series.year}`, RIGHT, 170, 11, 'regular', 'right'),
    text(duration, RIGHT, 188, 11, 'regular', 'right'),
    text('You must answer on the question paper.', LEFT, 215, 11),
    text('No additional materials are needed.', LEFT, 232, 11),
    text('INSTRUCTIONS', LEFT, 270, 11, 'bold'),
    ...bullets(
      [
        'Answer all questions.',
        'Use a black or dark blue pen. You may use an HB pencil for any diagrams or graphs.',
        'Write your name, centre number and candidate number in the boxes at the top of the page.',
        'Write your answer to each question in the space provided.',
        'Do not use an erasable pen or correction fluid.',
        'Do not write on any bar codes.',
        'You may use a calculator.',
        'You should show all your working and use appropriate units.',
      ],
      288,
      measure,
    ),
    text('INFORMATION', LEFT, 470, 11, 'bold'),
    ...bullets(
      [
        `The total mark for this paper is ${spec.statedTotal}.`,
        'The number of marks for each question or part question is shown in brackets [ ].',
      ],
      488,
      measure,
    ),
    text(`This document has ${pages} pages. Any blank pages are indicated.`, LEFT, 770, 9),
    text('DC (LK/SG) 312345/3', LEFT, 795, 7),
    text(`© UCLES ${spec.series.year}`, LEFT, 810, 8),
    text('[Turn over', RIGHT, 810, 11, 'bold', 'right'),
  ];
}

function bullets(items: string[], y: number, measure: Measure): DrawOp[] {
  const ops: DrawOp[] = [];
  let at = y;
  for (const item of items) {
    const lines = wrap(item, RIGHT - LEFT - 14, measure);
    ops.push(text('•', LEFT, at));
    lines.forEach((line, i) => ops.push(text(line, LEFT + 14, at + i * LINE)));
    at += lines.length * LINE + 3;
  }
  return ops;
}

function cambridgeFrame(spec: PaperSpec, index: number, count: number): DrawOp[] {
  const { left: LEFT, right: RIGHT } = spec.geometry;
  const yy = String(spec.series.year % 100).padStart(2, '0');
  const ops: DrawOp[] = [
    text(String(index + 1), PAGE_WIDTH / 2, 28, 10, 'regular', 'centre'),
    text(`* 00008${String(spec.seed).padStart(5, '0')}${String(index + 1).padStart(2, '0')} *`, LEFT, 28, 8),
    { op: 'rotated', text: 'DO NOT WRITE IN THIS MARGIN', x: 22, y: 560, size: 7, angle: -90 },
    { op: 'rotated', text: 'DO NOT WRITE IN THIS MARGIN', x: 575, y: 280, size: 7, angle: 90 },
    text(`© UCLES ${spec.series.year}`, LEFT, 812, 8),
    text(`${spec.paperCode}/${spec.series.short}/${yy}`, PAGE_WIDTH / 2, 812, 8, 'regular', 'centre'),
  ];
  if (index % 2 === 0 && index < count - 1) ops.push(text('[Turn over', RIGHT, 810, 11, 'bold', 'right'));
  return ops;
}

function edexcelFrame(index: number, count: number): DrawOp[] {
  const ops: DrawOp[] = [
    { op: 'rotated', text: 'DO NOT WRITE IN THIS AREA', x: 22, y: 560, size: 7, angle: -90 },
    { op: 'rotated', text: 'DO NOT WRITE IN THIS AREA', x: 575, y: 280, size: 7, angle: 90 },
    text(`*P72849A0${String(index + 1).padStart(2, '0')}${String(count).padStart(2, '0')}*`, LEFT, 805, 9),
    text(String(index + 1), PAGE_WIDTH / 2, 805, 10, 'regular', 'centre'),
  ];
  if (index % 2 === 0 && index < count - 1) ops.push(text('Turn over', RIGHT, 805, 11, 'bold', 'right'));
  return ops;
}

function endMatter(spec: PaperSpec, measure: Measure): DrawOp[] {
  const paragraphs =
    spec.board === 'edexcel'
      ? [
          'Pearson Education Limited. Registered company number 872828 with its registered office at 80 Strand, London, WC2R 0RL.',
        ]
      : [
          'Permission to reproduce items where third-party owned material protected by copyright is included has been sought and cleared where possible. Every reasonable effort has been made by the publisher (UCLES) to trace copyright holders, but if any items requiring clearance have unwittingly been included, the publisher will be pleased to make amends at the earliest possible opportunity.',
          'Cambridge Assessment International Education is part of the Cambridge Assessment Group. Cambridge Assessment is the brand name of the University of Cambridge Local Examinations Syndicate (UCLES), which itself is a department of the University of Cambridge.',
        ];
  const lines = paragraphs.map((paragraph) => wrap(paragraph, RIGHT - LEFT, measure, 'regular', 8));
  const height = lines.reduce((sum, paragraph) => sum + paragraph.length * 10 + 6, 0);
  let y = BOTTOM - height;
  const ops: DrawOp[] = [];
  for (const paragraph of lines) {
    for (const line of paragraph) {
      ops.push(text(line, LEFT, y, 8));
      y += 10;
    }
    y += 6;
  }
  return ops;
}
