import { useConsoleSettings } from './site-settings';

/** Spec section 9: uploads are PDF, DOC or DOCX files; 10 MB until the maxFileSize setting says otherwise. */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/**
 * The size rule of one form: the maxFileSize setting in MB, and whether the form's wording says "at most" (a file
 * of exactly that size is fine) or "less than" (it is not).
 */
export interface UploadLimit {
  maxMb: number;
  inclusive: boolean;
}
export const DEFAULT_LIMIT: UploadLimit = { maxMb: MAX_UPLOAD_MB, inclusive: false };

/** The maxFileSize setting (the one the server enforces), read from the site settings; 10 until they load. */
export function useMaxUploadMb(): number {
  return useConsoleSettings().data?.maxFileSize ?? MAX_UPLOAD_MB;
}

const ALLOWED = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
} as const;

/** The file input's accept attribute (a hint for the picker; the checks below are what count). */
export const DOCUMENT_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type UploadProblem = 'type' | 'size';

/**
 * What is wrong with a chosen file, if anything: its extension must be pdf, doc or docx and its declared type (when
 * the browser gives one) must match; its size must stay under the limit. The BFF checks the bytes themselves.
 */
export function uploadProblem(file: File, limit: UploadLimit = DEFAULT_LIMIT): UploadProblem | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const mimes: readonly string[] | undefined = ALLOWED[extension as keyof typeof ALLOWED];
  const declared = file.type.toLowerCase();
  const typeOk = !!mimes && (declared === '' || declared === 'application/octet-stream' || mimes.includes(declared));
  if (!typeOk) return 'type';
  const max = limit.maxMb * 1024 * 1024;
  if (limit.inclusive ? file.size > max : file.size >= max) return 'size';
  return null;
}

/** The last part of a stored path or URL ("papers/abc.pdf" → "abc.pdf"). */
export function fileNameOf(path: string | null | undefined): string {
  if (!path) return '';
  return decodeURIComponent(path.split('?')[0]!.split('/').pop() ?? '');
}
