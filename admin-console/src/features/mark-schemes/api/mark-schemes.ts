import { api, type MarkScheme } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';

export function useMarkSchemes() {
  return useQuery({ queryKey: queryKeys.markSchemes, queryFn: () => api.markSchemes.list() });
}

/** The subjects a mark scheme can be for (the form's Subject choice fills the code). */
export function useSubjectChoices() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

/** The papers a mark scheme can be linked to. */
export function useLinkablePapers() {
  return useQuery({ queryKey: queryKeys.pastPapers, queryFn: () => api.pastPapers.summaries() });
}

export function useSaveMarkScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      form,
      onProgress,
    }: {
      id?: number;
      form: FormData;
      onProgress?: (f: number) => void;
    }): Promise<MarkScheme> =>
      id === undefined
        ? api.markSchemes.create(form, { onProgress })
        : api.markSchemes.update(id, form, { onProgress }),
    onSuccess: () => invalidateLibrary(client),
  });
}

export function useDeleteMarkScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.markSchemes.remove(id),
    onSuccess: () => invalidateLibrary(client),
  });
}
