import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { EditVersionField } from '../../common/edit-version';

/** The most questions one paper's edit may hold. */
export const MAX_EDITED_QUESTIONS = 200;
/** A document has at most this many pages as far as an edit is concerned (the document's own count is checked too). */
export const MAX_EDIT_PAGE = 2000;

/** Where a question starts in one document: `page` from 1, `top` from 0 (top of the page) to 1 (bottom). */
export class QuestionPlaceInput {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_EDIT_PAGE })
  @IsDefined({ message: 'Page is required' })
  @IsInt({ message: 'Page must be a whole number from 1' })
  @Min(1, { message: 'Page must be a whole number from 1' })
  @Max(MAX_EDIT_PAGE, { message: `Page must be at most ${MAX_EDIT_PAGE}` })
  page!: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 })
  @IsDefined({ message: 'Top is required' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Top must be a number from 0 to 1' })
  @Min(0, { message: 'Top must be a number from 0 (top of the page) to 1 (bottom)' })
  @Max(1, { message: 'Top must be a number from 0 (top of the page) to 1 (bottom)' })
  top!: number;
}

export class EditedQuestionInput {
  @ApiProperty({ maxLength: 8, example: '1', description: 'As printed: 1 to 8 letters, digits, "." or "-"' })
  @IsString({ message: 'Question number is required' })
  @MaxLength(8, { message: 'Question number must be at most 8 characters' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9.-]{0,7}$/, {
    message: 'Question number must be 1 to 8 letters or digits (with "." or "-"), e.g. 3',
  })
  number!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 999 })
  @IsDefined({ message: 'Marks are required' })
  @IsInt({ message: 'Marks must be a whole number from 0 to 999' })
  @Min(0, { message: 'Marks must be a whole number from 0 to 999' })
  @Max(999, { message: 'Marks must be a whole number from 0 to 999' })
  marks!: number;

  @ApiProperty({ type: QuestionPlaceInput, description: 'Where the question starts in the question paper' })
  @IsDefined({ message: 'Where the question starts in the question paper is required' })
  @IsObject({ message: 'Where the question starts in the question paper is required: { page, top }' })
  @ValidateNested({ message: 'Where the question starts in the question paper is required: { page, top }' })
  @Type(() => QuestionPlaceInput)
  question_paper!: QuestionPlaceInput;

  @ApiProperty({
    type: QuestionPlaceInput,
    nullable: true,
    description: "Where the question's rows start in the variant's mark scheme, or null",
  })
  @IsOptional()
  @IsObject({ message: 'mark_scheme must be { page, top } or null' })
  @ValidateNested({ message: 'mark_scheme must be { page, top } or null' })
  @Type(() => QuestionPlaceInput)
  mark_scheme!: QuestionPlaceInput | null;

  @ApiProperty({
    type: QuestionPlaceInput,
    nullable: true,
    description: "Where the examiner report's comment on the question starts, or null",
  })
  @IsOptional()
  @IsObject({ message: 'examiner_report must be { page, top } or null' })
  @ValidateNested({ message: 'examiner_report must be { page, top } or null' })
  @Type(() => QuestionPlaceInput)
  examiner_report!: QuestionPlaceInput | null;
}

/**
 * PUT /papers/{paperId}/questions?variant=: the variant's questions as the admin wants them shown, in the order they
 * start in the question paper. `updated_at` is the version the editor was loaded with (a stale one answers 409).
 */
export class EditQuestionsDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ type: [EditedQuestionInput], maxItems: MAX_EDITED_QUESTIONS })
  @IsDefined({ message: 'Questions are required' })
  @IsArray({ message: 'Questions must be a list' })
  @ArrayMaxSize(MAX_EDITED_QUESTIONS, { message: `A paper can have at most ${MAX_EDITED_QUESTIONS} questions` })
  @ValidateNested({ each: true, message: 'Questions must be a list of { number, marks, question_paper, … }' })
  @Type(() => EditedQuestionInput)
  questions!: EditedQuestionInput[];

  @ApiPropertyOptional({
    default: false,
    description:
      'The admin checked these questions and confirms them although their checks flag them (numbers, totals): ' +
      'they are shown to students. Without it a set whose checks fail stays flagged.',
  })
  @IsOptional()
  @IsBoolean({ message: 'Confirmed must be true or false' })
  confirmed?: boolean;
}
