import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportIfSessionRejected } from './session-events';

/** Query and mutation caches that report a rejected session (401) wherever it happens. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportIfSessionRejected }),
    mutationCache: new MutationCache({ onError: reportIfSessionRejected }),
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The remote's one server-state cache: deduplicated, cached requests for every screen. */
export const queryClient = createQueryClient();
