import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { SESSIONS } from '../../common/domain-values';
import { Trim } from '../../common/transforms';

const DOCUMENT_TYPES = ['question-paper', 'mark-scheme', 'examiner-report'] as const;

/**
 * The admin's corrections of one file in the preview. A field left out keeps its correction; `null` removes it (the
 * name's reading applies again). `paper: ""` means no paper (a whole-session examiner report).
 */
export class ImportFileCorrectionsDto {
  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt({ message: 'Invalid subject selected' })
  @Min(1, { message: 'Invalid subject selected' })
  @Max(999_999_999, { message: 'Invalid subject selected' })
  subject_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt({ message: 'Year must be a whole number' })
  @Min(1900, { message: 'Year must be a whole number' })
  @Max(2999, { message: 'Year must be a whole number' })
  year?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: SESSIONS })
  @IsOptional()
  @IsIn(SESSIONS, { message: 'Session must be Feb/March, May/June or Oct/Nov' })
  session?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: DOCUMENT_TYPES })
  @IsOptional()
  @IsIn(DOCUMENT_TYPES, { message: 'Document type must be question-paper, mark-scheme or examiner-report' })
  document_type?: (typeof DOCUMENT_TYPES)[number] | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: '`12`, `1F`, `2BH`; "" for none' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Paper must be a paper number such as 12 or 1F' })
  @Matches(/^(|(?:paper\s*)?\d{1,2}[A-Za-z]{0,3})$/i, { message: 'Paper must be a paper number such as 12 or 1F' })
  paper?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Leave the file out of the import' })
  @IsOptional()
  @IsBoolean({ message: 'Skip must be true or false' })
  skip?: boolean | null;
}

/** "Choose subject" for a code no library subject has: every file with that code goes to the chosen subject. */
export class ImportSubjectChoiceDto {
  @ApiProperty({ description: 'The code as the file names give it (e.g. 9702, WPH11)' })
  @Trim()
  @IsString({ message: 'Code is required' })
  @Matches(/^[A-Za-z0-9._-]{1,50}$/, { message: 'Code is required' })
  code!: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: forget the choice' })
  @IsOptional()
  @IsInt({ message: 'Invalid subject selected' })
  @Min(1, { message: 'Invalid subject selected' })
  @Max(999_999_999, { message: 'Invalid subject selected' })
  subject_id?: number | null;
}
