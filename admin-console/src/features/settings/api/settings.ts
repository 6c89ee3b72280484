import { api, type SiteSettings } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

export function useSiteSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => api.settings.get(), staleTime: 0 });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) => api.settings.save(settings),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.settings, saved);
      return client.invalidateQueries({ queryKey: queryKeys.settings });
    },
  });
}
