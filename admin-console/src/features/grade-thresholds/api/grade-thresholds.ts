import { api, type GradeThreshold, type GradeThresholdInput } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Every subject's thresholds (the screen filters by subject itself: one read, instant filter). */
export function useGradeThresholds() {
  return useQuery({ queryKey: queryKeys.gradeThresholds, queryFn: () => api.gradeThresholds.list() });
}

/** The subjects of the filter and the form's select. */
export function useThresholdSubjects() {
  return useQuery({ queryKey: queryKeys.subjects, queryFn: () => api.subjects.list() });
}

function useThresholdMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gradeThresholds }),
  });
}

export const useSaveGradeThreshold = () =>
  useThresholdMutation(({ id, values }: { id?: number; values: GradeThresholdInput }): Promise<GradeThreshold> =>
    id === undefined ? api.gradeThresholds.create(values) : api.gradeThresholds.update(id, values),
  );

export const useDeleteGradeThreshold = () => useThresholdMutation((id: number) => api.gradeThresholds.remove(id));
