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

/**
 * An examiner report for a past paper. Subject, code, year and session are read from the linked paper; its file is
 * its document.
 */
@Entity({ name: 'examiner_reports' })
@Index('examiner_reports_past_paper_idx', ['pastPaperId'])
@Index('examiner_reports_document_idx', ['documentId'], { unique: true })
@Index('examiner_reports_created_idx', { synchronize: false }) // (created_at DESC, id DESC)
export class ExaminerReport {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'past_paper_id', type: 'int' })
  pastPaperId!: number;

  @ManyToOne('PastPaper', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'past_paper_id', foreignKeyConstraintName: 'examiner_reports_past_paper_id_fkey' })
  pastPaper?: PastPaper;

  @Column({ name: 'paper_number', type: 'varchar', length: 50 })
  paperNumber!: string;

  @Column({ type: 'text' })
  summary!: string;

  /** The document this row describes (its counters, and the one way to reach its file). */
  @Column({ name: 'document_id', type: 'int' })
  documentId!: number;

  @ManyToOne('Document', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'examiner_reports_document_id_fkey' })
  document?: Document;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
