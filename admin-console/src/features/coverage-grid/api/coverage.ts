import { api } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

/** A subject's grid; under the papers key, so every library write reloads it. */
export function useCoverage(subjectId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.pastPapers, 'coverage', subjectId ?? 0],
    queryFn: () => api.coverage.get(subjectId!),
    enabled: subjectId !== null,
  });
}
