import type { Faq } from './faq.entity';

/** Spec section 3 "FAQ": `published` (public reading) and `is_published` (admin reading) carry the same value. */
export interface FaqView {
  id: number;
  question: string;
  answer: string;
  category: string;
  sort_order: number;
  published: boolean;
  is_published: boolean;
  created_at: string;
  updated_at: string;
}

export function toFaqView(f: Faq): FaqView {
  return {
    id: f.id,
    question: f.question,
    answer: f.answer,
    category: f.category,
    sort_order: f.sortOrder,
    published: f.isPublished,
    is_published: f.isPublished,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
