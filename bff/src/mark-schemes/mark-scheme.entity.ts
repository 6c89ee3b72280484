import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Document } from '../documents/document.entity';
import type { PastPaper } from '../past-papers/past-paper.entity';

/** A stand-alone mark scheme, optionally linked to a past paper. Its file is its document. */
@Entity({ name: 'mark_schemes' })
@Index('mark_schemes_past_paper_idx', ['pastPaperId'])
@Index('mark_schemes_document_idx', ['documentId'], { unique: true })
@Index('mark_schemes_created_idx', { synchronize: false }) // (created_at DESC, id DESC)
export class MarkScheme {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ name: 'paper_number', type: 'varchar', length: 50 })
  paperNumber!: string;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'varchar', length: 20 })
  session!: string;

  @Column({ name: 'past_paper_id', type: 'int', nullable: true })
  pastPaperId!: number | null;

  @ManyToOne('PastPaper', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'past_paper_id', foreignKeyConstraintName: 'mark_schemes_past_paper_id_fkey' })
  pastPaper?: PastPaper | null;

  /** The document this row describes (its counters, and the one way to reach its file). */
  @Column({ name: 'document_id', type: 'int' })
  documentId!: number;

  @ManyToOne('Document', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'mark_schemes_document_id_fkey' })
  document?: Document;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
