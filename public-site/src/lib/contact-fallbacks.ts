/**
 * Spec section 3: the contact page falls back to placeholder defaults when settings lack contact values. The
 * footer uses the same ones.
 */
export const CONTACT_FALLBACKS = {
  email: 'support@pastpaperlibrary.com',
  phone: '+1 (555) 123-4567',
  liveChatHours: 'Monday to Friday, 9:00 AM to 5:00 PM',
  officeAddress: '123 Education Street, Learning City',
} as const;
