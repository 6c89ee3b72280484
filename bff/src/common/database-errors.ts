import { QueryFailedError } from 'typeorm';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
}

function driverError(error: unknown): DriverError | undefined {
  if (error instanceof QueryFailedError) return error.driverError as DriverError;
  return undefined;
}

/** A unique index violation (23505), optionally of one named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = driverError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A foreign key violation (23503): a row is still referenced, or references nothing. */
export function isForeignKeyViolation(error: unknown): boolean {
  return driverError(error)?.code === '23503';
}
