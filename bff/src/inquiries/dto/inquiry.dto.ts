import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../common/domain-values';
import { Trim } from '../../common/transforms';
import { PlainText, SingleLine } from './text-fields';

export const MAX_MESSAGE_LENGTH = 5000;

/** POST /inquiries.php (spec section 5 "Contact form"; the client puts the priority into the message). */
export class CreateInquiryDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  @SingleLine('Name')
  name!: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  @ApiProperty({ maxLength: 300 })
  @Trim()
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  @MaxLength(300, { message: 'Subject must be at most 300 characters' })
  @SingleLine('Subject')
  subject!: string;

  @ApiProperty({ maxLength: MAX_MESSAGE_LENGTH })
  @Trim()
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: 'Message must be at most 5,000 characters' })
  @PlainText('Message')
  message!: string;

  /**
   * The honeypot: a field the contact form hides from people (off screen, not focusable, no autofill). A value
   * means a bot filled every field: the answer looks like success and nothing is stored.
   */
  @ApiPropertyOptional({ description: 'Leave empty (spam trap)', maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  website?: string;
}

/** PUT /inquiries.php?path={id}. */
export class InquiryStatusDto {
  @ApiProperty({ enum: INQUIRY_STATUSES })
  @IsNotEmpty({ message: 'Status is required' })
  @IsIn(INQUIRY_STATUSES, { message: 'Status must be new, in_progress or resolved' })
  status!: InquiryStatus;
}
