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
import type { PastPaper } from './past-paper.entity';

/**
 * A variant of a past paper (Paper 1, Paper 2 ...). It holds up to three files; each is also a row of `documents`
 * (kind question-paper, mark-scheme or examiner-report, this variant's id), which keeps its counters.
 * File paths are relative to UPLOAD_DIR.
 */
@Entity({ name: 'variants' })
@Index('variants_paper_version_idx', ['pastPaperId', 'version', 'id'])
@Index('variants_document_path_idx', ['documentPath'])
@Index('variants_mark_scheme_path_idx', ['markSchemePath'], { where: 'mark_scheme_path IS NOT NULL' })
@Index('variants_examiner_report_path_idx', ['examinerReportPath'], { where: 'examiner_report_path IS NOT NULL' })
@Index('variants_document_sha256_idx', ['documentSha256'], { where: 'document_sha256 IS NOT NULL' })
@Index('variants_mark_scheme_sha256_idx', ['markSchemeSha256'], { where: 'mark_scheme_sha256 IS NOT NULL' })
@Index('variants_examiner_report_sha256_idx', ['examinerReportSha256'], { where: 'examiner_report_sha256 IS NOT NULL' })
@Check('variants_duration_minutes_check', 'duration_minutes IS NULL OR duration_minutes BETWEEN 1 AND 600')
export class Variant {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'past_paper_id', type: 'int' })
  pastPaperId!: number;

  @ManyToOne('PastPaper', (paper: PastPaper) => paper.variants, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'past_paper_id', foreignKeyConstraintName: 'variants_past_paper_id_fkey' })
  pastPaper?: PastPaper;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'document_path', type: 'varchar', length: 500 })
  documentPath!: string;

  @Column({ name: 'mark_scheme_path', type: 'varchar', length: 500, nullable: true })
  markSchemePath!: string | null;

  @Column({ name: 'examiner_report_path', type: 'varchar', length: 500, nullable: true })
  examinerReportPath!: string | null;

  /** File sizes in bytes, recorded at upload (the subject page shows them). */
  @Column({ name: 'document_size', type: 'int', default: 0 })
  documentSize!: number;

  @Column({ name: 'mark_scheme_size', type: 'int', nullable: true })
  markSchemeSize!: number | null;

  @Column({ name: 'examiner_report_size', type: 'int', nullable: true })
  examinerReportSize!: number | null;

  /** SHA-256 (hex) of each stored file: provenance, and how an identical upload is recognised. */
  @Column({ name: 'document_sha256', type: 'varchar', length: 64, nullable: true })
  documentSha256!: string | null;

  @Column({ name: 'mark_scheme_sha256', type: 'varchar', length: 64, nullable: true })
  markSchemeSha256!: string | null;

  @Column({ name: 'examiner_report_sha256', type: 'varchar', length: 64, nullable: true })
  examinerReportSha256!: string | null;

  /** The uploaded files' own names (null for files uploaded before names were kept). */
  @Column({ name: 'document_name', type: 'varchar', length: 255, nullable: true })
  documentName!: string | null;

  @Column({ name: 'mark_scheme_name', type: 'varchar', length: 255, nullable: true })
  markSchemeName!: string | null;

  @Column({ name: 'examiner_report_name', type: 'varchar', length: 255, nullable: true })
  examinerReportName!: string | null;

  /**
   * The official duration of the variant's component in minutes, as the admin set it; null when not set (the
   * duration read from the question paper's cover is shown instead).
   */
  @Column({ name: 'duration_minutes', type: 'int', nullable: true })
  durationMinutes!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
