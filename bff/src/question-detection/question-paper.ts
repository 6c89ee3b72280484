import { readCover, type CoverFacts } from './cover';
import { beyondBounds, type LaidOutText } from './laid-out-text';
import { positionOf, readPages, type Line, type PagePosition, type ReadPage } from './page-lines';
import { neighbourhoods } from './columns';
import { contentLines } from './page-content';

/** One question as found on the paper. */
export interface DetectedQuestion {
  number: number;
  /** Where the question's number is printed. */
  start: PagePosition;
  /** The sum of its part marks (`[n]`, or Edexcel's `(n)`) at the right edge. */
  marks: number;
  /** `[Total: n]` or "(Total for Question N = n marks)" where printed. */
  printedTotal: number | null;
  /** Its parts as seen: `(a)`, `(b)(i)`, `(b)(ii)`, … */
  parts: string[];
}

export type PaperLayout = 'cambridge' | 'edexcel';

export interface QuestionPaperDetection {
  layout: PaperLayout;
  cover: CoverFacts;
  questions: DetectedQuestion[];
  /** The sum of the questions' marks. */
  totalMarks: number;
  /** What looked wrong while reading (marks before the first question, parts or pages missing, …). */
  problems: string[];
}

/** A question number: at the left of its line, alone (no "1." or "1)"), Edexcel's starred numbers included. */
const QUESTION_NUMBER = /^\*?([1-9]\d?)$/;
const CAMBRIDGE_MARK = /\[(\d{1,3})\]$/;
const CAMBRIDGE_TOTAL = /\[\s*total\s*:?\s*(\d{1,3})\s*\]$/i;
const EDEXCEL_MARK = /\((\d{1,3})\)$/;
const EDEXCEL_TOTAL = /\(\s*total for question\s+(\d{1,2})\s*(?:=|is)\s*(\d{1,3})\s*marks?\s*\)$/i;
/** A part's label: one letter, or a roman numeral up to x. */
const PART_LABEL = /^\(([a-z]|i{1,3}|iv|vi{0,3}|ix|x)\)$/;
const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Positions within this many points are the same column. */
const COLUMN = 3;
/** A right-aligned mark ends within this many points of the marks' column. */
const MARK_COLUMN = 8;

interface Mark {
  line: Line;
  value: number;
  total: boolean;
  /** Edexcel's closing line names its question. */
  question: number | null;
}

/**
 * Finds a question paper's questions from its layout: numbers at the left margin with nothing to their left and the
 * question's text beside them, parts indented, marks right-aligned. Null when the text does not have that layout
 * (better no questions than wrong ones).
 */
export function detectQuestionPaper(text: LaidOutText): QuestionPaperDetection | null {
  if (beyondBounds(text)) return null;
  const pages = readPages(text);
  const cover = readCover(pages);
  const lines = contentLines(pages, cover.isCover);
  if (lines.length === 0) return null;

  const column = numberColumn(lines);
  if (column === null) return null;
  const layout = markLayout(lines);
  if (layout === null) return null;
  const marks = alignedMarks(lines, layout);
  if (marks.size === 0) return null;
  // Where the reader knows the fonts and most numbers at the column are bold, a number in a regular font there is
  // text that happens to start with a number, not a question.
  const atColumn = lines.filter((line) => Math.abs(line.x - column) <= COLUMN && questionNumber(line) !== null);
  const boldNumbers =
    atColumn.filter((line) => line.bold === true).length > atColumn.filter((line) => line.bold === false).length;

  const problems: string[] = [];
  const questions: DetectedQuestion[] = [];
  const labels: PartLabel[][] = [];
  let orphanMarks = 0;
  for (const line of lines) {
    const number =
      Math.abs(line.x - column) <= COLUMN && !(boldNumbers && line.bold === false) ? questionNumber(line) : null;
    if (number !== null) {
      questions.push({ number, start: positionOf(line, pages), marks: 0, printedTotal: null, parts: [] });
      labels.push([]);
    }
    const current = questions[questions.length - 1];
    if (current) labels[labels.length - 1]!.push(...partLabels(line, number !== null));
    const mark = marks.get(line);
    if (!mark) continue;
    if (!current) {
      orphanMarks += mark.value;
      continue;
    }
    if (!mark.total) {
      current.marks += mark.value;
      continue;
    }
    if (mark.question !== null && mark.question !== current.number) {
      problems.push(`The total printed for question ${mark.question} follows question ${current.number}.`);
    }
    if (current.printedTotal !== null) {
      problems.push(`Question ${current.number} has more than one printed total.`);
    }
    current.printedTotal = mark.value;
  }
  if (questions.length < 2) return null;
  if (orphanMarks > 0) {
    problems.push(`Marks (${orphanMarks}) come before the first question found: a question number may be unreadable.`);
  }

  const partColumn = letterColumn(labels.flat());
  questions.forEach((question, index) => {
    const parts = classifyParts(labels[index]!, partColumn);
    question.parts = parts.map((part) => part.name);
    problems.push(...partGaps(question.number, parts));
    if (question.marks === 0) problems.push(`Question ${question.number} has no marks at the right edge.`);
    if (question.printedTotal !== null && question.printedTotal !== question.marks) {
      problems.push(
        `Question ${question.number}: its part marks add up to ${question.marks}, its printed total is ${question.printedTotal}.`,
      );
    }
  });
  problems.push(...pageNumberJumps(pages));
  const totalMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  return { layout, cover, questions, totalMarks, problems };
}

/** The number at the start of a line that begins a question, or null. */
function questionNumber(line: Line): number | null {
  const [first, second] = line.words;
  if (!first || !second) return null;
  const match = QUESTION_NUMBER.exec(first.text);
  if (!match) return null;
  // The question's text (or its first part) follows on the same line, not far away.
  if (second.x - first.right > 8 * line.size) return null;
  // A row of numbers is a table, not a question.
  if (line.words.every((word) => /^[\d.,:%-]+$/.test(word.text))) return null;
  if (CAMBRIDGE_MARK.test(second.text) || EDEXCEL_MARK.test(second.text)) return null;
  return Number(match[1]);
}

/**
 * The x of the question numbers: the leftmost column where at least two lines start with a question number, when
 * the layout around it is a question paper's: nothing starts to its left, and little else starts at it (body text is
 * indented).
 */
function numberColumn(lines: readonly Line[]): number | null {
  const starts = lines.filter((line) => questionNumber(line) !== null).map((line) => line.x);
  const at = neighbourhoods(starts, COLUMN).find((around) => around.count >= 2)?.mean;
  if (at === undefined) return null;
  const left = lines.filter((line) => line.x < at - COLUMN).length;
  const numbered = lines.filter((line) => Math.abs(line.x - at) <= COLUMN && questionNumber(line) !== null).length;
  const other = lines.filter((line) => Math.abs(line.x - at) <= COLUMN && questionNumber(line) === null).length;
  if (left > Math.max(2, lines.length * 0.05)) return null;
  if (other > Math.max(2, numbered * 0.5)) return null;
  return at;
}

/** Cambridge's `[n]` or Edexcel's `(n)`: whichever the paper has more of at a right edge. */
function markLayout(lines: readonly Line[]): PaperLayout | null {
  const cambridge = alignedMarks(lines, 'cambridge').size;
  const edexcel = alignedMarks(lines, 'edexcel').size;
  if (cambridge === 0 && edexcel === 0) return null;
  return cambridge >= edexcel ? 'cambridge' : 'edexcel';
}

/** The marks that end at the marks' column: the right edge most of them share. */
function alignedMarks(lines: readonly Line[], layout: PaperLayout): Map<Line, Mark> {
  const found: Mark[] = [];
  for (const line of lines) {
    const mark = markOf(line, layout);
    if (mark) found.push(mark);
  }
  let edge = 0;
  let best = 0;
  for (const around of neighbourhoods(
    found.map((mark) => Math.round(mark.line.right)),
    MARK_COLUMN / 2,
  )) {
    if (around.count > best || (around.count === best && around.value > edge)) {
      best = around.count;
      edge = around.value;
    }
  }
  return new Map(
    found.filter((mark) => Math.abs(mark.line.right - edge) <= MARK_COLUMN).map((mark) => [mark.line, mark] as const),
  );
}

function markOf(line: Line, layout: PaperLayout): Mark | null {
  if (layout === 'cambridge') {
    const total = CAMBRIDGE_TOTAL.exec(line.text);
    if (total) return { line, value: Number(total[1]), total: true, question: null };
    const mark = CAMBRIDGE_MARK.exec(line.text);
    return mark ? { line, value: Number(mark[1]), total: false, question: null } : null;
  }
  const total = EDEXCEL_TOTAL.exec(line.text);
  if (total) return { line, value: Number(total[2]), total: true, question: Number(total[1]) };
  const mark = EDEXCEL_MARK.exec(line.text);
  return mark ? { line, value: Number(mark[1]), total: false, question: null } : null;
}

interface PartLabel {
  label: string;
  x: number;
  /** Directly after another label on the same line: "(b) (i)". */
  afterLabel: boolean;
}

/** The part labels at the start of a line (after the question number on the question's first line). */
function partLabels(line: Line, startsQuestion: boolean): PartLabel[] {
  const labels: PartLabel[] = [];
  for (let i = startsQuestion ? 1 : 0; i < line.words.length; i++) {
    const word = line.words[i]!;
    const match = PART_LABEL.exec(word.text);
    if (!match) break;
    labels.push({ label: match[1]!, x: word.x, afterLabel: labels.length > 0 });
  }
  return labels;
}

/** Where lettered parts start: the most common x of labels that can only be letters. */
function letterColumn(labels: readonly PartLabel[]): number | null {
  const xs = labels
    .filter((label) => label.label.length === 1 && !ROMAN.includes(label.label) && !label.afterLabel)
    .map((label) => label.x);
  let best: number | null = null;
  let bestCount = 0;
  for (const around of neighbourhoods(xs, COLUMN)) {
    if (around.count > bestCount) {
      best = around.value;
      bestCount = around.count;
    }
  }
  return best;
}

interface Part {
  name: string;
  letter: string | null;
  roman: string | null;
}

function classifyParts(labels: readonly PartLabel[], column: number | null): Part[] {
  const parts: Part[] = [];
  let letter: string | null = null;
  for (const { label, x, afterLabel } of labels) {
    const romanOnly = ROMAN.includes(label) && label.length > 1;
    const letterOnly = label.length === 1 && !ROMAN.includes(label);
    let isRoman: boolean;
    if (romanOnly) isRoman = true;
    else if (letterOnly) isRoman = false;
    // (i), (v), (x): a sub-part when indented past the lettered parts or after a letter on the same line; the
    // letter i only straight after (h).
    else if (afterLabel || (column !== null && x > column + COLUMN)) isRoman = true;
    else isRoman = !(letter !== null && LETTERS.indexOf(label) === LETTERS.indexOf(letter) + 1);
    if (isRoman) {
      parts.push({ name: `${letter !== null ? `(${letter})` : ''}(${label})`, letter, roman: label });
    } else {
      letter = label;
      parts.push({ name: `(${label})`, letter: label, roman: null });
    }
  }
  // "(b)" followed by its sub-parts is named by them: (b)(i), (b)(ii).
  return parts.filter((part, index) => {
    const next = parts[index + 1];
    return part.roman !== null || !next || next.roman === null || next.letter !== part.letter;
  });
}

/** Parts out of order or with a gap: (a) then (c), (i) then (iii). */
function partGaps(question: number, parts: readonly Part[]): string[] {
  const problems: string[] = [];
  let letter: string | null = null;
  let roman: string | null = null;
  for (const part of parts) {
    if (part.letter !== letter) {
      const expected: string | undefined = letter === null ? 'a' : LETTERS[LETTERS.indexOf(letter) + 1];
      if (part.letter !== expected && part.letter !== null) {
        problems.push(`Question ${question}: part (${part.letter}) follows ${letter ? `(${letter})` : 'no part'}.`);
      }
      letter = part.letter;
      roman = null;
    }
    if (part.roman !== null) {
      const expected: string | undefined = roman === null ? 'i' : ROMAN[ROMAN.indexOf(roman) + 1];
      if (part.roman !== expected) {
        problems.push(`Question ${question}: part ${part.name} follows ${roman ? `(${roman})` : 'no sub-part'}.`);
      }
      roman = part.roman;
    }
  }
  return problems;
}

/** Printed page numbers that skip or go back: a page is missing, doubled or out of order. */
function pageNumberJumps(pages: readonly ReadPage[]): string[] {
  const numbered = pages.filter((page) => page.printedNumber !== null);
  if (numbered.length < 3) return [];
  const problems: string[] = [];
  for (let i = 1; i < numbered.length; i++) {
    const before = numbered[i - 1]!;
    const after = numbered[i]!;
    if (after.printedNumber! - before.printedNumber! !== after.number - before.number) {
      problems.push(
        `Printed page numbers go from ${before.printedNumber} to ${after.printedNumber} between pages ${before.number} and ${after.number} of the file: a page may be missing or out of order.`,
      );
    }
  }
  return problems;
}
