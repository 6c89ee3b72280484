import { apiClient, type AnswerOf, type JsonBodyOf } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const PATH = '/backend/api/papers/{paperId}/questions';

export type PaperQuestions = AnswerOf<typeof PATH, 'get'>['data'];
export type QuestionsEdit = JsonBodyOf<typeof PATH, 'put'>;
export type EditedQuestion = QuestionsEdit['questions'][number];
const key = (paperId: number, variantId: number) => ['questions', paperId, variantId] as const;

/** A variant's questions as an admin sees them: every status, the reasons, the version and the documents' pages. */
export function usePaperQuestions(paperId: number, variantId: number) {
  return useQuery({
    queryKey: key(paperId, variantId),
    queryFn: async () =>
      (await apiClient.read(apiClient.http.GET(PATH, { params: { path: { paperId }, query: { variant: variantId } } })))
        .data,
    staleTime: 0,
  });
}

/** Saves the variant's questions (a stale `updated_at` answers 409). */
export function useSaveQuestions(paperId: number, variantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuestionsEdit) =>
      (
        await apiClient.read(
          apiClient.http.PUT(PATH, { params: { path: { paperId }, query: { variant: variantId } }, body }),
        )
      ).data,
    onSuccess: (data) => client.setQueryData(key(paperId, variantId), data),
  });
}

/** Drops the variant's edited questions: detection applies again. */
export function useDropQuestionEdits(paperId: number, variantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (version: string | null | undefined) =>
      (
        await apiClient.read(
          apiClient.http.DELETE(`${PATH}/edits`, {
            params: { path: { paperId }, query: { variant: variantId } },
            body: { updated_at: version ?? undefined },
          }),
        )
      ).data,
    onSuccess: (data) => client.setQueryData(key(paperId, variantId), data),
  });
}

/** Drops the edits of a variant's questions by ids alone (the replace form's "do not keep the edited questions"). */
export async function dropQuestionEdits(paperId: number, variantId: number): Promise<void> {
  await apiClient.read(
    apiClient.http.DELETE(`${PATH}/edits`, {
      params: { path: { paperId }, query: { variant: variantId } },
      body: {},
    }),
  );
}
