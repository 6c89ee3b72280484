import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PastPaper } from '../past-papers/past-paper.entity';
import type { Variant } from '../past-papers/variant.entity';

export const DOCUMENT_KINDS = [
  'question-paper',
  'mark-scheme',
  'examiner-report',
  'insert',
  'grade-thresholds',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * One stored file of the library and its counters: a variant's question paper, mark scheme or examiner report, or
 * a mark scheme or examiner report added on its own (whose row in mark_schemes / examiner_reports holds its details
 * and points here). The only record of a file: every way of reaching one resolves to one of these rows and counts on
 * it, and every writer writes them through document-files.ts.
 */
@Entity({ name: 'documents' })
@Check(
  'documents_kind_check',
  "kind IN ('question-paper', 'mark-scheme', 'examiner-report', 'insert', 'grade-thresholds', 'other')",
)
@Index('documents_variant_kind_key', ['variantId', 'kind'], { unique: true, where: 'variant_id IS NOT NULL' })
@Index('documents_past_paper_idx', ['pastPaperId'])
@Index('documents_storage_key_idx', ['storageKey'])
@Index('documents_sha256_idx', ['sha256'], { where: 'sha256 IS NOT NULL' })
@Index('documents_downloaded_idx', ['downloads'], { where: 'downloads > 0' })
export class Document {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  kind!: DocumentKind;

  /** The paper it belongs to; null for a mark scheme that names its sitting without linking a paper. */
  @Column({ name: 'past_paper_id', type: 'int', nullable: true })
  pastPaperId!: number | null;

  @ManyToOne('PastPaper', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'past_paper_id', foreignKeyConstraintName: 'documents_past_paper_id_fkey' })
  pastPaper?: PastPaper | null;

  /** The variant whose slot holds it; null for a document added on its own. */
  @Column({ name: 'variant_id', type: 'int', nullable: true })
  variantId!: number | null;

  @ManyToOne('Variant', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'variant_id', foreignKeyConstraintName: 'documents_variant_id_fkey' })
  variant?: Variant | null;

  /** The key under UPLOAD_DIR or in the bucket (or an external http(s) link given for a mark scheme). */
  @Column({ name: 'storage_key', type: 'varchar', length: 1000 })
  storageKey!: string;

  /** The uploaded file's own name; null for a link or a file from before names were kept. */
  @Column({ name: 'original_name', type: 'varchar', length: 255, nullable: true })
  originalName!: string | null;

  @Column({ type: 'int', nullable: true })
  size!: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sha256!: string | null;

  @Column({ type: 'int', nullable: true })
  pages!: number | null;

  @Column({ type: 'int', default: 0 })
  downloads!: number;

  /** Times the file was opened to read (View), apart from downloads. */
  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ name: 'last_downloaded_at', type: 'timestamptz', nullable: true })
  lastDownloadedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
