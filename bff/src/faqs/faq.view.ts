import { ApiProperty } from '@nestjs/swagger';
import type { Faq } from './faq.entity';

/** Spec section 3 "FAQ": `published` (public reading) and `is_published` (admin reading) carry the same value. */
export class FaqView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  question!: string;

  @ApiProperty({ description: 'Sanitised HTML' })
  answer!: string;

  @ApiProperty()
  category!: string;

  @ApiProperty()
  sort_order!: number;

  @ApiProperty({ description: 'The same as is_published' })
  published!: boolean;

  @ApiProperty()
  is_published!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
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
