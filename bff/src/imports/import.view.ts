import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEVELS, SESSIONS } from '../common/domain-values';

export const IMPORT_FILE_STATUSES = ['new', 'replaces', 'identical', 'attention', 'skipped'] as const;
export type ImportFileStatus = (typeof IMPORT_FILE_STATUSES)[number];
export const IMPORT_OUTCOMES = ['created', 'replaced', 'unchanged', 'identical', 'skipped', 'failed'] as const;
const DOCUMENT_TYPES = ['question-paper', 'mark-scheme', 'examiner-report'] as const;

/** The admin's corrections of one file (a field left out keeps what the name says). */
export class ImportCorrectionsView {
  @ApiPropertyOptional()
  subject_id?: number;

  @ApiPropertyOptional()
  year?: number;

  @ApiPropertyOptional({ enum: SESSIONS })
  session?: string;

  @ApiPropertyOptional({ enum: DOCUMENT_TYPES })
  document_type?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: '`12`, `1F`; null: a whole-session report' })
  paper?: string | null;

  @ApiPropertyOptional()
  skip?: boolean;
}

/** One file of a staged import, as the preview shows it. */
export class ImportFileView {
  @ApiProperty()
  id!: number;

  @ApiProperty({ description: 'The name as dropped' })
  file_name!: string;

  @ApiProperty({ description: 'Bytes' })
  size!: number;

  @ApiProperty({ description: 'SHA-256 of the content, hex' })
  sha256!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['pdf', 'doc', 'docx'],
    description: 'By content; null: not a document',
  })
  kind!: 'pdf' | 'doc' | 'docx' | null;

  @ApiProperty({ type: String, nullable: true, enum: ['cambridge', 'edexcel'] })
  board!: 'cambridge' | 'edexcel' | null;

  @ApiProperty({ type: Number, nullable: true })
  subject_id!: number | null;

  @ApiProperty({ type: String, nullable: true })
  subject_code!: string | null;

  @ApiProperty({ type: String, nullable: true })
  subject_name!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A code from the name that no subject has: create the subject, or choose one for the code',
  })
  unknown_subject_code!: string | null;

  @ApiProperty({ type: String, nullable: true, enum: LEVELS, description: 'For "create subject": a likely level' })
  suggested_level!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  year!: number | null;

  @ApiProperty({ type: String, nullable: true, enum: SESSIONS })
  session!: string | null;

  @ApiProperty({ type: String, nullable: true, enum: DOCUMENT_TYPES })
  document_type!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The variant: `Paper 12`; null for a whole-session report',
  })
  paper!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The paper as the admin edits it: `12`, `1F`' })
  paper_label!: string | null;

  @ApiProperty({
    enum: IMPORT_FILE_STATUSES,
    description:
      'new; replaces an existing file; identical to a stored file (not stored twice); needs attention; skipped',
  })
  status!: ImportFileStatus;

  @ApiProperty({ type: [String], description: 'What needs attention, why it is skipped, what it replaces or equals' })
  messages!: string[];

  @ApiProperty({ description: 'Waits for another file of the same paper that needs attention' })
  blocked!: boolean;

  @ApiProperty({ type: ImportCorrectionsView })
  corrections!: ImportCorrectionsView;

  @ApiProperty({ type: String, nullable: true, enum: IMPORT_OUTCOMES, description: 'What the last commit did' })
  outcome!: string | null;

  @ApiProperty({ type: String, nullable: true })
  outcome_message!: string | null;
}

export class UnknownSubjectView {
  @ApiProperty()
  code!: string;

  @ApiProperty({ type: String, nullable: true, enum: LEVELS })
  suggested_level!: string | null;

  @ApiProperty()
  files!: number;
}

export class ImportCountsView {
  @ApiProperty()
  total!: number;

  @ApiProperty({ description: 'What "Import N files" writes now: new or replacing files of papers that are ready' })
  importable!: number;

  @ApiProperty()
  identical!: number;

  @ApiProperty()
  attention!: number;

  @ApiProperty()
  skipped!: number;

  @ApiProperty({ description: 'Total bytes of the files staged' })
  bytes!: number;
}

/** A staged import and its preview. */
export class ImportView {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['open', 'committing', 'committed'] })
  status!: string;

  @ApiProperty({ type: [ImportFileView] })
  files!: ImportFileView[];

  @ApiProperty({ type: ImportCountsView })
  counts!: ImportCountsView;

  @ApiProperty({ type: [UnknownSubjectView] })
  unknown_subjects!: UnknownSubjectView[];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  committed_at!: string | null;
}

/** One import in the list of an admin's unfinished imports. */
export class ImportSummaryView {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['open', 'committing', 'committed'] })
  status!: string;

  @ApiProperty()
  files!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** The answer to one staged upload. */
export class StagedFileView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  file_name!: string;

  @ApiProperty()
  size!: number;

  @ApiProperty()
  sha256!: string;

  @ApiProperty({ type: String, nullable: true, enum: ['pdf', 'doc', 'docx'] })
  kind!: 'pdf' | 'doc' | 'docx' | null;

  @ApiProperty({ description: 'The same content was already in this import (a resumed upload): nothing new stored' })
  already_staged!: boolean;
}
