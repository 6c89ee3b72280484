import { EditVersionField } from '../../common/edit-version';
import { ApiPropertyOptional, ApiProperty, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ToBoolean, ToInt, Trim } from '../../common/transforms';

/** Spec section 5 "FAQ form". */
export class CreateFaqDto {
  @ApiProperty({ maxLength: 500 })
  @Trim()
  @IsString({ message: 'Question is required' })
  @IsNotEmpty({ message: 'Question is required' })
  @MaxLength(500, { message: 'Question must be at most 500 characters' })
  question!: string;

  @ApiProperty({ description: 'HTML; sanitised on save', maxLength: 20000 })
  @IsString({ message: 'Answer is required' })
  @IsNotEmpty({ message: 'Answer is required' })
  @MaxLength(20000, { message: 'Answer must be at most 20,000 characters' })
  answer!: string;

  @ApiPropertyOptional({ default: 'General', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Category is required' })
  @IsNotEmpty({ message: 'Category is required' })
  @MaxLength(100, { message: 'Category must be at most 100 characters' })
  category?: string;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @ToInt()
  @IsInt({ message: 'Sort order must be a whole number of at least 0' })
  @Min(0, { message: 'Sort order must be a whole number of at least 0' })
  @Max(1_000_000, { message: 'Sort order must be at most 1000000' })
  sort_order?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'Published must be true or false' })
  is_published?: boolean;
}

/** PUT /faqs?path={id}: any subset, e.g. { is_published } or { sort_order }. */
export class UpdateFaqDto extends PartialType(CreateFaqDto) {
  @EditVersionField()
  updated_at?: string;
}
