import { EditVersionField } from '../../common/edit-version';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { maxMarkSchemeYear, MIN_PAPER_YEAR, SESSIONS, type Session } from '../../common/domain-values';
import { EmptyAsUndefined, ToInt, Trim } from '../../common/transforms';
import { IsYearBetween } from '../../common/year-range';

/** Spec section 5 "Mark scheme form" (the file, markSchemeFile, is checked by the service). */
export class MarkSchemeFormDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  subject!: string;

  @ApiProperty({ maxLength: 50 })
  @Trim()
  @IsString({ message: 'Subject Code is required' })
  @IsNotEmpty({ message: 'Subject Code is required' })
  @MaxLength(50, { message: 'Subject Code must be at most 50 characters' })
  code!: string;

  @ApiProperty({ type: Number, minimum: MIN_PAPER_YEAR, description: 'Up to the current year plus 10' })
  @ToInt()
  @IsYearBetween(MIN_PAPER_YEAR, () => maxMarkSchemeYear(), () => 'Please enter a valid year.')
  year!: number;

  @ApiProperty({ enum: SESSIONS })
  @Trim()
  @IsNotEmpty({ message: 'Session is required' })
  @IsString({ message: 'Session is required' })
  @IsIn(SESSIONS, { message: 'Session must be Feb/March, May/June or Oct/Nov' })
  session!: Session;

  @ApiProperty({ maxLength: 50 })
  @Trim()
  @IsString({ message: 'Paper Number is required' })
  @IsNotEmpty({ message: 'Paper Number is required' })
  @MaxLength(50, { message: 'Paper Number must be at most 50 characters' })
  paperNumber!: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string', enum: [''] }],
    description: 'The linked past paper (optional; empty: none)',
  })
  @EmptyAsUndefined()
  @IsOptional()
  @ToInt()
  @IsInt({ message: 'Invalid past paper selected' })
  @Min(1, { message: 'Invalid past paper selected' })
  past_paper_id?: number;

  @ApiPropertyOptional({ description: 'On update: the current file_url, to keep the stored file' })
  @IsOptional()
  @IsString()
  fileUrl?: string;
}
