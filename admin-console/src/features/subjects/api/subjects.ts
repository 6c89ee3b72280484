import { api, multipartForm, type Subject, type SubjectFields } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';
import { withVersion } from '../../../lib/edit-version';

export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

export function useSubject(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.subject(id ?? 0),
    queryFn: () => api.subjects.get(id!),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export interface SubjectValues {
  name: string;
  code: string;
  level: string;
  description: string;
}

/** Spec section 7: subjects are sent as multipart name, code, level, description (updates add id and _method). */
export function subjectFields(values: SubjectValues): SubjectFields {
  return { name: values.name, code: values.code, level: values.level, description: values.description };
}

export function useSaveSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      values,
      version,
    }: {
      id?: number;
      values: SubjectValues;
      version?: string;
    }): Promise<Subject> =>
      id === undefined
        ? api.subjects.create(multipartForm(subjectFields(values)))
        : api.subjects.update(id, multipartForm(withVersion(subjectFields(values), { updated_at: version }))),
    onSuccess: () => invalidateLibrary(client),
  });
}

export function useDeleteSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.subjects.remove(id),
    onSuccess: () => invalidateLibrary(client),
  });
}
