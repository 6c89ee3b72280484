import { beyondBounds, type LaidOutText } from './laid-out-text';
import { positionOf, readPages, type Line, type PagePosition, type ReadPage } from './page-lines';

/** The examiners' comment on one question, or on several together ("Questions 3–5"). */
export interface ExaminerComment {
  label: string;
  questions: number[];
  start: PagePosition;
}

/** A report covers several papers of a syllabus, each under its own heading ("Paper 0625/42 Theory (Extended)"). */
export interface ExaminerReportSection {
  /** "0625/42"; null when the report has no paper headings (it then has one section). */
  paperCode: string | null;
  title: string;
  start: PagePosition | null;
  comments: ExaminerComment[];
}

export interface ExaminerReportDetection {
  sections: ExaminerReportSection[];
}

const PAPER_HEADING = /^Paper\s+(\d{4}\/\d{2})\b\s*(.*)$/i;
/** "Question 3", "Questions 3–5", "Questions 3 to 5", "Question 3 and 4", "Questions 3, 4 and 6". */
const COMMENT_HEADING =
  /^Questions?\s+([1-9]\d?)(?:\s*(?:[-–—]|to)\s*([1-9]\d?))?((?:\s*(?:,|and|&)\s*[1-9]\d?)*)(?=$|[\s:.,(])/i;
/** A comment heading starts a paragraph: the line before it is at least this many font sizes above. */
const PARAGRAPH_GAP = 1.45;
const MAX_RANGE = 40;

/**
 * Finds where the report's comments on each question begin: a paragraph (or a heading) that starts "Question N",
 * "Questions N–M" or "Question N and M", grouped under the report's paper headings. Null when there is none.
 */
export function detectExaminerReport(text: LaidOutText): ExaminerReportDetection | null {
  if (beyondBounds(text)) return null;
  const pages = readPages(text);
  const sections: ExaminerReportSection[] = [];
  let section: ExaminerReportSection | null = null;
  let previous: Line[] = [];
  for (const page of pages) {
    if (page.blank) continue;
    const left = leftMargin(page);
    page.lines.forEach((line, index) => {
      const paper = PAPER_HEADING.exec(line.text);
      if (paper && line.x <= left + 20) {
        section = { paperCode: paper[1]!, title: paper[2]!.trim(), start: positionOf(line, pages), comments: [] };
        sections.push(section);
        return;
      }
      const comment = COMMENT_HEADING.exec(line.text);
      if (!comment || line.x > left + 20) return;
      // A heading on its own line starts a comment; a line that runs on after "Question N" must start a paragraph.
      const heading = comment[0].length >= line.text.replace(/[:.]$/, '').length;
      if (!heading && !startsParagraph(page.lines, index, previous)) return;
      const questions = numbersOf(comment);
      if (questions.length === 0) return;
      if (!section) {
        section = { paperCode: null, title: '', start: null, comments: [] };
        sections.push(section);
      }
      section.comments.push({ label: comment[0].trim(), questions, start: positionOf(line, pages) });
    });
    if (page.lines.length > 0) previous = page.lines.slice(-2);
  }
  const withComments = sections.filter((candidate) => candidate.comments.length > 0);
  return withComments.length > 0 ? { sections: withComments } : null;
}

/**
 * The comments of one paper: its section when the report has paper headings, the only section when it has none.
 */
export function commentsForPaper(report: ExaminerReportDetection | null, paperCode: string | null): ExaminerComment[] {
  if (!report) return [];
  const own = report.sections.find((section) => section.paperCode !== null && section.paperCode === paperCode);
  if (own) return own.comments;
  const [only] = report.sections;
  return report.sections.length === 1 && only!.paperCode === null ? only!.comments : [];
}

function leftMargin(page: ReadPage): number {
  return page.lines.reduce((min, line) => Math.min(min, line.x), Number.POSITIVE_INFINITY);
}

/**
 * Whether a line begins a paragraph: a wider gap above it than between the lines of a paragraph, or another font.
 * The first line of a page continues the previous page's last paragraph when that one ended mid-sentence.
 */
function startsParagraph(lines: readonly Line[], index: number, previousPage: readonly Line[]): boolean {
  const line = lines[index]!;
  const before = lines[index - 1];
  if (before) return line.baseline - before.baseline >= PARAGRAPH_GAP * line.size || before.bold !== line.bold;
  const [secondLast, last] = previousPage.length === 2 ? previousPage : [undefined, previousPage[0]];
  if (!last || /[.!?:]$/.test(last.text)) return true;
  // The last line of the previous page was inside a paragraph (close under the line before it): this continues it.
  return !(secondLast && last.baseline - secondLast.baseline < PARAGRAPH_GAP * last.size);
}

function numbersOf(match: RegExpExecArray): number[] {
  const first = Number(match[1]);
  const numbers = [first];
  if (match[2] !== undefined) {
    const last = Number(match[2]);
    if (last <= first || last - first > MAX_RANGE) return [];
    for (let n = first + 1; n <= last; n++) numbers.push(n);
  }
  for (const more of match[3]?.match(/\d+/g) ?? []) numbers.push(Number(more));
  return [...new Set(numbers)].sort((a, b) => a - b);
}
