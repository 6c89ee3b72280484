import { Skeleton } from '@ppl/shared-ui';
import styles from './PageSkeleton.module.css';

/** What a page shows while its code or first data loads. */
export function PageSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className="ppl-visually-hidden">Loading…</span>
      <div className={styles.hero}>
        <Skeleton width="40%" height={32} />
        <Skeleton width="65%" height={18} />
      </div>
      <div className={styles.grid}>
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className={styles.card}>
            <Skeleton width={48} height={48} radius={10} />
            <Skeleton width="70%" height={20} />
            <Skeleton width="90%" height={14} />
            <Skeleton width="50%" height={14} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A grid of placeholder cards for a section that is still loading. */
export function CardSkeletons({ count, height = 140 }: { count: number; height?: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={10} />
      ))}
    </div>
  );
}
