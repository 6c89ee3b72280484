import { slugify } from './slug';
import { VARIANT_DOCUMENT_TYPES, type VariantDocumentType } from '../common/domain-values';
import { ValidationFailedException, type FieldErrors } from '../common/validation';

export const MAX_VARIANTS = 20;
export const AT_LEAST_ONE_VARIANT = 'You cannot remove all variants. At least one variant is required.';
export const INVALID_FILE_TYPE = 'Please select a valid file type (PDF, DOC, DOCX)';

/** One entry of the form's `variants` JSON list. */
export interface VariantInput {
  /** 0-based position: the {i} of its file fields. */
  index: number;
  id?: number;
  name: string;
  slug: string;
  version: number;
  /**
   * The official duration in minutes: a number sets it, null clears it (the cover's reading shows again), undefined
   * (the key not sent) keeps what is stored.
   */
  durationMinutes?: number | null;
}

export const MAX_DURATION_MINUTES = 600;

/** The file field of a variant's document: variant_{i}_document_path, variant_{i}_mark_scheme_path, ... */
export const fileField = (index: number, type: VariantDocumentType): string => `variant_${index}_${type}_path`;
const FILE_FIELD = /^variant_(\d{1,2})_(document|mark_scheme|examiner_report)_path$/;

/** The variant index and document of a file field name, or null for any other name. */
export { slugify };

export function parseFileField(field: string): { index: number; type: VariantDocumentType } | null {
  const match = FILE_FIELD.exec(field);
  if (!match) return null;
  const type = match[2] as VariantDocumentType;
  return VARIANT_DOCUMENT_TYPES.includes(type) ? { index: Number(match[1]), type } : null;
}

export interface VariantRules {
  /** Ids of the paper's stored variants (update); undefined on create, where ids are ignored. */
  storedIds?: ReadonlySet<number>;
  /** Whether the variant has a past paper document: a new upload, or (update) the one it keeps. */
  hasDocument: (variant: { index: number; id?: number }) => boolean;
}

/**
 * Parses and checks the `variants` JSON in the order of spec section 5: at least one variant, and for each in turn
 * a name ('Variant N name is required'), a version ('Variant N version is required') and a past paper document
 * ('Variant N requires a past paper document'). The first failing rule is the answer's `error`.
 */
export function parseVariants(raw: string | undefined, rules: VariantRules): VariantInput[] {
  if (raw === undefined || raw.trim() === '') throw ValidationFailedException.single('variants', AT_LEAST_ONE_VARIANT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ValidationFailedException.single('variants', 'Variants must be a JSON list');
  }
  if (!Array.isArray(parsed)) throw ValidationFailedException.single('variants', 'Variants must be a JSON list');
  if (parsed.length === 0) throw ValidationFailedException.single('variants', AT_LEAST_ONE_VARIANT);
  if (parsed.length > MAX_VARIANTS)
    throw ValidationFailedException.single('variants', `A past paper can have at most ${MAX_VARIANTS} variants`);

  const errors: FieldErrors = {};
  const variants: VariantInput[] = [];
  const ids = new Set<number>();
  parsed.forEach((item: unknown, index) => {
    const n = index + 1;
    const entry =
      typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    if (name === '') errors[`variants.${index}.name`] = `Variant ${n} name is required`;
    else if (name.length > 200) errors[`variants.${index}.name`] = `Variant ${n} name must be at most 200 characters`;
    const version = toWholeNumber(entry.version);
    if (version === undefined) errors[`variants.${index}.version`] = `Variant ${n} version is required`;
    else if (version < 1 || version > 1000)
      errors[`variants.${index}.version`] = `Variant ${n} version must be a whole number from 1 to 1000`;
    let id: number | undefined;
    if (rules.storedIds && entry.id !== undefined && entry.id !== null && entry.id !== '') {
      id = toWholeNumber(entry.id);
      if (id === undefined || !rules.storedIds.has(id) || ids.has(id)) {
        errors[`variants.${index}.id`] = `Variant ${n} is not a variant of this past paper`;
        id = undefined;
      } else ids.add(id);
    }
    const durationMinutes = durationOf(entry);
    if (durationMinutes === false)
      errors[`variants.${index}.duration_minutes`] =
        `Variant ${n} duration must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}, or empty`;
    if (!rules.hasDocument({ index, id }))
      errors[`variants.${index}.document`] = `Variant ${n} requires a past paper document`;
    const slug =
      slugify(typeof entry.slug === 'string' && entry.slug.trim() !== '' ? entry.slug : name) ||
      `paper-${version ?? n}`;
    variants.push({
      index,
      id,
      name,
      slug,
      version: version ?? 0,
      ...(durationMinutes !== false && durationMinutes !== undefined ? { durationMinutes } : {}),
    });
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
  return variants;
}

/** An entry's `duration_minutes`: undefined when absent, null when empty, the minutes, or false when invalid. */
function durationOf(entry: Record<string, unknown>): number | null | undefined | false {
  if (!('duration_minutes' in entry) || entry.duration_minutes === undefined) return undefined;
  const raw = entry.duration_minutes;
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const minutes = toWholeNumber(raw);
  return minutes !== undefined && minutes >= 1 && minutes <= MAX_DURATION_MINUTES ? minutes : false;
}

function toWholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return undefined;
}
