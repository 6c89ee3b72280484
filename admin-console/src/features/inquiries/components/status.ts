import type { BadgeTone, InquiryStatus } from '@ppl/shared-ui';

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  resolved: 'Resolved',
};
export const STATUS_TONES: Record<InquiryStatus, BadgeTone> = {
  new: 'info',
  in_progress: 'warning',
  resolved: 'success',
};
export const isStatus = (value: string): value is InquiryStatus => value in STATUS_LABELS;
