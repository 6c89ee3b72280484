import { readCover, type CoverFacts } from './cover';
import { beyondBounds, type LaidOutText } from './laid-out-text';
import { contentLines } from './page-content';
import { positionOf, readPages, type Line, type PagePosition, type Word } from './page-lines';

/** One row of the mark scheme's table, as labelled in its "Question" column: `1(a)`, `1(b)(i)`, `2`. */
export interface MarkSchemeRow {
  label: string;
  question: number;
  start: PagePosition;
  /** The values of the "Marks" column from this row to the next labelled one (`2`, or codes such as B1, M1 A1). */
  marks: number;
}

export interface MarkSchemeQuestion {
  number: number;
  /** Where the question's first row starts. */
  start: PagePosition;
  marks: number;
  /** A "Total" row's value, where the scheme prints one. */
  printedTotal: number | null;
  rows: number;
}

export interface MarkSchemeDetection {
  cover: CoverFacts;
  rows: MarkSchemeRow[];
  questions: MarkSchemeQuestion[];
  /** The sum of every row's marks (to set against the cover's maximum mark). */
  totalMarks: number;
  problems: string[];
}

interface Columns {
  question: Word;
  answer: Word;
  marks: Word;
  /** The column after "Marks" ("Guidance"), when there is one. */
  next: Word | null;
}

const ROW_LABEL = /^([1-9]\d?)((?:\([a-z]{1,4}\))*(?:[-–]\([a-z]{1,4}\))?)$/;
/** A mark as a number, or as a marking code worth its digit (B1, M1, A1, C1, DM1, …; a special case SC is not). */
const MARK_VALUE = /^(?:(\d{1,2})|(?:B|M|A|C|D|P|DM|DB|dM|dB)(\d))$/;
/** Marks-column words are recognised this far (points) outside the header's own width. */
const MARKS_SLACK = 10;

/**
 * Reads a mark scheme's table: the header row "Question | Answer | Marks" (and usually "Guidance"), then each row's
 * label in the Question column and the values of the Marks column below it. Null when there is no such table.
 */
export function detectMarkScheme(text: LaidOutText): MarkSchemeDetection | null {
  if (beyondBounds(text)) return null;
  const pages = readPages(text);
  const cover = readCover(pages);
  const rows: MarkSchemeRow[] = [];
  const totals = new Map<number, number>();
  const problems: string[] = [];
  let columns: Columns | null = null;
  let orphanMarks = 0;
  /** Marking codes of the current row since its last subtotal. */
  let coded = 0;
  const lines = contentLines(pages, cover.isCover);
  let page = 0;
  for (const line of lines) {
    if (line.page !== page) {
      // A header row repeated at the top of every page is taken for a running header: look there too.
      page = line.page;
      for (const running of pages[page - 1]!.running) columns = headerOf(running) ?? columns;
    }
    const header = headerOf(line);
    if (header) {
      columns = header;
      continue;
    }
    if (!columns) continue;
    const label = rowLabel(line, columns);
    const current = label
      ? { label: label.text, question: label.question, start: positionOf(line, pages), marks: 0 }
      : rows[rows.length - 1];
    if (label) {
      rows.push(current!);
      coded = 0;
    }
    const { codes, numbers } = marksOn(line, columns);
    if (codes === 0 && numbers === 0) continue;
    if (!current) {
      orphanMarks += codes + numbers;
      continue;
    }
    if (isTotalRow(line, columns)) {
      totals.set(current.question, codes + numbers);
      continue;
    }
    // A plain number right after marking codes that add up to it is their subtotal (mathematics schemes print one
    // under each part's M1 A1 …): it is not counted again.
    if (codes === 0 && coded > 0 && numbers === coded) {
      coded = 0;
      continue;
    }
    coded += codes;
    current.marks += codes + numbers;
  }
  if (rows.length === 0) return null;
  if (orphanMarks > 0) problems.push(`Marks (${orphanMarks}) in the mark scheme come before its first labelled row.`);

  const questions: MarkSchemeQuestion[] = [];
  for (const row of rows) {
    const last = questions[questions.length - 1];
    if (last?.number === row.question) {
      last.marks += row.marks;
      last.rows++;
      continue;
    }
    if (questions.some((question) => question.number === row.question)) {
      problems.push(`Mark scheme rows of question ${row.question} appear again after question ${last?.number}.`);
      const earlier = questions.find((question) => question.number === row.question)!;
      earlier.marks += row.marks;
      earlier.rows++;
      continue;
    }
    questions.push({
      number: row.question,
      start: row.start,
      marks: row.marks,
      printedTotal: totals.get(row.question) ?? null,
      rows: 1,
    });
  }
  for (const question of questions) {
    if (question.printedTotal !== null && question.printedTotal !== question.marks) {
      problems.push(
        `Mark scheme question ${question.number}: its rows add up to ${question.marks}, its total row says ${question.printedTotal}.`,
      );
    }
  }
  const totalMarks = rows.reduce((sum, row) => sum + row.marks, 0);
  return { cover, rows, questions, totalMarks, problems };
}

/** The table's header row: "Question", "Answer", "Marks" from left to right (and what follows "Marks"). */
function headerOf(line: Line): Columns | null {
  const find = (pattern: RegExp, after: number): number =>
    line.words.findIndex((word, index) => index > after && pattern.test(word.text));
  const question = find(/^questions?$/i, -1);
  if (question < 0) return null;
  const answer = find(/^(?:answers?|expected|working)$/i, question);
  if (answer < 0) return null;
  const marks = find(/^marks?$/i, answer);
  if (marks < 0) return null;
  // A header's cells stand apart; prose that happens to say "question … answer … marks" does not.
  const [q, a, m] = [line.words[question]!, line.words[answer]!, line.words[marks]!];
  if (a.x - q.right < 2 * line.size || m.x - a.right < 2 * line.size) return null;
  return {
    question: line.words[question]!,
    answer: line.words[answer]!,
    marks: line.words[marks]!,
    next: line.words[marks + 1] ?? null,
  };
}

/** A row label in the Question column: the line's first word(s), left of the Answer column. */
function rowLabel(line: Line, columns: Columns): { text: string; question: number } | null {
  const limit = Math.min(columns.answer.x, columns.question.right + 8);
  const first = line.words[0];
  if (!first || first.x < columns.question.x - 25 || first.x >= limit) return null;
  // pdf.js may split "1(b)" and "(ii)" into two runs, or print them a space apart: the label is the words that
  // follow each other closely inside the column.
  let text = first.text;
  for (let i = 1; i < line.words.length; i++) {
    const word = line.words[i]!;
    if (word.x >= limit || word.x - line.words[i - 1]!.right > line.size * 0.5) break;
    text += word.text;
  }
  const match = ROW_LABEL.exec(text);
  return match ? { text, question: Number(match[1]) } : null;
}

function isTotalRow(line: Line, columns: Columns): boolean {
  return line.words.some((word) => word.x < columns.marks.x - MARKS_SLACK && /^total:?$/i.test(word.text));
}

/** The mark values in the Marks column on this line: marking codes (B1, M1, …) and plain numbers, each summed. */
function marksOn(line: Line, columns: Columns): { codes: number; numbers: number } {
  const from = columns.marks.x - MARKS_SLACK;
  const to = columns.marks.right + MARKS_SLACK;
  const sum = { codes: 0, numbers: 0 };
  for (const word of line.words) {
    const centre = (word.x + word.right) / 2;
    if (centre < from || centre > to) continue;
    if (columns.next && word.x >= columns.next.x) continue;
    const match = MARK_VALUE.exec(word.text);
    if (match?.[1] !== undefined) sum.numbers += Number(match[1]);
    else if (match?.[2] !== undefined) sum.codes += Number(match[2]);
  }
  return sum;
}
