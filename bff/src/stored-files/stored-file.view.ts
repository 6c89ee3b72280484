import { ApiProperty } from '@nestjs/swagger';

export const STORED_DOCUMENTS = ['question-paper', 'mark-scheme', 'examiner-report'] as const;
export type StoredDocument = (typeof STORED_DOCUMENTS)[number];

export const READING_STATUSES = ['pending', 'working', 'done', 'failed', 'skipped'] as const;

/** How the text of a stored file was read (for search, and page 1's picture): what the admins see of it. */
export class StoredFileReadingView {
  @ApiProperty({
    enum: READING_STATUSES,
    description:
      'pending / working: not read yet; done: read (maybe capped); failed: could not be read; skipped: not a PDF',
  })
  status!: (typeof READING_STATUSES)[number];

  @ApiProperty({ description: 'How many times reading it was started' })
  attempts!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Pages whose text was kept (null until read)' })
  pages_read!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Pages the file has (null until read)' })
  pages_in_file!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['pages', 'characters', null],
    description: 'Which bound stopped the reading early; null: the whole text was read',
  })
  capped!: 'pages' | 'characters' | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'For the admin: why it failed or was skipped, or how it was capped ("Text capped at 2,000,000 characters: 210 of 2,000 pages read")',
  })
  note!: string | null;
}

/** One stored file with its provenance: what the admin past-paper details page shows. */
export class StoredFileView {
  @ApiProperty({
    enum: ['variant', 'mark_scheme', 'examiner_report'],
    description: "A variant's slot, or a mark scheme / examiner report added on its own",
  })
  source!: 'variant' | 'mark_scheme' | 'examiner_report';

  @ApiProperty({ description: 'The variant, mark scheme or examiner report id' })
  record_id!: number;

  @ApiProperty({ enum: STORED_DOCUMENTS })
  document!: StoredDocument;

  @ApiProperty({ description: "The variant's name, or the paper number of a document added on its own" })
  label!: string;

  @ApiProperty({ type: String, nullable: true, description: "The uploaded file's own name (null: not recorded)" })
  file_name!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Bytes' })
  size!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the stored bytes, hex (null until computed for a file stored before hashes were kept)',
  })
  sha256!: string | null;

  @ApiProperty({
    type: StoredFileReadingView,
    nullable: true,
    description: 'How its text was read (null: not queued for reading)',
  })
  reading!: StoredFileReadingView | null;
}
