import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { Document } from '../documents/document.entity';
import type { TextCap } from './pdf-text-extractor';

/** Where a document's file path lives: a variant's column, or a stand-alone mark scheme or examiner report. */
export type DocumentSource = 'variant' | 'mark_scheme' | 'examiner_report';
export type SearchDocumentType = 'question-paper' | 'mark-scheme' | 'examiner-report';
/** pending → working → done; failed (unreadable, not retried again); skipped (not a PDF: nothing to read). */
export type DocumentTextStatus = 'pending' | 'working' | 'done' | 'failed' | 'skipped';

/**
 * One stored document file, where it is placed (the catalogue search reads), and the state of its text extraction
 * (the job: the outbox shape of `mail_outbox`). Rows and placements are kept in step with the documents, papers
 * and subjects by database triggers (migrations 1766200000000 and 1766500000000), never by services.
 */
@Entity({ name: 'document_texts' })
@Unique('document_texts_source_key', ['source', 'sourceId', 'documentType'])
@Index('document_texts_due_idx', ['status', 'nextAttemptAt'])
@Index('document_texts_sitting_idx', ['subjectId', 'year', 'session'])
@Index('document_texts_paper_idx', ['paperId'])
@Index('document_texts_file_path_idx', ['filePath'])
@Index('document_texts_document_idx', ['documentId'], { unique: true })
export class DocumentText {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  source!: DocumentSource;

  @Column({ name: 'source_id', type: 'int' })
  sourceId!: number;

  @Column({ name: 'document_type', type: 'varchar', length: 20 })
  documentType!: SearchDocumentType;

  /** The document it was read from (set by the database when the row is made). */
  @Column({ name: 'document_id', type: 'int', nullable: true })
  documentId!: number | null;

  @ManyToOne('Document', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'document_texts_document_id_fkey' })
  document?: Document | null;

  /** Relative to UPLOAD_DIR, as on the source row. */
  @Column({ name: 'file_path', type: 'varchar', length: 1000 })
  filePath!: string;

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
