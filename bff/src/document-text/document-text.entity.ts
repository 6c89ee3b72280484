import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** Where a document's file path lives: a variant's column, or a stand-alone mark scheme or examiner report. */
export type DocumentSource = 'variant' | 'mark_scheme' | 'examiner_report';
export type SearchDocumentType = 'question-paper' | 'mark-scheme' | 'examiner-report';
/** pending → working → done; failed (unreadable, not retried again); skipped (not a PDF: nothing to read). */
export type DocumentTextStatus = 'pending' | 'working' | 'done' | 'failed' | 'skipped';

/**
 * One stored document file and the state of its text extraction (the job: the outbox shape of `mail_outbox`).
 * Rows are kept in step with the documents by database triggers (migration 1766200000000), never by services.
 */
@Entity({ name: 'document_texts' })
@Unique('document_texts_source_key', ['source', 'sourceId', 'documentType'])
@Index('document_texts_due_idx', ['status', 'nextAttemptAt'])
export class DocumentText {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  source!: DocumentSource;

  @Column({ name: 'source_id', type: 'int' })
  sourceId!: number;

  @Column({ name: 'document_type', type: 'varchar', length: 20 })
  documentType!: SearchDocumentType;

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

  @Column({ name: 'extracted_at', type: 'timestamptz', nullable: true })
  extractedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
