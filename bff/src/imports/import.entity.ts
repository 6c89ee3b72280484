import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ImportFile } from './import-file.entity';

export type ImportStatus = 'open' | 'committing' | 'committed';

/**
 * A staged bulk import: files uploaded one by one into it, previewed and corrected, then committed paper
 * by paper. Abandoned for a day (no upload, correction or commit), it is removed with its staged files.
 */
@Entity({ name: 'imports' })
@Index('imports_activity_idx', ['updatedAt'])
export class Import {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The admin who started it (kept when the account is deleted: no foreign key). */
  @Column({ name: 'created_by', type: 'int', nullable: true })
  createdBy!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status!: ImportStatus;

  /** Subject codes of the files mapped to a library subject by the admin ("choose subject"): code → subject id. */
  @Column({ name: 'subject_choices', type: 'jsonb', default: () => "'{}'" })
  subjectChoices!: Record<string, number>;

  @OneToMany('ImportFile', (file: ImportFile) => file.import)
  files?: ImportFile[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The last activity (an upload, a correction, a commit): what the clean-up measures a day from. */
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'committed_at', type: 'timestamptz', nullable: true })
  committedAt!: Date | null;
}
