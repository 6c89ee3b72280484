import { commentsForPaper, type ExaminerReportDetection } from './examiner-report';
import { type MarkSchemeDetection } from './mark-scheme';
import { type PagePosition } from './page-lines';
import { type QuestionPaperDetection } from './question-paper';

/**
 * `ready`: every check passed, students may see the paper question by question. `flagged`: questions were found but
 * something does not add up; an admin sees why. `none`: no question layout was recognised.
 */
export type QuestionsStatus = 'ready' | 'flagged' | 'none';

/** One question with where it is in each document (positions as `PagePosition`: page from 1, top 0..1). */
export interface LinkedQuestion {
  number: string;
  marks: number;
  questionPaper: PagePosition;
  markScheme: PagePosition | null;
  examinerReport: PagePosition | null;
}

export interface QuestionSet {
  status: QuestionsStatus;
  /** Why a set is flagged or none, in words an admin can act on. Empty when ready. */
  reasons: string[];
  /** The sum of the questions' marks (null when none). */
  totalMarks: number | null;
  statedTotal: number | null;
  durationMinutes: number | null;
  questions: LinkedQuestion[];
}

export interface QuestionSetInput {
  questionPaper: QuestionPaperDetection | null;
  markScheme?: MarkSchemeDetection | null;
  examinerReport?: ExaminerReportDetection | null;
  /**
   * The paper's reference ("0625/42") to pick its section of an examiner report that covers several papers;
   * by default the one printed on the question paper's cover.
   */
  paperCode?: string | null;
}

const marks = (n: number): string => `${n} mark${n === 1 ? '' : 's'}`;

/** The checks a question paper must pass on its own: numbers 1..N in order, marks adding up to the stated total. */
export function questionPaperReasons(paper: QuestionPaperDetection): string[] {
  const reasons = [...paper.problems];
  const numbers = paper.questions.map((question) => question.number);
  const expected = numbers.map((_, index) => index + 1);
  if (numbers.some((number, index) => number !== expected[index])) {
    const missing = expected.filter((number) => !numbers.includes(number));
    reasons.push(
      `Question numbers are not 1 to ${numbers.length} in order: found ${numbers.join(', ')}` +
        (missing.length > 0 ? ` (no question ${missing.join(', ')}).` : '.'),
    );
  }
  const total = paper.totalMarks;
  const stated = paper.cover.statedTotal;
  if (stated === null)
    reasons.push(`The paper's total mark was not found on its cover, so the marks (${total}) cannot be checked.`);
  else if (stated !== total) reasons.push(`The questions' marks add up to ${total}; the cover states ${stated}.`);
  return reasons;
}

/** Where the mark scheme disagrees with the paper: a question's marks, a question missing on either side, the total. */
export function markSchemeReasons(paper: QuestionPaperDetection, scheme: MarkSchemeDetection): string[] {
  const reasons = [...scheme.problems];
  for (const question of paper.questions) {
    const rows = scheme.questions.find((candidate) => candidate.number === question.number);
    if (!rows) reasons.push(`The mark scheme has no rows for question ${question.number}.`);
    else if (rows.marks !== question.marks) {
      reasons.push(
        `Question ${question.number}: the paper gives ${marks(question.marks)}, the mark scheme ${rows.marks}.`,
      );
    }
  }
  for (const rows of scheme.questions) {
    if (!paper.questions.some((question) => question.number === rows.number)) {
      reasons.push(`The mark scheme has rows for question ${rows.number}, which the paper does not have.`);
    }
  }
  const maximum = scheme.cover.maximumMark;
  if (maximum !== null && paper.cover.statedTotal !== null && maximum !== paper.cover.statedTotal) {
    reasons.push(`The mark scheme's maximum mark is ${maximum}; the paper's cover states ${paper.cover.statedTotal}.`);
  }
  return reasons;
}

/**
 * A paper's questions linked to its mark scheme's rows and its examiner report's comments, with the verdict.
 * A mark scheme that was not recognised links nothing and flags nothing; one that was must agree.
 */
export function questionSet(input: QuestionSetInput): QuestionSet {
  const paper = input.questionPaper;
  if (!paper) {
    return {
      status: 'none',
      reasons: ['No question layout was recognised in the question paper.'],
      totalMarks: null,
      statedTotal: null,
      durationMinutes: null,
      questions: [],
    };
  }
  const reasons = questionPaperReasons(paper);
  if (input.markScheme) reasons.push(...markSchemeReasons(paper, input.markScheme));
  const comments = commentsForPaper(input.examinerReport ?? null, input.paperCode ?? paper.cover.paperCode);
  const questions = paper.questions.map((question): LinkedQuestion => {
    const rows = input.markScheme?.questions.find((candidate) => candidate.number === question.number);
    const comment = comments.find((candidate) => candidate.questions.includes(question.number));
    return {
      number: String(question.number),
      marks: question.marks,
      questionPaper: question.start,
      markScheme: rows?.start ?? null,
      examinerReport: comment?.start ?? null,
    };
  });
  return {
    status: reasons.length > 0 ? 'flagged' : 'ready',
    reasons,
    totalMarks: paper.totalMarks,
    statedTotal: paper.cover.statedTotal,
    durationMinutes: paper.cover.durationMinutes,
    questions,
  };
}
