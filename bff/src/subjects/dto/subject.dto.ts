import { EditVersionField } from '../../common/edit-version';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LEVELS, type Level } from '../../common/domain-values';
import { Trim } from '../../common/transforms';

/** Spec section 5 "Subject form": name, code and level required; description optional. */
export class SubjectDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ maxLength: 50, description: 'Unique regardless of case; used in URLs' })
  @Trim()
  @IsString({ message: 'Code is required' })
  @IsNotEmpty({ message: 'Code is required' })
  @MaxLength(50, { message: 'Code must be at most 50 characters' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
    message: 'Code may only contain letters, digits, dots, hyphens and underscores',
  })
  code!: string;

  @ApiProperty({ enum: LEVELS, default: 'cambridge-o-levels' })
  @Trim()
  @IsString({ message: 'Level is required' })
  @IsNotEmpty({ message: 'Level is required' })
  @IsIn(LEVELS, { message: 'Please select a valid level' })
  level!: Level;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description?: string;
}
