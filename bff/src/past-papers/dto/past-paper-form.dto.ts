import { EditVersionField } from '../../common/edit-version';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';
import { MIN_PAPER_YEAR, maxPaperYear, SESSIONS, type Session } from '../../common/domain-values';
import { EmptyAsUndefined, ToInt, Trim } from '../../common/transforms';
import { IsYearBetween } from '../../common/year-range';

/**
 * The scalar fields of the multipart past paper form (spec section 7). `code`, `level` and `subject` may be sent
 * too; they are ignored because they always follow the chosen subject. Variants and files are checked by the
 * service (their rules depend on the stored paper and the uploaded files).
 */
export class PastPaperFormDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ type: Number })
  @EmptyAsUndefined()
  @ToInt()
  @IsNotEmpty({ message: 'Subject is required' })
  @IsInt({ message: 'Invalid subject selected' })
  @Min(1, { message: 'Invalid subject selected' })
  subject_id!: number;

  @ApiProperty({ enum: SESSIONS })
  @Trim()
  @IsNotEmpty({ message: 'Session is required' })
  @IsString({ message: 'Session is required' })
  @IsIn(SESSIONS, { message: 'Session must be Feb/March, May/June or Oct/Nov' })
  session!: Session;

  @ApiProperty({ type: Number, minimum: MIN_PAPER_YEAR, description: 'Up to the current year plus 5' })
  @ToInt()
  @IsYearBetween(MIN_PAPER_YEAR, () => maxPaperYear(), (max) => `Year must be between ${MIN_PAPER_YEAR} and ${max}.`)
  year!: number;

  @ApiProperty({
    description:
      'JSON list of { name, slug, version, id? }; files variant_{i}_document_path, variant_{i}_mark_scheme_path, variant_{i}_examiner_report_path',
  })
  @IsOptional()
  @IsString({ message: 'Variants must be a JSON list' })
  variants?: string;
}
