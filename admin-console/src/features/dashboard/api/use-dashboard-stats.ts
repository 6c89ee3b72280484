import { api } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: () => api.dashboard.stats(), staleTime: 0 });
}
