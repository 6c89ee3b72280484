import { z } from 'zod';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Spec section 5, contact form: name, email (email type), subject and message are required; priority low, medium or high. */
export const inquirySchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email')),
  subject: z.string().trim().min(1, 'Subject is required'),
  message: z.string().trim().min(1, 'Message is required'),
  priority: z.enum(PRIORITIES),
  /** The honeypot (hidden from people; bots fill it). */
  website: z.string().optional(),
});

export type InquiryValues = z.infer<typeof inquirySchema>;

/** The form's start (and reset) state: priority defaults to medium. */
export const EMPTY_INQUIRY: InquiryValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
  priority: 'medium',
  website: '',
};
