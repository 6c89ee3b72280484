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

/** A stand-alone mark scheme, optionally linked to a past paper. file_path is relative to UPLOAD_DIR. */
@Entity({ name: 'mark_schemes' })
@Index('mark_schemes_past_paper_idx', ['pastPaperId'])
@Index('mark_schemes_document_idx', ['documentId'], { unique: true })
@Index('mark_schemes_file_path_idx', ['filePath'])
@Index('mark_schemes_file_sha256_idx', ['fileSha256'], { where: 'file_sha256 IS NOT NULL' })
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

  /** Relative path under UPLOAD_DIR for an uploaded file, or an external http(s) URL given as fileUrl. */
  @Column({ name: 'file_path', type: 'varchar', length: 1000 })
  filePath!: string;

  @Column({ name: 'file_size', type: 'int', nullable: true })
  fileSize!: number | null;

  /** The uploaded file's own name (shown to admins); null for a link or a file from before names were kept. */
  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  @Column({ name: 'past_paper_id', type: 'int', nullable: true })
  pastPaperId!: number | null;

  @ManyToOne('PastPaper', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'past_paper_id', foreignKeyConstraintName: 'mark_schemes_past_paper_id_fkey' })
  pastPaper?: PastPaper | null;

  /** SHA-256 (hex) of the stored file; null for a link, or until it is computed for an older file. */
  @Column({ name: 'file_sha256', type: 'varchar', length: 64, nullable: true })
  fileSha256!: string | null;

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
