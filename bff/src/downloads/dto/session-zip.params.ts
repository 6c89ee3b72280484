import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** The path of a session zip; the service checks each part and answers 400/404 with the reason. */
export class SessionZipParams {
  @ApiProperty({ example: '9702' })
  @IsString()
  @MaxLength(50, { message: 'Subject not found' })
  subjectCode!: string;

  @ApiProperty({ example: '2023' })
  @IsString()
  @MaxLength(4, { message: 'Invalid year' })
  year!: string;

  @ApiProperty({ enum: ['feb-march', 'may-june', 'oct-nov'] })
  @IsString()
  @MaxLength(20, { message: 'Session must be feb-march, may-june or oct-nov' })
  session!: string;
}
