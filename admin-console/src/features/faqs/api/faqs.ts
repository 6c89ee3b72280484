import { api, type Faq, type FaqInput } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Every FAQ, drafts included (the admin reading), with the categories in use. */
export function useFaqs() {
  return useQuery({ queryKey: queryKeys.faqs, queryFn: () => api.faqs.list() });
}

function useFaqMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.faqs }) });
}

export const useSaveFaq = () =>
  useFaqMutation(({ id, values, version }: { id?: number; values: FaqInput; version?: string }): Promise<Faq> =>
    id === undefined ? api.faqs.create(values) : api.faqs.update(id, { ...values, updated_at: version }),
  );

/** Spec section 7: the status toggle sends a partial { is_published }. */
export const useToggleFaq = () =>
  useFaqMutation((faq: Faq) => api.faqs.update(faq.id, { is_published: !faq.is_published }));

/** Reordering sends a partial { sort_order }. */
export const useReorderFaq = () =>
  useFaqMutation(({ id, sort_order }: { id: number; sort_order: number }) => api.faqs.update(id, { sort_order }));

export const useDeleteFaq = () => useFaqMutation((id: number) => api.faqs.remove(id));
