import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { DocumentKind } from '../uploads/document-type';
import type { Import } from './import.entity';

/** What the admin changed in the preview; a field left out keeps what the file name says. */
export interface ImportFileCorrections {
  subjectId?: number;
  year?: number;
  session?: string;
  documentType?: 'question-paper' | 'mark-scheme' | 'examiner-report';
  /** The paper as the product names variants: `12` (Paper 12), `1F`; null: a whole-session examiner report. */
  paper?: string | null;
  /** The admin chose not to import this file. */
  skip?: boolean;
}

/** What committing did with a file. */
export type ImportOutcome = 'created' | 'replaced' | 'unchanged' | 'identical' | 'skipped' | 'failed';

/** One uploaded file of a staged import. Its bytes wait in the staging folder until the import commits. */
@Entity({ name: 'import_files' })
@Unique('import_files_import_sha256_key', ['importId', 'sha256'])
export class ImportFile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'import_id', type: 'int' })
  importId!: number;

  @ManyToOne('Import', (i: Import) => i.files, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'import_id', foreignKeyConstraintName: 'import_files_import_id_fkey' })
  import?: Import;

  /** The file's own name, as dropped (what the board's naming is read from). */
  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  /** pdf, doc or docx by content and name; null when the content is not a document the library stores. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  kind!: DocumentKind | null;

  /** Relative to the staging folder; null once committed, or when no bytes were kept (not a document). */
  @Column({ name: 'staged_path', type: 'varchar', length: 200, nullable: true })
  stagedPath!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  corrections!: ImportFileCorrections;

  /** Null until a commit decided about the file. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  outcome!: ImportOutcome | null;

  @Column({ name: 'outcome_message', type: 'varchar', length: 500, nullable: true })
  outcomeMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
