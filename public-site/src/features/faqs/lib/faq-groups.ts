import type { Faq } from '@ppl/shared-ui';
import { compareText } from '../../../lib/papers';

export const isPublished = (faq: Faq): boolean => faq.published ?? faq.is_published ?? true;

/** By sort_order, then by question. */
export const compareFaqs = (a: Faq, b: Faq): number =>
  a.sort_order - b.sort_order || compareText(a.question, b.question);

/** An answer's words without its markup, for searching. */
const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Search over question and answer; the category filter matches case-insensitively. */
export function filterFaqs(faqs: readonly Faq[], { term, category }: { term: string; category: string }): Faq[] {
  const needle = term.trim().toLowerCase();
  const wanted = category.trim().toLowerCase();
  return faqs.filter(
    (faq) =>
      isPublished(faq) &&
      (!wanted || faq.category.toLowerCase() === wanted) &&
      (!needle || faq.question.toLowerCase().includes(needle) || plainText(faq.answer).toLowerCase().includes(needle)),
  );
}

export interface FaqGroup {
  category: string;
  faqs: Faq[];
}

/**
 * FAQs grouped by category. Groups come in the order the admin gave the FAQs (the group whose FAQ has the lowest
 * sort_order first; ties in the server's category order, then A to Z); FAQs by sort_order inside each.
 */
export function groupFaqs(faqs: readonly Faq[], categoryOrder: readonly string[]): FaqGroup[] {
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) {
    const list = groups.get(faq.category) ?? [];
    list.push(faq);
    groups.set(faq.category, list);
  }
  return orderCategories([...groups.keys()], faqs, categoryOrder).map((category) => ({
    category,
    faqs: groups.get(category)!.sort(compareFaqs),
  }));
}

function orderCategories(
  categories: readonly string[],
  faqs: readonly Faq[],
  serverOrder: readonly string[],
): string[] {
  const lowest = new Map<string, number>();
  for (const faq of faqs) {
    const key = faq.category.toLowerCase();
    lowest.set(key, Math.min(lowest.get(key) ?? Number.POSITIVE_INFINITY, faq.sort_order));
  }
  const rank = (category: string) => {
    const index = serverOrder.findIndex((c) => c.toLowerCase() === category.toLowerCase());
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const first = (category: string) => lowest.get(category.toLowerCase()) ?? Number.POSITIVE_INFINITY;
  return [...categories].sort((a, b) => first(a) - first(b) || rank(a) - rank(b) || compareText(a, b));
}

/** The categories to offer as filter buttons, in the accordion's order: the server's list plus any in use. */
export function faqCategories(faqs: readonly Faq[], serverCategories: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const category of serverCategories) if (category) seen.set(category.toLowerCase(), category);
  const published = faqs.filter(isPublished);
  for (const faq of published)
    if (!seen.has(faq.category.toLowerCase())) seen.set(faq.category.toLowerCase(), faq.category);
  return orderCategories([...seen.values()], published, serverCategories);
}
