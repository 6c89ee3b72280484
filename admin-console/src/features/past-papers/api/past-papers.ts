import { api, type PastPaper, type PastPaperFields, type TypedForm } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';

/** Mutations of this feature share a key, so the list can show 'Processing your request...' while any runs. */
export const PAST_PAPER_MUTATION = ['past-papers', 'write'] as const;

export function usePastPapers() {
  return useQuery({ queryKey: queryKeys.pastPapers, queryFn: () => api.pastPapers.summaries() });
}

export function usePastPaper(id: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pastPaper(id ?? 0),
    queryFn: () => api.pastPapers.get(id!),
    enabled: id !== undefined && Number.isFinite(id) && (options.enabled ?? true),
    // Download counters change from the public site: always read them fresh.
    staleTime: 0,
  });
}

/** The subjects the form's select offers. */
export function useSubjectChoices() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

export interface SavePastPaper {
  mode: 'create' | 'edit';
  id?: number;
  /** The multipart body (multipartForm of the form's fields); checked again here, as the spec asks. */
  payload: TypedForm<PastPaperFields>;
  onProgress?: (fraction: number) => void;
}

/** Spec section 5: the payload must be multipart; anything else is refused before a request is made. */
export function savePastPaper({ mode, id, payload, onProgress }: SavePastPaper): Promise<PastPaper> {
  if (!(payload instanceof FormData)) {
    return Promise.reject(new Error(`Error: Invalid data submitted from form (${mode}). Expected FormData instance.`));
  }
  return mode === 'edit' && id !== undefined
    ? api.pastPapers.update(id, payload, { onProgress })
    : api.pastPapers.create(payload, { onProgress });
}

export function useSavePastPaper() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: PAST_PAPER_MUTATION,
    mutationFn: savePastPaper,
    onSuccess: () => invalidateLibrary(client),
  });
}

export function useDeletePastPaper() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: PAST_PAPER_MUTATION,
    mutationFn: (id: number) => api.pastPapers.remove(id),
    onSuccess: () => invalidateLibrary(client),
  });
}
