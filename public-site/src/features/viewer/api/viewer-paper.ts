import { api, ApiError } from '@ppl/shared-ui';
import { useAppQuery } from '../../../api/queries';

/** The paper the viewer shows, with its variants and linked documents (rendered on the server too). */
export function useViewerPaper(id: number | null) {
  return useAppQuery({
    queryKey: ['past-papers', 'one', id ?? 0] as const,
    enabled: id !== null,
    queryFn: () => api.pastPapers.get(id!),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}
