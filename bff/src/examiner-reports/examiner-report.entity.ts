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
 * An examiner report for a past paper. Subject, code, year and session are read from the linked paper;
 * file_path is relative to UPLOAD_DIR.
 */
@Entity({ name: 'examiner_reports' })
@Index('examiner_reports_past_paper_idx', ['pastPaperId'])
@Index('examiner_reports_document_idx', ['documentId'], { unique: true })
@Index('examiner_reports_file_path_idx', ['filePath'])
@Index('examiner_reports_file_sha256_idx', ['fileSha256'], { where: 'file_sha256 IS NOT NULL' })
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

  @Column({ name: 'file_path', type: 'varchar', length: 1000 })
  filePath!: string;

  @Column({ name: 'file_size', type: 'int', nullable: true })
  fileSize!: number | null;

  /** The uploaded file's own name (shown to admins); null for a link or a file from before names were kept. */
  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  /** SHA-256 (hex) of the stored file; null for a link, or until it is computed for an older file. */
  @Column({ name: 'file_sha256', type: 'varchar', length: 64, nullable: true })
  fileSha256!: string | null;

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
