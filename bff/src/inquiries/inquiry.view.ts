import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INQUIRY_STATUSES, type InquiryStatus } from '../common/domain-values';
import type { Inquiry } from './inquiry.entity';

export const NOTIFICATION_STATES = ['none', 'pending', 'sent', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export class InquiryView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ enum: INQUIRY_STATUSES })
  status!: InquiryStatus;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  @ApiPropertyOptional({
    enum: NOTIFICATION_STATES,
    description:
      'Admin reads: the e-mail to the notification address: none (mail off or no address), pending, sent or failed',
  })
  notification?: NotificationState;
}

export function toInquiryView(i: Inquiry, notification?: NotificationState): InquiryView {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    subject: i.subject,
    message: i.message,
    status: i.status as InquiryStatus,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    ...(notification ? { notification } : {}),
  };
}
