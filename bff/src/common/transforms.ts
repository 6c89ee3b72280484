import { Transform } from 'class-transformer';

/** Trims strings; leaves other values for the validators to reject. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Multipart fields arrive as strings: '2024' becomes 2024; anything else is left for IsInt to reject. */
export const ToInt = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
    return value;
  });

/** 'true'/'1'/'on' and 'false'/'0'/'off' (multipart) become booleans; anything else is left for IsBoolean. */
export const ToBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(v)) return true;
    if (['false', '0', 'off', 'no'].includes(v)) return false;
    return value;
  });

/** An empty string (an omitted multipart field) counts as absent, so IsOptional skips it. */
export const EmptyAsUndefined = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value));
