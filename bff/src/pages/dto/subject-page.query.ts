import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** GET /pages/subject?code=: the subject's code as its page's address gives it (any letter case). */
export class SubjectPageQuery {
  @ApiProperty({ type: String, maxLength: 50, example: '0580', description: "The subject's code, any letter case" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Invalid code' })
  @IsNotEmpty({ message: 'Invalid code' })
  @MaxLength(50, { message: 'Invalid code' })
  code!: string;
}
