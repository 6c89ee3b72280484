import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { EditVersionField } from '../../common/edit-version';
import { MIN_PAPER_YEAR, maxPaperYear, SESSIONS, type Session } from '../../common/domain-values';
import { ToInt } from '../../common/transforms';
import { IsYearBetween } from '../../common/year-range';
import { GRADE_MESSAGE, GRADES, MAX_BOUNDARIES, MAX_COMPONENT_MARKS } from '../boundaries';

const BOUNDARY_LIST = 'Boundaries must be a list of { grade, min_marks }';
const EACH_BOUNDARY = 'Each boundary must be { grade, min_marks }';
const MARKS_MESSAGE = `Minimum marks must be a whole number from 0 to ${MAX_COMPONENT_MARKS}`;
/** A component code as boards print it: "12", "Paper 1", "4MA1/1H", "P2". Letters, digits, spaces, / . - only. */
const COMPONENT = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]{0,28}[A-Za-z0-9])?$/;
const COMPONENT_MESSAGE = 'Component must be 1 to 30 letters, digits, spaces, "/", "." or "-" (e.g. 12 or Paper 1)';

/** Collapses runs of spaces, so "Paper  1" and "Paper 1" are one component. */
const CollapseSpaces = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/ +/g, ' ') : value));

export class BoundaryDto {
  @ApiProperty({ enum: GRADES, maxLength: 4, example: 'A*' })
  @IsString({ message: GRADE_MESSAGE })
  @IsIn(GRADES, { message: GRADE_MESSAGE })
  grade!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_COMPONENT_MARKS, example: 70 })
  @ToInt()
  @IsInt({ message: MARKS_MESSAGE })
  @Min(0, { message: 'Minimum marks must not be negative' })
  @Max(MAX_COMPONENT_MARKS, { message: MARKS_MESSAGE })
  min_marks!: number;
}

/** POST /grade-thresholds and PUT /grade-thresholds/{id}: the whole record (a PUT replaces every field). */
export class GradeThresholdDto {
  @ApiProperty({ type: 'integer' })
  @ToInt()
  @IsNotEmpty({ message: 'Subject is required' })
  @IsInt({ message: 'Invalid subject selected' })
  @Min(1, { message: 'Invalid subject selected' })
  @Max(2_147_483_647, { message: 'Invalid subject selected' })
  subject_id!: number;

  @ApiProperty({ type: 'integer', minimum: MIN_PAPER_YEAR, description: 'Up to the current year plus 5' })
  @ToInt()
  @IsYearBetween(MIN_PAPER_YEAR, () => maxPaperYear(), (max) => `Year must be between ${MIN_PAPER_YEAR} and ${max}.`)
  year!: number;

  @ApiProperty({ enum: SESSIONS })
  @IsNotEmpty({ message: 'Session is required' })
  @IsString({ message: 'Session is required' })
  @IsIn(SESSIONS, { message: 'Session must be Feb/March, May/June or Oct/Nov' })
  session!: Session;

  @ApiProperty({
    maxLength: 30,
    example: '12',
    description:
      'The component code: matched to a paper\'s variant by the variant\'s name ("Paper 1") or version ("1"), letter case and extra spaces aside',
  })
  @CollapseSpaces()
  @IsNotEmpty({ message: 'Component is required' })
  @IsString({ message: 'Component is required' })
  @MaxLength(30, { message: COMPONENT_MESSAGE })
  @Matches(COMPONENT, { message: COMPONENT_MESSAGE })
  component!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_COMPONENT_MARKS })
  @ToInt()
  @IsNotEmpty({ message: 'Maximum mark is required' })
  @IsInt({ message: `Maximum mark must be a whole number from 1 to ${MAX_COMPONENT_MARKS}` })
  @Min(1, { message: `Maximum mark must be a whole number from 1 to ${MAX_COMPONENT_MARKS}` })
  @Max(MAX_COMPONENT_MARKS, { message: `Maximum mark must be a whole number from 1 to ${MAX_COMPONENT_MARKS}` })
  max_marks!: number;

  @ApiProperty({
    type: [BoundaryDto],
    maxItems: MAX_BOUNDARIES,
    description:
      'Highest grade first; the marks strictly decrease and none is above max_marks; one scale (A* to G and U, or 9 to 1 and U)',
  })
  @IsArray({ message: BOUNDARY_LIST })
  @ArrayMinSize(1, { message: 'Add at least one grade boundary' })
  @ArrayMaxSize(MAX_BOUNDARIES, { message: `At most ${MAX_BOUNDARIES} grade boundaries` })
  @IsObject({ each: true, message: EACH_BOUNDARY })
  @ValidateNested({
    each: true,
    message: ({ value }: ValidationArguments) => (Array.isArray(value) ? EACH_BOUNDARY : BOUNDARY_LIST),
  })
  @Type(() => BoundaryDto)
  boundaries!: BoundaryDto[];

  @EditVersionField()
  updated_at?: string;
}
