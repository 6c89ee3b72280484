export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Case-insensitive comparison; numbers compare as numbers; empty values sort last. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(cellText(a), cellText(b));
}

const textCollator = new Intl.Collator('en-US', { sensitivity: 'base' });

/**
 * Exam codes in natural order, the way boards list them: 0478, 0580, 4CH1, 9702, WPH2, WPH11. Digit runs compare as
 * numbers (WPH2 before WPH11), except a run with a leading zero, which compares digit by digit: a plain numeric
 * collation reads 0478 as 478 and puts 4CH1 (4) before it.
 */
export function compareCodes(a: string, b: string): number {
  const x = a.match(/\d+|\D+/g) ?? [];
  const y = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i]!;
    const q = y[i]!;
    const digits = /^\d/.test(p) && /^\d/.test(q);
    let order: number;
    if (digits && !p.startsWith('0') && !q.startsWith('0')) order = Number(p) - Number(q);
    else if (digits) order = p < q ? -1 : p > q ? 1 : 0;
    else if (/^\d/.test(p) !== /^\d/.test(q))
      order = /^\d/.test(p) ? -1 : 1; // digits before letters
    else order = textCollator.compare(p, q);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

function cellText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A sorted copy of `rows` by `accessor`, ascending or descending (stable). */
export function sortRows<T>(
  rows: readonly T[],
  accessor: (row: T) => unknown,
  direction: SortDirection,
  compare: (a: unknown, b: unknown) => number = compareValues,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compare(accessor(x.row), accessor(y.row)) * sign || x.index - y.index)
    .map(({ row }) => row);
}

/** Clicking a header: the same column toggles its direction, another column starts ascending. */
export function nextSort<K extends string>(current: SortState<K> | undefined, key: K): SortState<K> {
  if (current && current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
