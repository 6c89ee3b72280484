import { SESSIONS, type MarkScheme } from '@ppl/shared-ui';
import { z } from 'zod';
import { MAX_UPLOAD_MB, uploadProblem } from '../../../lib/uploads';

export interface MarkSchemeFormValues {
  subject: string;
  code: string;
  year: string;
  session: string;
  paperNumber: string;
  past_paper_id: string;
  markSchemeFile: File | null;
}

/** Spec section 9: validation accepts up to the current year plus 10; the input itself stops at plus 5. */
export const maxMarkSchemeYear = (now = new Date()) => now.getFullYear() + 10;
export const maxMarkSchemeInputYear = (now = new Date()) => now.getFullYear() + 5;

/** What is wrong with a file the moment it is chosen (spec section 5's 'Selected file ...' wording). */
export function selectedFileMessage(file: File | null, maxMb = MAX_UPLOAD_MB): string | undefined {
  if (!file) return undefined;
  // The form says "at most": a file of exactly the limit is accepted (issue 11).
  const problem = uploadProblem(file, { maxMb, inclusive: true });
  if (problem === 'size') return `Selected file is too large (max ${maxMb}MB).`;
  if (problem === 'type') return 'Selected file has an invalid type (PDF/Word only).';
  return undefined;
}

export function initialMarkScheme(markScheme: MarkScheme | null, now = new Date()): MarkSchemeFormValues {
  if (!markScheme) {
    return {
      subject: '',
      code: '',
      year: String(now.getFullYear()),
      session: '',
      paperNumber: '',
      past_paper_id: '',
      markSchemeFile: null,
    };
  }
  return {
    subject: markScheme.subject,
    code: markScheme.code,
    year: String(markScheme.year),
    session: markScheme.session,
    paperNumber: markScheme.paperNumber,
    past_paper_id: markScheme.past_paper_id ? String(markScheme.past_paper_id) : '',
    markSchemeFile: null,
  };
}

/** Spec section 5 "Mark scheme form". `keepsFile`: an existing entry whose stored file stays unless replaced. */
export function markSchemeSchema(keepsFile: boolean, maxYear = maxMarkSchemeYear(), maxMb = MAX_UPLOAD_MB) {
  return z
    .object({
      subject: z.string().trim().min(1, 'Subject is required'),
      code: z.string().trim().min(1, 'Subject Code is required'),
      year: z
        .string()
        .refine(
          (year) => /^\d+$/.test(year.trim()) && Number(year) >= 2000 && Number(year) <= maxYear,
          'Please enter a valid year.',
        ),
      session: z
        .string()
        .min(1, 'Session is required')
        .refine((s) => (SESSIONS as readonly string[]).includes(s), 'Session is required'),
      paperNumber: z.string().trim().min(1, 'Paper Number is required'),
      past_paper_id: z.string(),
      markSchemeFile: z.custom<File | null>((value) => value === null || value instanceof File),
    })
    .superRefine((values, ctx) => {
      const file = values.markSchemeFile;
      const at = (message: string) => ctx.addIssue({ code: 'custom', path: ['markSchemeFile'], message });
      if (!file) {
        if (!keepsFile) at('Mark Scheme file is required for new entries.');
        return;
      }
      const problem = uploadProblem(file, { maxMb, inclusive: true });
      if (problem === 'size') at(`File is too large (max ${maxMb}MB).`);
      if (problem === 'type') at('Invalid file type (PDF/Word only).');
    });
}

/** Spec section 7: multipart subject, code, year, session, paperNumber, past_paper_id, markSchemeFile or fileUrl. */
export function markSchemeFormData(values: MarkSchemeFormValues, existingFileUrl: string | null): FormData {
  const form = new FormData();
  form.set('subject', values.subject.trim());
  form.set('code', values.code.trim());
  form.set('year', values.year.trim());
  form.set('session', values.session);
  form.set('paperNumber', values.paperNumber.trim());
  form.set('past_paper_id', values.past_paper_id);
  if (values.markSchemeFile) form.set('markSchemeFile', values.markSchemeFile, values.markSchemeFile.name);
  else if (existingFileUrl) form.set('fileUrl', existingFileUrl);
  return form;
}
