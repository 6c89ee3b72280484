import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Subject } from '../subjects/subject.entity';
import type { Variant } from './variant.entity';

/** One sitting of one subject's exam (a year and a session); its files live on its variants. */
@Entity({ name: 'past_papers' })
@Index('past_papers_subject_idx', ['subjectId'])
@Index('past_papers_updated_idx', ['updatedAt'])
@Index('past_papers_subject_year_idx', { synchronize: false }) // (subject_id, year DESC, session)
export class PastPaper {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'subject_id', type: 'int' })
  subjectId!: number;

  @ManyToOne('Subject', (subject: Subject) => subject.pastPapers, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'subject_id', foreignKeyConstraintName: 'past_papers_subject_id_fkey' })
  subject?: Subject;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'varchar', length: 20 })
  session!: string;

  @OneToMany('Variant', (variant: Variant) => variant.pastPaper)
  variants?: Variant[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
