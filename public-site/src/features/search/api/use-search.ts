import { api, type SearchParams } from '@ppl/shared-ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useAppQuery } from '../../../api/queries';

/** One search (rendered on the server with the page: its results are in the HTML, the browser does not ask again). */
export function useSearch(params: SearchParams) {
  const enabled = params.q.trim() !== '' || params.level !== undefined || params.subject !== undefined;
  return useAppQuery({
    queryKey: ['search', params],
    queryFn: ({ signal }) => api.search.find(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
