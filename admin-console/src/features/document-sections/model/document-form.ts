import { zodResolver } from '@hookform/resolvers/zod';
import {
  SESSIONS,
  type ExaminerReport,
  type ExaminerReportFields,
  type MarkScheme,
  type MarkSchemeFields,
  type MultipartValue,
} from '@ppl/shared-ui';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { MAX_UPLOAD_MB, uploadProblem } from '../../../lib/uploads';

/**
 * The one form model of the document sections: the file rule and the multipart body are shared; each kind names
 * its fields, its wording and whether the stored file must be resent.
 */
export interface DocumentFormModel<TDoc, TValues extends FieldValues, TFields = unknown> {
  /** The form value the chosen file goes to (also its multipart name). */
  fileField: Path<TValues>;
  initial: (doc: TDoc | null, now?: Date) => TValues;
  resolver: (doc: TDoc | null, maxMb: number) => Resolver<TValues>;
  /** What is wrong with a file the moment it is chosen. */
  fileMessage: (file: File | null, maxMb?: number) => string | undefined;
  /** The multipart fields of a create or an update (without the version), named as the API document names them. */
  fields: (values: TValues, doc: TDoc | null) => TFields;
}

/** How a kind words and bounds its upload. */
export interface FileRule {
  /** "at most" (a file of exactly the limit is accepted) or "less than" (it is refused). */
  inclusive: boolean;
  required: string;
  /** The messages the moment a file is chosen. */
  chosen: { type: string; size: (maxMb: number) => string };
  /** The messages when the form is saved. */
  saved: { type: string; size: (maxMb: number) => string };
}

export function fileRuleMessage(
  rule: FileRule,
  when: 'chosen' | 'saved',
  file: File | null,
  maxMb = MAX_UPLOAD_MB,
): string | undefined {
  if (!file) return undefined;
  const problem = uploadProblem(file, { maxMb, inclusive: rule.inclusive });
  if (problem === 'size') return rule[when].size(maxMb);
  if (problem === 'type') return rule[when].type;
  return undefined;
}

/** A chosen file, or null when none is. */
const fileValue = () => z.custom<File | null>((value) => value === null || value instanceof File);

/** Adds the file check to a kind's fields: the file is required when `fileRequired`, else checked only when chosen. */
function withFile<TShape extends z.ZodRawShape>(
  shape: TShape,
  fileKey: keyof TShape & string,
  rule: FileRule,
  fileRequired: boolean,
  maxMb: number,
) {
  return z.object(shape).superRefine((values, ctx) => {
    const chosen = (values as Record<string, unknown>)[fileKey] as File | null;
    const at = (message: string) => ctx.addIssue({ code: 'custom', path: [fileKey], message });
    if (!chosen) {
      if (fileRequired) at(rule.required);
      return;
    }
    const message = fileRuleMessage(rule, 'saved', chosen, maxMb);
    if (message) at(message);
  });
}

/** How a kind's values become multipart fields (spec section 7): form values whose names are the API's. */
interface MultipartShape<TValues, TFields> {
  fields: readonly (keyof TValues & keyof TFields & string)[];
  fileKey: keyof TValues & keyof TFields & string;
  /** Empty values are left out (otherwise sent empty). */
  omitEmpty: boolean;
  /** When no file is chosen the stored one is resent under this name (otherwise nothing is sent). */
  storedFileAs?: keyof TFields & string;
}

function multipart<TValues, TFields>(
  shape: MultipartShape<TValues, TFields>,
  values: TValues,
  storedFile: string | null | undefined,
): TFields {
  const fields: Record<string, MultipartValue> = {};
  for (const name of shape.fields) {
    const value = String(values[name] ?? '').trim();
    if (!shape.omitEmpty || value !== '') fields[name] = value;
  }
  const file = values[shape.fileKey] as File | null;
  if (file) fields[shape.fileKey] = file;
  else if (shape.storedFileAs && storedFile) fields[shape.storedFileAs] = storedFile;
  // Every name above is one of TFields' (the shape's types say so).
  return fields as TFields;
}

// ---- Mark schemes (spec section 5 "Mark scheme form") ----

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

/** The form says "at most": a file of exactly the limit is accepted. */
export const MARK_SCHEME_FILE: FileRule = {
  inclusive: true,
  required: 'Mark Scheme file is required for new entries.',
  chosen: {
    type: 'Selected file has an invalid type (PDF/Word only).',
    size: (maxMb) => `Selected file is too large (max ${maxMb}MB).`,
  },
  saved: { type: 'Invalid file type (PDF/Word only).', size: (maxMb) => `File is too large (max ${maxMb}MB).` },
};

export function markSchemeSchema(keepsFile: boolean, maxYear = maxMarkSchemeYear(), maxMb = MAX_UPLOAD_MB) {
  const shape = {
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
    markSchemeFile: fileValue(),
  };
  return withFile(shape, 'markSchemeFile', MARK_SCHEME_FILE, !keepsFile, maxMb);
}

export const markSchemeForm: DocumentFormModel<MarkScheme, MarkSchemeFormValues, MarkSchemeFields> = {
  fileField: 'markSchemeFile',
  initial: (markScheme, now = new Date()) =>
    markScheme
      ? {
          subject: markScheme.subject,
          code: markScheme.code,
          year: String(markScheme.year),
          session: markScheme.session,
          paperNumber: markScheme.paperNumber,
          past_paper_id: markScheme.past_paper_id ? String(markScheme.past_paper_id) : '',
          markSchemeFile: null,
        }
      : {
          subject: '',
          code: '',
          year: String(now.getFullYear()),
          session: '',
          paperNumber: '',
          past_paper_id: '',
          markSchemeFile: null,
        },
  // An existing entry keeps its stored file unless another is chosen.
  resolver: (markScheme, maxMb) => zodResolver(markSchemeSchema(!!markScheme?.file_url, undefined, maxMb)),
  fileMessage: (file, maxMb) => fileRuleMessage(MARK_SCHEME_FILE, 'chosen', file, maxMb),
  // Spec section 7: subject, code, year, session, paperNumber, past_paper_id, markSchemeFile or fileUrl.
  fields: (values, markScheme) =>
    multipart<MarkSchemeFormValues, MarkSchemeFields>(
      {
        fields: ['subject', 'code', 'year', 'session', 'paperNumber', 'past_paper_id'],
        fileKey: 'markSchemeFile',
        omitEmpty: false,
        storedFileAs: 'fileUrl',
      },
      values,
      markScheme?.file_url,
    ),
};

// ---- Examiner reports (spec section 5 "Examiner report form") ----

export interface ExaminerReportFormValues {
  past_paper_id: string;
  paper_number: string;
  summary: string;
  file: File | null;
}

/** The form says "less than": a file of exactly the limit is refused. */
export const EXAMINER_REPORT_FILE: FileRule = {
  inclusive: false,
  required: 'Examiner report file is required',
  chosen: {
    type: 'Please select a valid file type (PDF, DOC, DOCX)',
    size: (maxMb) => `File size must be less than ${maxMb}MB`,
  },
  saved: {
    type: 'Please select a valid file type (PDF, DOC, DOCX)',
    size: (maxMb) => `File size must be less than ${maxMb}MB`,
  },
};

/** Past paper, paper number and summary are required; a file on create only (on edit a blank one keeps it). */
export function examinerReportSchema(isNew: boolean, maxMb = MAX_UPLOAD_MB) {
  const shape = {
    past_paper_id: z.string().min(1, 'Past paper is required'),
    paper_number: z.string().trim().min(1, 'Paper number is required'),
    summary: z.string().trim().min(1, 'Summary is required'),
    file: fileValue(),
  };
  return withFile(shape, 'file', EXAMINER_REPORT_FILE, isNew, maxMb);
}

export const examinerReportForm: DocumentFormModel<ExaminerReport, ExaminerReportFormValues, ExaminerReportFields> = {
  fileField: 'file',
  initial: (report) =>
    report
      ? {
          past_paper_id: String(report.past_paper_id),
          paper_number: report.paper_number,
          summary: report.summary,
          file: null,
        }
      : { past_paper_id: '', paper_number: '', summary: '', file: null },
  resolver: (report, maxMb) => zodResolver(examinerReportSchema(report === null, maxMb)),
  fileMessage: (file, maxMb) => fileRuleMessage(EXAMINER_REPORT_FILE, 'chosen', file, maxMb),
  // Spec section 7: past_paper_id, paper_number, summary, file; empty values are left out.
  fields: (values) =>
    multipart<ExaminerReportFormValues, ExaminerReportFields>(
      { fields: ['past_paper_id', 'paper_number', 'summary'], fileKey: 'file', omitEmpty: true },
      values,
      null,
    ),
};
