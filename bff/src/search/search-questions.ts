import type { QuestionsService } from '../questions/questions.service';
import { questionsOnPage } from '../questions/questions-on-page';
import type { SearchAnswerView } from './search.view';

/**
 * Says which question a hit inside a question paper is in (`questions`, from the paper's public question set and
 * the hit's page), so that the result opens at that question. One set read per variant on the page of results.
 */
export async function withQuestions(answer: SearchAnswerView, questions: QuestionsService): Promise<SearchAnswerView> {
  const labelled = answer.results.filter(
    (result) => result.document_type === 'question-paper' && result.page !== null && result.variant_id !== null,
  );
  const sets = await questions.publicSetsOf(
    labelled.map((result) => ({ paperId: result.paper_id, variantId: result.variant_id! })),
  );
  return {
    ...answer,
    results: answer.results.map((result) => {
      const set = result.variant_id !== null ? sets.get(result.variant_id) : undefined;
      const inside =
        set && result.document_type === 'question-paper' && result.page !== null
          ? questionsOnPage(set, result.page)
          : [];
      return { ...result, questions: inside };
    }),
  };
}
