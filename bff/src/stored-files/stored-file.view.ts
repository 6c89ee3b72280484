import { ApiProperty } from '@nestjs/swagger';

export const STORED_DOCUMENTS = ['question-paper', 'mark-scheme', 'examiner-report'] as const;
export type StoredDocument = (typeof STORED_DOCUMENTS)[number];

/** One stored file with its provenance: what the admin past-paper details page shows (issue 16). */
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
    description: 'SHA-256 of the stored bytes, hex (null until computed for a file stored before issue 16)',
  })
  sha256!: string | null;
}
