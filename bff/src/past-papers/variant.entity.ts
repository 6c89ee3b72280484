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
 * A variant of a past paper (Paper 1, Paper 2 ...). Its files are rows of `documents` with its id: a question paper,
 * and optionally a mark scheme and an examiner report (documents/document-files.ts writes them).
 */
@Entity({ name: 'variants' })
@Index('variants_paper_version_idx', ['pastPaperId', 'version', 'id'])
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
