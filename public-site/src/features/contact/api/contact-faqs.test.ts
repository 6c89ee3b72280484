import type { Faq, FaqList } from '@ppl/shared-ui';
import { makeFaq } from '../../../../test/fixtures';
import { loadContactFaqs } from './contact-faqs';

/** A fake FAQ endpoint that filters by category like the server does, and records what it was asked. */
function endpoint(faqs: Faq[]) {
  const asked: Array<string | undefined> = [];
  const list = async ({ category }: { category?: string; publishedOnly?: boolean }): Promise<FaqList> => {
    asked.push(category);
    return { faqs: faqs.filter((f) => !category || f.category === category), categories: [] };
  };
  return { list, asked };
}

const many = (category: string, count: number, start = 0) =>
  Array.from({ length: count }, (_, i) =>
    makeFaq({ question: `${category} ${i}`, category, sort_order: (count - i) * 10 + start }),
  );

describe('loadContactFaqs', () => {
  it('takes the Contact FAQs first, sorted by sort_order, six of them', async () => {
    const { list, asked } = endpoint([...many('Contact', 8), ...many('General', 3)]);
    const faqs = await loadContactFaqs(list);
    expect(asked).toEqual(['Contact']);
    expect(faqs).toHaveLength(6);
    expect(faqs.every((f) => f.category === 'Contact')).toBe(true);
    expect(faqs.map((f) => f.sort_order)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('falls back to General when there are no Contact FAQs', async () => {
    const { list, asked } = endpoint([...many('General', 2), ...many('Papers', 4)]);
    const faqs = await loadContactFaqs(list);
    expect(asked).toEqual(['Contact', 'General']);
    expect(faqs.map((f) => f.question)).toEqual(['General 1', 'General 0']);
  });

  it('falls back to all FAQs when there are neither', async () => {
    const { list, asked } = endpoint([
      makeFaq({ question: 'c', category: 'Papers', sort_order: 3 }),
      makeFaq({ question: 'a', category: 'Technical', sort_order: 1 }),
      makeFaq({ question: 'b', category: 'Papers', sort_order: 2 }),
    ]);
    const faqs = await loadContactFaqs(list);
    expect(asked).toEqual(['Contact', 'General', undefined]);
    expect(faqs.map((f) => f.question)).toEqual(['a', 'b', 'c']);
  });

  it('ignores unpublished FAQs, and other categories if the server did not filter', async () => {
    const sloppy = async (): Promise<FaqList> => ({
      faqs: [
        makeFaq({ question: 'draft', category: 'Contact', published: false, is_published: false }),
        makeFaq({ question: 'general', category: 'General' }),
        makeFaq({ question: 'contact', category: 'contact' }),
      ],
      categories: [],
    });
    expect((await loadContactFaqs(sloppy)).map((f) => f.question)).toEqual(['contact']);
  });
});
