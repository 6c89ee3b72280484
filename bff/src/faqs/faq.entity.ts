import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A question and answer. The answer is sanitised HTML (sanitised on write). */
@Entity({ name: 'faqs' })
@Index('faqs_category_order_idx', ['category', 'sortOrder'])
@Index('faqs_published_order_idx', ['isPublished', 'sortOrder', 'id'])
@Check('faqs_sort_order_check', 'sort_order >= 0')
export class Faq {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 500 })
  question!: string;

  @Column({ type: 'text' })
  answer!: string;

  @Column({ type: 'varchar', length: 100, default: 'General' })
  category!: string;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @Column({ name: 'is_published', type: 'boolean', default: true })
  isPublished!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
