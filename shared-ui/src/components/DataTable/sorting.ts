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

function cellText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A sorted copy of `rows` by `accessor`, ascending or descending (stable). */
export function sortRows<T>(rows: readonly T[], accessor: (row: T) => unknown, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compareValues(accessor(x.row), accessor(y.row)) * sign || x.index - y.index)
    .map(({ row }) => row);
}

/** Clicking a header: the same column toggles its direction, another column starts ascending. */
export function nextSort<K extends string>(current: SortState<K> | undefined, key: K): SortState<K> {
  if (current && current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
