import { api, LEVELS, SESSIONS, type SearchParams, type SearchQuery } from '@ppl/shared-ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useAppQuery } from '../../../api/queries';

/** The URL's search as GET /search's documented query: a level or session the API does not know is left out. */
function searchQueryOf(params: SearchParams): SearchQuery {
  const { level, session, ...rest } = params;
  return {
    ...rest,
    level: LEVELS.find((known) => known === level),
    session: SESSIONS.find((known) => known === session),
  };
}

/** One search (rendered on the server with the page: its results are in the HTML, the browser does not ask again). */
export function useSearch(params: SearchParams) {
  const enabled = params.q.trim() !== '' || params.level !== undefined || params.subject !== undefined;
  return useAppQuery({
    queryKey: ['search', params],
    queryFn: ({ signal }) => api.search.find(searchQueryOf(params), signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
