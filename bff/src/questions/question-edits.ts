import type { MarkSchemeDetection, PagePosition, QuestionPaperDetection } from '../question-detection';
import type { FieldErrors } from '../common/validation';

/** Where an edited question starts in one document (the document it was saved against, page from 1, top 0..1). */
export interface EditedPlace {
  document_id: number;
  page: number;
  top: number;
}

/** One question of an admin's edit, as stored in `questions.edits`. */
export interface EditedQuestion {
  number: string;
  marks: number;
  question_paper: PagePosition;
  mark_scheme: EditedPlace | null;
  examiner_report: EditedPlace | null;
}

/** An edit as sent (validated field by field by EditQuestionsDto). */
export interface EditInput {
  number: string;
  marks: number;
  question_paper: PagePosition;
  mark_scheme?: PagePosition | null;
  examiner_report?: PagePosition | null;
}

/** A document the edit may point into: its id and page count (null when its reading did not count them). */
export interface EditTarget {
  id: number;
  pages: number | null;
}

export interface EditTargets {
  questionPaper: EditTarget;
  markScheme: EditTarget | null;
  examinerReport: EditTarget | null;
}

const NAMES = { question_paper: 'question paper', mark_scheme: 'mark scheme', examiner_report: 'examiner report' };

/**
 * The rules an edit must keep beyond each field's own (a 400 names the first broken one): each place on a page the
 * document has, a mark-scheme or examiner-report place only when the variant has that document, numbers unique, and
 * questions in the order they start in the question paper (a question runs to the next one's start).
 */
export function editErrors(questions: EditInput[], targets: EditTargets): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  questions.forEach((question, index) => {
    const at = `questions.${index}`;
    for (const key of ['question_paper', 'mark_scheme', 'examiner_report'] as const) {
      const place = question[key];
      if (!place) continue;
      const target =
        key === 'question_paper'
          ? targets.questionPaper
          : key === 'mark_scheme'
            ? targets.markScheme
            : targets.examinerReport;
      if (!target) {
        errors[`${at}.${key}`] = `Question ${question.number}: the variant has no ${NAMES[key]} to link to`;
      } else if (target.pages !== null && place.page > target.pages) {
        errors[`${at}.${key}.page`] =
          `Question ${question.number}: page ${place.page} is beyond the ${NAMES[key]}'s ${target.pages} pages`;
      }
    }
    const key = question.number.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) errors[`${at}.number`] = `Question number ${question.number} is used twice`;
    else seen.set(key, index);
    const previous = questions[index - 1];
    if (previous && !after(question.question_paper, previous.question_paper)) {
      errors[`${at}.question_paper`] =
        `Question ${question.number} must start below question ${previous.number} (questions are in the order they ` +
        'start in the paper)';
    }
  });
  return errors;
}

const after = (a: PagePosition, b: PagePosition): boolean => a.page > b.page || (a.page === b.page && a.top > b.top);

/** What the edit's questions are stored as: each place with the document it was saved against. */
export function toEdited(questions: EditInput[], targets: EditTargets): EditedQuestion[] {
  const place = (target: EditTarget | null, position: PagePosition | null | undefined): EditedPlace | null =>
    target && position ? { document_id: target.id, page: position.page, top: position.top } : null;
  return questions.map((question) => ({
    number: question.number,
    marks: question.marks,
    question_paper: { page: question.question_paper.page, top: question.question_paper.top },
    mark_scheme: place(targets.markScheme, question.mark_scheme),
    examiner_report: place(targets.examinerReport, question.examiner_report),
  }));
}

const marks = (n: number): string => `${n} mark${n === 1 ? '' : 's'}`;

/**
 * The checks an edited set must pass to be shown without an admin's confirmation, the same as a detected one's:
 * numbers 1 to N in order, marks adding up to the total printed on the cover, and the mark scheme (where detection
 * read it) agreeing on each question's marks.
 */
export function editedReasons(
  questions: EditedQuestion[],
  paper: QuestionPaperDetection | null,
  scheme: MarkSchemeDetection | null,
): string[] {
  const reasons: string[] = [];
  if (questions.length === 0) return ['An admin saved this paper with no questions.'];
  const numbers = questions.map((question) => question.number);
  if (numbers.some((number, index) => number !== String(index + 1))) {
    reasons.push(`Question numbers are not 1 to ${numbers.length} in order: ${numbers.join(', ')}.`);
  }
  const total = questions.reduce((sum, question) => sum + question.marks, 0);
  const stated = paper?.cover.statedTotal ?? null;
  if (stated === null)
    reasons.push(`The paper's total mark is not known from its cover, so the marks (${total}) cannot be checked.`);
  else if (stated !== total) reasons.push(`The questions' marks add up to ${total}; the cover states ${stated}.`);
  for (const question of questions) {
    const rows = scheme?.questions.find((candidate) => String(candidate.number) === question.number);
    if (rows && rows.marks !== question.marks) {
      reasons.push(`Question ${question.number}: ${marks(question.marks)} here, the mark scheme gives ${rows.marks}.`);
    }
  }
  return reasons;
}

/** An edited set put together: its status (confirmed sets are ready whatever their checks say) and its questions. */
export function editedSet(
  questions: EditedQuestion[],
  confirmed: boolean,
  paper: QuestionPaperDetection | null,
  scheme: MarkSchemeDetection | null,
): { status: 'ready' | 'flagged' | 'none'; reasons: string[]; totalMarks: number | null; statedTotal: number | null } {
  const reasons = editedReasons(questions, paper, scheme);
  const status = questions.length === 0 ? 'none' : reasons.length === 0 || confirmed ? 'ready' : 'flagged';
  return {
    status,
    reasons,
    totalMarks: questions.length === 0 ? null : questions.reduce((sum, question) => sum + question.marks, 0),
    statedTotal: paper?.cover.statedTotal ?? null,
  };
}
