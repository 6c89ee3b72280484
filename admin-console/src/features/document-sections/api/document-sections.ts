import { api, type TypedForm } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';
import type { SectionApi, SectionDocument, SectionFields } from '../model/document-section';

/** The entries of one kind (its own query key, so a write reloads exactly the lists that show it). */
export function useSectionDocuments<TDoc extends SectionDocument>(section: {
  queryKey: readonly string[];
  api: Pick<SectionApi<TDoc>, 'list'>;
}) {
  return useQuery({ queryKey: section.queryKey, queryFn: () => section.api.list() });
}

/** The subjects a document can be for (the mark scheme form's Subject choice fills the code). */
export function useSubjectChoices() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

/** The papers a document can be linked to. */
export function useLinkablePapers() {
  return useQuery({ queryKey: queryKeys.pastPapers, queryFn: () => api.pastPapers.summaries() });
}

export function useSaveSectionDocument<TDoc extends SectionDocument, TFields extends SectionFields>(section: {
  api: SectionApi<TDoc, TFields>;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      form,
      onProgress,
    }: {
      id?: number;
      form: TypedForm<TFields>;
      onProgress?: (f: number) => void;
    }): Promise<TDoc> =>
      id === undefined ? section.api.create(form, { onProgress }) : section.api.update(id, form, { onProgress }),
    onSuccess: () => invalidateLibrary(client),
  });
}

export function useDeleteSectionDocument(section: { api: { remove: (id: number) => Promise<unknown> } }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => section.api.remove(id),
    onSuccess: () => invalidateLibrary(client),
  });
}
