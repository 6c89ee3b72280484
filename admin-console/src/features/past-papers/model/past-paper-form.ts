import { SESSIONS, slugify, type PastPaper, type PastPaperFields, type Subject, type Variant } from '@ppl/shared-ui';
import { z } from 'zod';
import { MAX_UPLOAD_MB, uploadProblem } from '../../../lib/uploads';

/** One variant as the form edits it. `variantId` is the stored variant's id (absent for a new one). */
export interface VariantFormValues {
  variantId?: number;
  name: string;
  slug: string;
  version: string;
  document: File | null;
  markScheme: File | null;
  examinerReport: File | null;
  existingDocument: string | null;
  existingMarkScheme: string | null;
  existingExaminerReport: string | null;
  removeMarkScheme: boolean;
  removeExaminerReport: boolean;
  /** The official duration in minutes as typed ('' for none). */
  duration: string;
  /** Where the loaded duration came from: 'cover' means it follows the question paper's cover while unchanged. */
  durationSource: 'admin' | 'cover' | null;
}

export const MAX_DURATION_MINUTES = 600;
export const durationMessage = (n: number) =>
  `Variant ${n} duration must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}, or empty`;

/**
 * The `duration_minutes` a variant sends: only a change of what the form loaded (the admin's duration or the cover's
 * reading), so an untouched cover reading keeps following the cover. Emptied: null (back to the cover's reading).
 */
export function durationField(v: VariantFormValues, loaded = ''): { duration_minutes?: number | null } {
  const typed = v.duration.trim();
  if (typed === loaded) return {};
  return { duration_minutes: typed === '' ? null : Number(typed) };
}

export interface PastPaperFormValues {
  subject_id: string;
  code: string;
  level: string;
  year: string;
  session: string;
  variants: VariantFormValues[];
}

export const MIN_YEAR = 2000;
/** Spec section 9: past paper years run from 2000 to the current year plus 5. */
export const maxPaperYear = (now = new Date()) => now.getFullYear() + 5;

export const LAST_VARIANT_ALERT = 'You cannot remove all variants. At least one variant is required.';
export const INVALID_TYPE = 'Please select a valid file type (PDF, DOC, DOCX)';
export const tooLarge = (maxMb = MAX_UPLOAD_MB) => `File size must be less than ${maxMb}MB`;
export const TOO_LARGE = tooLarge();

/** Spec section 4: editing a name regenerates the slug: the one rule the BFF applies too (shared-ui). */
export { slugify };

/** Spec section 4: a new variant is named 'Paper N', with slug 'paper-N' and version N. */
export function newVariant(n: number): VariantFormValues {
  return {
    name: `Paper ${n}`,
    slug: `paper-${n}`,
    version: String(n),
    document: null,
    markScheme: null,
    examinerReport: null,
    existingDocument: null,
    existingMarkScheme: null,
    existingExaminerReport: null,
    removeMarkScheme: false,
    removeExaminerReport: false,
    duration: '',
    durationSource: null,
  };
}

function variantValues(variant: Variant): VariantFormValues {
  return {
    variantId: variant.id,
    name: variant.name,
    slug: variant.slug || slugify(variant.name),
    version: String(variant.version),
    document: null,
    markScheme: null,
    examinerReport: null,
    existingDocument: variant.document_path || null,
    existingMarkScheme: variant.mark_scheme_path,
    existingExaminerReport: variant.examiner_report_path,
    removeMarkScheme: false,
    removeExaminerReport: false,
    duration:
      variant.duration_minutes === null || variant.duration_minutes === undefined
        ? ''
        : String(variant.duration_minutes),
    durationSource: variant.duration_source ?? null,
  };
}

/** The form's starting values: empty with one variant 'Paper 1', or the paper being edited. */
export function initialValues(paper: PastPaper | null, now = new Date()): PastPaperFormValues {
  if (!paper) {
    return {
      subject_id: '',
      code: '',
      level: '',
      year: String(now.getFullYear()),
      session: '',
      variants: [newVariant(1)],
    };
  }
  const variants = [...(paper.variants ?? [])].sort((a, b) => a.version - b.version || a.id - b.id).map(variantValues);
  return {
    subject_id: String(paper.subject_id),
    code: paper.code,
    level: paper.level,
    year: String(paper.year),
    session: paper.session,
    variants: variants.length > 0 ? variants : [newVariant(1)],
  };
}

/** What is wrong with a chosen file, in the words of spec section 5. */
export function fileMessage(file: File | null, maxMb = MAX_UPLOAD_MB): string | undefined {
  if (!file) return undefined;
  // The form says "less than": a file of exactly the limit is refused.
  const problem = uploadProblem(file, { maxMb, inclusive: false });
  return problem === 'type' ? INVALID_TYPE : problem === 'size' ? tooLarge(maxMb) : undefined;
}

const file = z.custom<File | null>((value) => value === null || (typeof File !== 'undefined' && value instanceof File));

/** Spec section 5 "Past paper form", against the subjects the select offers and the year bound of today. */
export function pastPaperSchema(subjectIds: ReadonlySet<number>, maxYear = maxPaperYear(), maxMb = MAX_UPLOAD_MB) {
  const variant = z.object({
    variantId: z.number().optional(),
    name: z.string(),
    slug: z.string(),
    version: z.string(),
    document: file,
    markScheme: file,
    examinerReport: file,
    existingDocument: z.string().nullable(),
    existingMarkScheme: z.string().nullable(),
    existingExaminerReport: z.string().nullable(),
    removeMarkScheme: z.boolean(),
    removeExaminerReport: z.boolean(),
    duration: z.string(),
    durationSource: z.enum(['admin', 'cover']).nullable(),
  });
  return z
    .object({
      subject_id: z
        .string()
        .min(1, 'Subject is required')
        .refine((id) => subjectIds.has(Number(id)), 'Invalid subject selected'),
      code: z.string(),
      level: z.string(),
      year: z.string().refine((year) => {
        const n = Number(year.trim());
        return /^\d+$/.test(year.trim()) && n >= MIN_YEAR && n <= maxYear;
      }, `Year must be between ${MIN_YEAR} and ${maxYear}.`),
      session: z
        .string()
        .min(1, 'Session is required')
        .refine((session) => (SESSIONS as readonly string[]).includes(session), 'Session is required'),
      variants: z.array(variant).min(1, LAST_VARIANT_ALERT),
    })
    .superRefine((values, ctx) => {
      values.variants.forEach((v, i) => {
        const n = i + 1;
        const at = (field: keyof VariantFormValues, message: string) =>
          ctx.addIssue({ code: 'custom', path: ['variants', i, field], message });
        if (!v.name.trim()) at('name', `Variant ${n} name is required`);
        if (!v.version.trim()) at('version', `Variant ${n} version is required`);
        else if (!/^\d+$/.test(v.version.trim()) || Number(v.version) < 1)
          at('version', `Variant ${n} version must be a whole number of at least 1`);
        const duration = v.duration.trim();
        if (
          duration !== '' &&
          !(/^\d{1,3}$/.test(duration) && Number(duration) >= 1 && Number(duration) <= MAX_DURATION_MINUTES)
        )
          at('duration', durationMessage(n));
        if (!v.document && !v.existingDocument) at('document', `Variant ${n} requires a past paper document`);
        for (const slot of ['document', 'markScheme', 'examinerReport'] as const) {
          const message = fileMessage(v[slot], maxMb);
          if (message) at(slot, message);
        }
      });
    });
}

/**
 * Spec section 7: the multipart body of a create or an update. Subject, code and level follow the chosen subject;
 * `variants` is a JSON list (name, slug, version, id for a stored variant) and each chosen file travels as
 * variant_{i}_document_path / _mark_scheme_path / _examiner_report_path with i the 0-based position in that list.
 */
export function pastPaperFields(
  values: PastPaperFormValues,
  subject: Subject,
  id?: number,
  loaded?: PastPaper | null,
): PastPaperFields {
  const loadedDuration = (variantId?: number) => {
    const minutes = loaded?.variants?.find((variant) => variant.id === variantId)?.duration_minutes;
    return minutes === null || minutes === undefined ? undefined : String(minutes);
  };
  const fields: PastPaperFields = {
    id,
    subject_id: subject.id,
    subject: subject.name,
    code: subject.code,
    level: subject.level,
    year: values.year.trim(),
    session: values.session,
    variants: JSON.stringify(
      values.variants.map((v) => ({
        name: v.name.trim(),
        slug: v.slug || slugify(v.name),
        version: Number(v.version),
        ...durationField(v, loadedDuration(v.variantId)),
        ...(v.variantId !== undefined ? { id: v.variantId } : {}),
      })),
    ),
  };
  values.variants.forEach((v, i) => {
    if (v.document) fields[`variant_${i}_document_path`] = v.document;
    if (v.markScheme) fields[`variant_${i}_mark_scheme_path`] = v.markScheme;
    else if (v.removeMarkScheme && v.existingMarkScheme) fields[`variant_${i}_remove_mark_scheme`] = '1';
    if (v.examinerReport) fields[`variant_${i}_examiner_report_path`] = v.examinerReport;
    else if (v.removeExaminerReport && v.existingExaminerReport) fields[`variant_${i}_remove_examiner_report`] = '1';
  });
  return fields;
}
