import type { InquiryStatus } from '../common/domain-values';
import type { Inquiry } from './inquiry.entity';

export interface InquiryView {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: InquiryStatus;
  created_at: string;
  updated_at: string;
}

export function toInquiryView(i: Inquiry): InquiryView {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    subject: i.subject,
    message: i.message,
    status: i.status as InquiryStatus,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}
