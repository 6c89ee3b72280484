import { useId } from 'react';
import { Button } from '../Button/Button';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  /** With onPageSizeChange, shows a per-page selector. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** The navigation landmark's name. */
  label?: string;
}

const clamp = (page: number, count: number) => Math.min(Math.max(1, page), Math.max(1, count));

/** First, Prev, 'Page X of Y', Next, Last, and an optional per-page selector. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  pageSize,
  pageSizeOptions,
  onPageSizeChange,
  label = 'Pagination',
}: PaginationProps) {
  const selectId = useId();
  const count = Math.max(1, pageCount);
  const current = clamp(page, count);
  const go = (target: number) => onPageChange(clamp(target, count));
  return (
    <nav className={styles.pagination} aria-label={label}>
      <div className={styles.pages}>
        <Button size="small" variant="secondary" onClick={() => go(1)} disabled={current <= 1}>
          First
        </Button>
        <Button size="small" variant="secondary" onClick={() => go(current - 1)} disabled={current <= 1}>
          Prev
        </Button>
        <span className={styles.status} aria-live="polite">
          Page {current} of {count}
        </span>
        <Button size="small" variant="secondary" onClick={() => go(current + 1)} disabled={current >= count}>
          Next
        </Button>
        <Button size="small" variant="secondary" onClick={() => go(count)} disabled={current >= count}>
          Last
        </Button>
      </div>
      {pageSizeOptions && onPageSizeChange && (
        <div className={styles.size}>
          <label htmlFor={selectId}>Per page</label>
          <select
            id={selectId}
            className={styles.select}
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      )}
    </nav>
  );
}

export interface SimplePaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** The simpler variant: Previous, 'Page X of Y', Next. */
export function SimplePagination({ page, pageCount, onPageChange, label = 'Pagination' }: SimplePaginationProps) {
  const count = Math.max(1, pageCount);
  const current = clamp(page, count);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <div className={styles.pages}>
        <Button size="small" variant="secondary" onClick={() => onPageChange(current - 1)} disabled={current <= 1}>
          Previous
        </Button>
        <span className={styles.status} aria-live="polite">
          Page {current} of {count}
        </span>
        <Button size="small" variant="secondary" onClick={() => onPageChange(current + 1)} disabled={current >= count}>
          Next
        </Button>
      </div>
    </nav>
  );
}
