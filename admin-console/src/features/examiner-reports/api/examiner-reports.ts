import { api, type ExaminerReport } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateLibrary, queryKeys } from '../../../lib/query-keys';

export function useExaminerReports() {
  return useQuery({ queryKey: queryKeys.examinerReports, queryFn: () => api.examinerReports.list() });
}

/** The papers a report belongs to (the form's select). */
export function useReportPapers() {
  return useQuery({ queryKey: queryKeys.pastPapers, queryFn: () => api.pastPapers.summaries() });
}

export function useSaveExaminerReport() {
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
    }): Promise<ExaminerReport> =>
      id === undefined
        ? api.examinerReports.create(form, { onProgress })
        : api.examinerReports.update(id, form, { onProgress }),
    onSuccess: () => invalidateLibrary(client),
  });
}

export function useDeleteExaminerReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.examinerReports.remove(id),
    onSuccess: () => invalidateLibrary(client),
  });
}
