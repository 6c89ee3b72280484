import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Document } from '../documents/document.entity';
import type { User } from '../users/user.entity';

/** A document's own status after detection (the paper's status, `pending` included, is put together when asked). */
export const DETECTION_STATUSES = ['ready', 'flagged', 'none'] as const;
export type DetectionStatus = (typeof DETECTION_STATUSES)[number];
export const QUESTION_SOURCES = ['detected', 'edited'] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];

/**
 * What question detection found in one document (question paper, mark scheme or examiner report): the detection as
 * bff/src/question-detection returns it, the document's own checks, and the reading of the file it came from.
 */
@Entity({ name: 'questions' })
@Check('questions_status_check', "status IN ('ready', 'flagged', 'none')")
@Check('questions_source_check', "source IN ('detected', 'edited')")
@Check('questions_edits_check', "(source = 'edited') = (edits IS NOT NULL)")
@Check('questions_confirmed_check', 'confirmed_at IS NULL OR edits IS NOT NULL')
export class DocumentQuestions {
  @PrimaryColumn({ name: 'document_id', type: 'int' })
  documentId!: number;

  @ManyToOne('Document', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'questions_document_id_fkey' })
  document?: Document;

  /** The document's kind when it was read (`question-paper`, `mark-scheme`, `examiner-report`, …). */
  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: DetectionStatus;

  /** Why the document on its own is flagged or none, in words an admin can act on. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  reasons!: string[];

  /** QuestionPaperDetection, MarkSchemeDetection or ExaminerReportDetection; null when nothing was recognised. */
  @Column({ type: 'jsonb', nullable: true })
  detection!: unknown;

  @Column({ type: 'varchar', length: 10, default: 'detected' })
  source!: QuestionSource;

  /**
   * A question paper's questions as an admin saved them (EditedQuestion[]); they stand instead of the detection,
   * whatever later readings of the file find, until an admin drops them. Set exactly when `source` is 'edited'.
   */
  @Column({ type: 'jsonb', nullable: true })
  edits!: unknown;

  /** When an admin confirmed the edited questions although their checks flag them (cleared by the next edit). */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'edited_by', type: 'int', nullable: true })
  editedBy!: number | null;

  @ManyToOne('User', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'edited_by', foreignKeyConstraintName: 'questions_edited_by_fkey' })
  editor?: User | null;

  /** The `generation` of the document's text row that was read. */
  @Column({ type: 'int' })
  generation!: number;

  @Column({ name: 'detected_at', type: 'timestamptz', default: () => 'now()' })
  detectedAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
