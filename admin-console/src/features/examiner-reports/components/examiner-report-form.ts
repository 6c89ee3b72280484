import { z } from 'zod';
import { MAX_UPLOAD_MB, uploadProblem } from '../../../lib/uploads';

export interface ExaminerReportFormValues {
  past_paper_id: string;
  paper_number: string;
  summary: string;
  file: File | null;
}

export const REPORT_FILE_REQUIRED = 'Examiner report file is required';
export const REPORT_INVALID_TYPE = 'Please select a valid file type (PDF, DOC, DOCX)';
export const reportTooLarge = (maxMb = MAX_UPLOAD_MB) => `File size must be less than ${maxMb}MB`;
export const REPORT_TOO_LARGE = reportTooLarge();

/** The form says "less than": a file of exactly the limit is refused. */
export function reportFileMessage(file: File | null, maxMb = MAX_UPLOAD_MB): string | undefined {
  if (!file) return undefined;
  const problem = uploadProblem(file, { maxMb, inclusive: false });
  return problem === 'type' ? REPORT_INVALID_TYPE : problem === 'size' ? reportTooLarge(maxMb) : undefined;
}

/**
 * Spec section 5 "Examiner report form": past paper, paper number and summary are required; a file (pdf, doc,
 * docx) is required on create only; on edit a blank file keeps the stored one.
 */
export function examinerReportSchema(isNew: boolean, maxMb = MAX_UPLOAD_MB) {
  return z
    .object({
      past_paper_id: z.string().min(1, 'Past paper is required'),
      paper_number: z.string().trim().min(1, 'Paper number is required'),
      summary: z.string().trim().min(1, 'Summary is required'),
      file: z.custom<File | null>((value) => value === null || value instanceof File),
    })
    .superRefine((values, ctx) => {
      if (!values.file) {
        if (isNew) ctx.addIssue({ code: 'custom', path: ['file'], message: REPORT_FILE_REQUIRED });
        return;
      }
      const message = reportFileMessage(values.file, maxMb);
      if (message) ctx.addIssue({ code: 'custom', path: ['file'], message });
    });
}

/** Spec section 7: multipart past_paper_id, paper_number, summary, file; empty values are left out. */
export function examinerReportFormData(values: ExaminerReportFormValues): FormData {
  const form = new FormData();
  const put = (name: string, value: string) => {
    if (value.trim() !== '') form.set(name, value.trim());
  };
  put('past_paper_id', values.past_paper_id);
  put('paper_number', values.paper_number);
  put('summary', values.summary);
  if (values.file) form.set('file', values.file, values.file.name);
  return form;
}
