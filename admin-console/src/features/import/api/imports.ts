import { api, multipartForm, type Import, type ImportCorrections, type SubjectFields } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';

const importKey = (id: number) => ['imports', id] as const;

/** The admin's latest unfinished import (the page resumes it), or null. */
export function useLatestOpenImport() {
  return useQuery({
    queryKey: ['imports', 'open'],
    queryFn: async () => (await api.imports.list())[0]?.id ?? null,
    staleTime: Infinity,
  });
}

/** One import with its preview. */
export function useImport(id: number | null) {
  return useQuery({ queryKey: importKey(id ?? 0), queryFn: () => api.imports.get(id!), enabled: id !== null });
}

export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

/** Every write to an import answers the whole preview again: it replaces the cached one. */
function useImportWrite<V>(id: number | null, write: (id: number, variables: V) => Promise<Import>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(id!, variables),
    onSuccess: (view) => client.setQueryData(importKey(view.id), view),
  });
}

export const useCorrectFile = (id: number | null) =>
  useImportWrite(id, (importId, { fileId, changes }: { fileId: number; changes: ImportCorrections }) =>
    api.imports.correct(importId, fileId, changes),
  );

export const useRemoveFile = (id: number | null) =>
  useImportWrite(id, (importId, fileId: number) => api.imports.removeFile(importId, fileId));

export const useChooseSubject = (id: number | null) =>
  useImportWrite(id, (importId, { code, subjectId }: { code: string; subjectId: number | null }) =>
    api.imports.chooseSubject(importId, code, subjectId),
  );

/** Commits, then reloads every list the new papers show in. */
export function useCommitImport(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.imports.commit(id!),
    onSuccess: async (view) => {
      client.setQueryData(importKey(view.id), view);
      await invalidateLibrary(client);
    },
  });
}

/** Creates a subject for an unknown code ("create subject"); the preview then finds it by its code. */
export function useCreateSubject(importId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { name: string; code: string; level: string }) => {
      const fields: SubjectFields = { name: values.name, code: values.code, level: values.level, description: '' };
      return api.subjects.create(multipartForm(fields));
    },
    onSuccess: async () => {
      await invalidateLibrary(client);
      if (importId !== null) await client.invalidateQueries({ queryKey: importKey(importId) });
    },
  });
}

export function useDiscardImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.imports.discard(id),
    onSuccess: () => client.removeQueries({ queryKey: ['imports'] }),
  });
}

export { importKey };
