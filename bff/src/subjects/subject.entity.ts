import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PastPaper } from '../past-papers/past-paper.entity';

@Entity({ name: 'subjects' })
@Index('subjects_level_idx', ['level'])
@Index('subjects_name_trgm_idx', { synchronize: false }) // USING gin (lower(name) gin_trgm_ops): typo search
export class Subject {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Unique regardless of case (a unique index on lower(code) in the migration); used in URLs. */
  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ type: 'varchar', length: 40, default: 'cambridge-o-levels' })
  level!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @OneToMany('PastPaper', (paper: PastPaper) => paper.subject)
  pastPapers?: PastPaper[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
