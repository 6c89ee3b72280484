import { api } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** The site settings every screen may need (upload limit, maintenance banner); the Settings page shares the entry. */
export function useConsoleSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => api.settings.get(), staleTime: 60_000 });
}

/** The filesPerPage setting: the page size admin lists start with (10 until the settings load). */
export function useDefaultPageSize(): number {
  const size = useConsoleSettings().data?.filesPerPage;
  return typeof size === 'number' && size >= 1 ? size : 10;
}
