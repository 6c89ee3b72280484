import { BadRequestException } from '@nestjs/common';

/** A positive database id from a query, path or form value; anything else is a 400, never a 500. */
export function parseId(value: unknown, label = 'id'): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 999_999_999) return value;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) {
    throw new BadRequestException(`Invalid ${label}`);
  }
  const id = Number(value.trim());
  if (id < 1) throw new BadRequestException(`Invalid ${label}`);
  return id;
}

/** An optional id: absent or empty is undefined. */
export function optionalId(value: unknown, label = 'id'): number | undefined {
  if (value === undefined || value === '') return undefined;
  return parseId(value, label);
}

/**
 * An optional single query value. Express 5's simple parser turns `?a=1&a=2` into an array: that is a 400
 * (`Invalid a`), not something to pass on to a query.
 */
export function optionalString(value: unknown, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadRequestException(`Invalid ${label}`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** An optional value from a documented set. */
export function optionalOneOf<T extends string>(value: unknown, allowed: readonly T[], label: string): T | undefined {
  const text = optionalString(value, label);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new BadRequestException(`Invalid ${label}`);
  return text as T;
}

/** An optional whole number within bounds (page, limit ...). */
export function optionalInt(value: unknown, label: string, min: number, max: number): number | undefined {
  const text = optionalString(value, label);
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new BadRequestException(`Invalid ${label}`);
  const n = Number(text);
  if (n < min || n > max) throw new BadRequestException(`Invalid ${label}`);
  return n;
}

/** `true`/`1` → true, `false`/`0` → false, absent → undefined. */
export function optionalFlag(value: unknown, label: string): boolean | undefined {
  const text = optionalString(value, label)?.toLowerCase();
  if (text === undefined) return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new BadRequestException(`Invalid ${label}`);
}
