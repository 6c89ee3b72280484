import { api, type InquiryStatus } from '@ppl/shared-ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Spec section 9: inquiries page size (until the filesPerPage setting says otherwise). */
export const INQUIRIES_PAGE_SIZE = 10;

export function useInquiryPage(page: number, status: InquiryStatus | '', pageSize = INQUIRIES_PAGE_SIZE) {
  return useQuery({
    queryKey: queryKeys.inquiryPage(page, pageSize, status),
    queryFn: () => api.inquiries.list(page, pageSize, status || undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface InquiryCounts {
  total: number;
  new: number;
  in_progress: number;
  resolved: number;
}

/** The four stats: the totals of one-row pages, per status. */
export function useInquiryCounts() {
  return useQuery({
    queryKey: queryKeys.inquiryCounts,
    staleTime: 0,
    queryFn: async (): Promise<InquiryCounts> => {
      const [all, fresh, inProgress, resolved] = await Promise.all([
        api.inquiries.list(1, 1),
        api.inquiries.list(1, 1, 'new'),
        api.inquiries.list(1, 1, 'in_progress'),
        api.inquiries.list(1, 1, 'resolved'),
      ]);
      return { total: all.total, new: fresh.total, in_progress: inProgress.total, resolved: resolved.total };
    },
  });
}

export function useSetInquiryStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: InquiryStatus }) => api.inquiries.setStatus(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inquiries }),
  });
}

export function useDeleteInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.inquiries.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inquiries }),
  });
}
