import { QueryClient } from '@tanstack/react-query';

/** The remote's one server-state cache: deduplicated, cached requests for every screen. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
