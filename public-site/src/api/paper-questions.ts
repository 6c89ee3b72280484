import { api, type AnswerOf } from '@ppl/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

type QuestionsAnswer = AnswerOf<'/backend/api/papers/{paperId}/questions', 'get'>;
/** A variant's questions as the API answers them (the public sees `ready` sets only). */
export type PaperQuestions = QuestionsAnswer['data'];
export type PaperQuestion = PaperQuestions['questions'][number];
/** Where a question starts in one of the documents: page from 1, `top` 0 at the page's top … 1 at its bottom. */
export type QuestionPlace = PaperQuestion['question_paper'];

/**
 * A variant's questions, read through the typed client in the browser only (imported by lazy chunks alone: neither
 * the server render nor the first page's JS carries it). One query shared by the viewer's list and the study
 * panel's self-marking: one request for both.
 */
export function paperQuestionsQuery(paperId: number | null, variantId: number | null) {
  return queryOptions({
    queryKey: ['papers', paperId ?? 0, 'questions', variantId ?? 0] as const,
    enabled: paperId !== null && variantId !== null,
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: async ({ signal }) => {
      const answer = await api.client.read(
        api.client.http.GET('/backend/api/papers/{paperId}/questions', {
          params: { path: { paperId: paperId! }, query: { variant: variantId! } },
          signal,
        }),
      );
      return answer.data;
    },
  });
}

/** The questions the viewer lists: a `ready` set's placed questions; anything else shows no question list at all. */
export function usePaperQuestions(paperId: number | null, variantId: number | null) {
  return useQuery({
    ...paperQuestionsQuery(paperId, variantId),
    select: (data: PaperQuestions): PaperQuestion[] => (data.status === 'ready' ? data.questions.filter(isPlaced) : []),
  });
}

/** A `ready` set (numbers and marks for self-marking), or null when the paper is not split into questions. */
export function useReadyQuestions(paperId: number | null, variantId: number | null) {
  return useQuery({
    ...paperQuestionsQuery(paperId, variantId),
    select: (data: PaperQuestions): PaperQuestions | null => (data.status === 'ready' ? data : null),
  });
}

/** A question the viewer can open: a whole positive page and a top within the page. */
function isPlaced(question: PaperQuestion): boolean {
  const { page, top } = question.question_paper;
  return Number.isInteger(page) && page >= 1 && top >= 0 && top <= 1;
}
