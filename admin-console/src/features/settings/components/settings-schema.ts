import type { SiteSettings } from '@ppl/shared-ui';
import { z } from 'zod';

const whole = (min: number, max: number, message: string) =>
  z.string().refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max, message);

/** Spec section 5 "Settings": site name and contact email required; files per page 5..100; max file size 1..50 MB. */
export const settingsSchema = z.object({
  siteName: z.string().trim().min(1, 'Site name is required'),
  siteDescription: z.string(),
  contactEmail: z.string().trim().min(1, 'Contact email is required').pipe(z.email('Please enter a valid email')),
  supportPhone: z.string(),
  liveChatHours: z.string(),
  officeAddress: z.string(),
  maintenanceMode: z.boolean(),
  allowRegistration: z.boolean(),
  defaultUserRole: z.enum(['student', 'teacher', 'admin']),
  notificationEmail: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid notification email'),
  filesPerPage: whole(5, 100, 'Files per page must be between 5 and 100'),
  maxFileSize: whole(1, 50, 'Maximum file size must be between 1 and 50 MB'),
});

export type SettingsFormValues = z.input<typeof settingsSchema>;

export function settingsFormValues(settings: SiteSettings): SettingsFormValues {
  return {
    siteName: settings.siteName ?? '',
    siteDescription: settings.siteDescription ?? '',
    contactEmail: settings.contactEmail ?? '',
    supportPhone: settings.supportPhone ?? '',
    liveChatHours: settings.liveChatHours ?? '',
    officeAddress: settings.officeAddress ?? '',
    maintenanceMode: !!settings.maintenanceMode,
    allowRegistration: !!settings.allowRegistration,
    defaultUserRole: settings.defaultUserRole ?? 'student',
    notificationEmail: settings.notificationEmail ?? '',
    filesPerPage: String(settings.filesPerPage ?? 10),
    maxFileSize: String(settings.maxFileSize ?? 10),
  };
}

/** Spec section 7: PUT /settings.php with all fields. */
export function siteSettings(values: SettingsFormValues): SiteSettings {
  return {
    siteName: values.siteName.trim(),
    siteDescription: values.siteDescription.trim(),
    contactEmail: values.contactEmail.trim(),
    supportPhone: values.supportPhone.trim(),
    liveChatHours: values.liveChatHours.trim(),
    officeAddress: values.officeAddress.trim(),
    maintenanceMode: values.maintenanceMode,
    allowRegistration: values.allowRegistration,
    defaultUserRole: values.defaultUserRole,
    notificationEmail: values.notificationEmail.trim(),
    filesPerPage: Number(values.filesPerPage),
    maxFileSize: Number(values.maxFileSize),
  };
}
