import type { Faq, FaqInput } from '@ppl/shared-ui';
import { z } from 'zod';

export const NEW_CATEGORY = '__new__';
export const DEFAULT_CATEGORY = 'General';
export const SORT_ORDER_MESSAGE = 'Sort order must be a whole number of at least 0';

export interface FaqFormValues {
  question: string;
  answer: string;
  /** An existing category, or NEW_CATEGORY to type one. */
  category: string;
  newCategory: string;
  sort_order: string;
  is_published: boolean;
}

/** Spec section 4/5: a new FAQ is published, in category General, at sort order 0. */
export function initialFaq(faq: Faq | null): FaqFormValues {
  if (!faq)
    return {
      question: '',
      answer: '',
      category: DEFAULT_CATEGORY,
      newCategory: '',
      sort_order: '0',
      is_published: true,
    };
  return {
    question: faq.question,
    answer: faq.answer,
    category: faq.category,
    newCategory: '',
    sort_order: String(faq.sort_order),
    is_published: faq.is_published,
  };
}

/** Spec section 5 "FAQ form". */
export const faqSchema = z
  .object({
    question: z.string().trim().min(1, 'Question is required'),
    answer: z.string().trim().min(1, 'Answer is required'),
    category: z.string(),
    newCategory: z.string(),
    sort_order: z.string().refine((value) => /^\d+$/.test(value.trim()), SORT_ORDER_MESSAGE),
    is_published: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.category === NEW_CATEGORY) {
      if (!values.newCategory.trim())
        ctx.addIssue({ code: 'custom', path: ['newCategory'], message: 'Category is required' });
    } else if (!values.category.trim()) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'Category is required' });
    }
  });

export function faqInput(values: FaqFormValues): FaqInput {
  return {
    question: values.question.trim(),
    answer: values.answer.trim(),
    category: (values.category === NEW_CATEGORY ? values.newCategory : values.category).trim(),
    sort_order: Number(values.sort_order.trim()),
    is_published: values.is_published,
  };
}

/** Spec section 2: the answer's first 100 characters of text, plus an ellipsis when it is longer. */
export function answerPreview(answer: string, length = 100): string {
  const text = (new DOMParser().parseFromString(answer, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
