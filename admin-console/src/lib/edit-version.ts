import { ApiError } from '@ppl/shared-ui';

/** The server's answer to an edit made on an older version of the record (lost-update check, 409). */
export const RECORD_CHANGED =
  'This record was changed by someone else since you opened it. Reload it to see the changes, then edit again.';

export const changedMeanwhile = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.serverMessage === RECORD_CHANGED;

/** Adds the version the record was loaded with (its updated_at) to an edit's fields. */
export function withVersion<F extends { updated_at?: unknown }>(
  fields: F,
  record: { updated_at?: string } | null | undefined,
): F {
  return record?.updated_at ? { ...fields, updated_at: record.updated_at } : fields;
}
