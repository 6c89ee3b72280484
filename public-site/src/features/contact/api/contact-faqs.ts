import { api, type Faq, type FaqList } from '@ppl/shared-ui';
import { queryKeys, useAppQuery } from '../../../api/queries';

/** Spec section 9: the contact page shows six FAQs. */
export const CONTACT_FAQ_COUNT = 6;

/** Spec section 2: Contact first, then General, then all. */
const CATEGORY_PREFERENCE = ['Contact', 'General', undefined] as const;

type ListFaqs = (filter: { category?: string; publishedOnly?: boolean }) => Promise<FaqList>;

const isPublished = (faq: Faq) => faq.published ?? faq.is_published ?? true;

/**
 * The contact page's FAQs: the published FAQs of category Contact; if there are none, of General; if none
 * either, all of them. Sorted by sort_order, six shown.
 */
export async function loadContactFaqs(listFaqs: ListFaqs = (filter) => api.faqs.list(filter)): Promise<Faq[]> {
  for (const category of CATEGORY_PREFERENCE) {
    const { faqs } = await listFaqs({ category, publishedOnly: true });
    // The server filters by category; checking again here keeps the rule even if it did not.
    const matching = faqs.filter(
      (faq) => isPublished(faq) && (!category || faq.category.toLowerCase() === category.toLowerCase()),
    );
    if (matching.length > 0 || category === undefined) {
      return [...matching].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).slice(0, CONTACT_FAQ_COUNT);
    }
  }
  return [];
}

export function useContactFaqs() {
  return useAppQuery({ queryKey: queryKeys.contactFaqs, queryFn: () => loadContactFaqs() });
}
