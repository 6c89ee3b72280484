/** A question's number and where it starts in the question paper. */
export interface QuestionStart {
  number: string;
  question_paper: { page: number; top: number };
}

/**
 * Below this part of the page, a question starting on the page leaves text of the question before it above: a hit
 * on that page may be in either. Above it, only headers and the question's own first line come first.
 */
const PAGE_HEAD = 0.12;

/**
 * The questions a page of the question paper holds (in order): the one that runs on from an earlier page (unless a
 * question starts at the page's head), then every one that starts on it. Search knows a hit's page, not where on the
 * page it is: one number means the hit is in that question; several mean it is in one of them. Empty when the page
 * is before the first question (the cover) or no questions are known.
 */
export function questionsOnPage(questions: readonly QuestionStart[], page: number): string[] {
  const ordered = [...questions].sort(
    (a, b) => a.question_paper.page - b.question_paper.page || a.question_paper.top - b.question_paper.top,
  );
  const startingHere = ordered.filter((question) => question.question_paper.page === page);
  const before = ordered.filter((question) => question.question_paper.page < page).at(-1);
  const runsOn = before !== undefined && (startingHere.length === 0 || startingHere[0]!.question_paper.top > PAGE_HEAD);
  return [...(runsOn ? [before.number] : []), ...startingHere.map((question) => question.number)];
}
