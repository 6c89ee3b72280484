const enUS = new Intl.NumberFormat('en-US');

/** Spec section 9: numbers use the en-US format (thousands separators). */
export function formatNumber(value: number | null | undefined): string {
  return enUS.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

const pluralRules = new Intl.PluralRules('en-US');

/** A count with its noun in the right number: "1 download", "1,204 downloads", "0 downloads". */
export function formatCount(value: number | null | undefined, one: string, other: string): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return `${formatNumber(n)} ${pluralRules.select(n) === 'one' ? one : other}`;
}

/** A byte count for people: 512 B, 12.3 KB, 4.5 MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!bytes || bytes < 0) return '0 B';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
