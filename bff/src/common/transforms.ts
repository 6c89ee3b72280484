import { Transform } from 'class-transformer';

/** Trims strings; leaves other values for the validators to reject. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Text of a whole number ('2024', ' -3 ') becomes the number; anything else is returned as it is. */
export function toWholeNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
  return value;
}

/**
 * The one reading of a yes/no text, for multipart fields and query flags alike: 'true'/'1'/'on'/'yes' → true,
 * 'false'/'0'/'off'/'no' → false; anything else is returned as it is, for IsBoolean to reject.
 */
export function parseBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(v)) return true;
  if (['false', '0', 'off', 'no'].includes(v)) return false;
  return value;
}

/** Multipart fields arrive as strings: '2024' becomes 2024; anything else is left for IsInt to reject. */
export const ToInt = (): PropertyDecorator => Transform(({ value }: { value: unknown }) => toWholeNumber(value));

/** Multipart yes/no fields become booleans (see parseBoolean). */
export const ToBoolean = (): PropertyDecorator => Transform(({ value }: { value: unknown }) => parseBoolean(value));

/** An empty string (an omitted multipart field) counts as absent, so IsOptional skips it. */
export const EmptyAsUndefined = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value));
