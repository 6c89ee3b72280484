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
import type { TextCap } from './pdf-text-extractor';

export type SearchDocumentType = 'question-paper' | 'mark-scheme' | 'examiner-report';
/** pending → working → done; failed (unreadable, not retried again); skipped (not a PDF: nothing to read). */
export type DocumentTextStatus = 'pending' | 'working' | 'done' | 'failed' | 'skipped';

/**
 * The text of one readable document (a question paper, mark scheme or examiner report stored here), where it is
 * placed (the catalogue search reads), and the state of its reading (the job: the outbox shape of `mail_outbox`).
 * Rows are made, reset and removed by the `documents` table, and placed by the records that decide their paper
 * and sitting, all by database triggers (migration 1767200000000), never by services.
 */
@Entity({ name: 'document_texts' })
@Index('document_texts_due_idx', ['status', 'nextAttemptAt'])
@Index('document_texts_sitting_idx', ['subjectId', 'year', 'session'])
@Index('document_texts_paper_idx', ['paperId'])
@Index('document_texts_document_idx', ['documentId'], { unique: true })
export class DocumentText {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The document read: its file is the document's storage key. */
  @Column({ name: 'document_id', type: 'int' })
  documentId!: number;

  @ManyToOne('Document', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'document_texts_document_id_fkey' })
  document?: Document;

  /** The document's kind. */
  @Column({ name: 'document_type', type: 'varchar', length: 20 })
  documentType!: SearchDocumentType;

  /** The variant whose slot the document is; null: a mark scheme or examiner report stored on its own. */
  @Column({ name: 'variant_id', type: 'int', nullable: true })
  variantId!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: DocumentTextStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  /** Moves each time the file changes: a worker's result for an older file is thrown away. */
  @Column({ type: 'int', default: 1 })
  generation!: number;

  @Column({ name: 'page_count', type: 'int', nullable: true })
  pageCount!: number | null;

  /** The pages the file has: more than page_count when the text was capped. */
  @Column({ name: 'pages_in_file', type: 'int', nullable: true })
  pagesInFile!: number | null;

  /** Which bound stopped the reading early ('pages' or 'characters'); null: the whole text was read. */
  @Column({ name: 'text_capped', type: 'varchar', length: 20, nullable: true })
  textCapped!: TextCap | null;

  @Column({ name: 'extracted_at', type: 'timestamptz', nullable: true })
  extractedAt!: Date | null;

  /** The paper the document belongs to (null: a mark scheme stored on its own that no paper matches). */
  @Column({ name: 'paper_id', type: 'int', nullable: true })
  paperId!: number | null;

  @Column({ name: 'subject_id', type: 'int', nullable: true })
  subjectId!: number | null;

  @Column({ type: 'int', nullable: true })
  year!: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  session!: string | null;

  /** A variant's version and name ("Paper 12" is version 12). */
  @Column({ type: 'int', nullable: true })
  version!: number | null;

  @Column({ name: 'variant_name', type: 'varchar', length: 200, nullable: true })
  variantName!: string | null;

  /** The paper number of a mark scheme or examiner report stored on its own. */
  @Column({ name: 'paper_number', type: 'varchar', length: 50, nullable: true })
  paperNumber!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
