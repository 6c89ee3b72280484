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
import type { Subject } from '../subjects/subject.entity';
import type { Boundary } from './boundaries';

/**
 * The grade thresholds of one component of one subject in one series (year + session): its maximum mark and the
 * lowest mark of each grade, highest grade first (checked on write: boundaries.ts).
 */
@Entity({ name: 'grade_thresholds' })
// (subject_id, year, session, lower(component)): one row per component whatever its letter case.
@Index('grade_thresholds_series_component_key', { synchronize: false })
@Check('grade_thresholds_max_marks_check', 'max_marks BETWEEN 1 AND 1000')
@Check('grade_thresholds_boundaries_check', "jsonb_typeof(boundaries) = 'array'")
export class GradeThreshold {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'subject_id', type: 'int' })
  subjectId!: number;

  @ManyToOne('Subject', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'subject_id', foreignKeyConstraintName: 'grade_thresholds_subject_id_fkey' })
  subject?: Subject;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'varchar', length: 20 })
  session!: string;

  /** As the admin typed it (whitespace collapsed); matched to a variant by name or version (component-match.ts). */
  @Column({ type: 'varchar', length: 30 })
  component!: string;

  @Column({ name: 'max_marks', type: 'int' })
  maxMarks!: number;

  @Column({ type: 'jsonb' })
  boundaries!: Boundary[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
