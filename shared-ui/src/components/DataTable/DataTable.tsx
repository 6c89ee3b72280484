import { useId, type ReactNode } from 'react';
import type { SortState } from './sorting';
import styles from './DataTable.module.css';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A sortable header is a button (keyboard usable) and carries aria-sort. */
  sortable?: boolean;
  align?: 'start' | 'end';
  /** Row header cell (th scope=row) for this column. */
  rowHeader?: boolean;
  /** The field's name on a phone, where each row is a card (defaults to the header when it is text). */
  label?: string;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name (visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  sort?: SortState;
  onSortChange?: (key: string) => void;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
  /** Dims the table while a reload is under way. */
  busy?: boolean;
  testId?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A data table with sortable headers. Sorting itself is the caller's (see sortRows), so the sort can live in
 * the URL. The scroll container is focusable so that wide tables scroll with the keyboard. On a phone (640 px and
 * narrower) each row is a card listing every field with its name and every action: nothing scrolls sideways; the
 * sortable headers stay as a row of sort buttons above the cards.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  sort,
  onSortChange,
  empty,
  busy = false,
  testId,
}: DataTableProps<T>) {
  const captionId = useId();
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0} data-testid={testId}>
      <table className={styles.table} aria-busy={busy || undefined}>
        <caption id={captionId} className={showCaption ? styles.caption : 'ppl-visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const canSort = column.sortable && onSortChange;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === 'end' ? styles.end : undefined}
                  aria-sort={canSort ? (active && sort ? ARIA_SORT[sort.direction] : 'none') : undefined}
                >
                  {canSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSortChange(column.key)}>
                      {column.header}
                      <span aria-hidden="true" className={active ? styles.sortActive : styles.sortIdle}>
                        {active && sort?.direction === 'desc' ? '▼' : '▲'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className={styles.emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const label = column.label ?? (typeof column.header === 'string' ? column.header : undefined);
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={styles.rowHeader} data-label={label}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.align === 'end' ? styles.end : undefined} data-label={label}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
