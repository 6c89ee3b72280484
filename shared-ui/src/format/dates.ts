const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const utcDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const valid = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * "Nov 22, 2026", or an em dash for a missing or invalid date. `{ utc: true }` gives the date in UTC, the same on the
 * server and in every browser: a server-rendered page must hydrate to the very same text.
 */
export function formatDate(value: string | Date | null | undefined, options: { utc?: boolean } = {}): string {
  const date = valid(value);
  if (!date) return '—';
  return (options.utc ? utcDateFormat : dateFormat).format(date);
}

/** "Nov 22, 2026, 4:05 PM", or an em dash for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = valid(value);
  return date ? dateTimeFormat.format(date) : '—';
}
