import { EditVersionField } from '../../common/edit-version';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { EmptyAsUndefined, ToInt, Trim } from '../../common/transforms';

/** Spec section 5 "Examiner report form": past paper, paper number and summary required (file: the service). */
export class ExaminerReportFormDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ type: Number })
  @EmptyAsUndefined()
  @ToInt()
  @IsNotEmpty({ message: 'Past paper is required' })
  @IsInt({ message: 'Invalid past paper selected' })
  @Min(1, { message: 'Invalid past paper selected' })
  past_paper_id!: number;

  @ApiProperty({ maxLength: 50 })
  @Trim()
  @IsString({ message: 'Paper number is required' })
  @IsNotEmpty({ message: 'Paper number is required' })
  @MaxLength(50, { message: 'Paper number must be at most 50 characters' })
  paper_number!: string;

  @ApiProperty({ maxLength: 10000 })
  @Trim()
  @IsString({ message: 'Summary is required' })
  @IsNotEmpty({ message: 'Summary is required' })
  @MaxLength(10000, { message: 'Summary must be at most 10,000 characters' })
  summary!: string;
}
