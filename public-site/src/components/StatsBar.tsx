import { Skeleton } from '@ppl/shared-ui';
import styles from './StatsBar.module.css';

export interface StatItem {
  label: string;
  /** The formatted value, or null while loading. */
  value: string | null;
  testId?: string;
}

/** A row of figures (papers, downloads, ...) that overlaps the page hero. */
export function StatsBar({
  items,
  label,
  overlap = true,
}: {
  items: readonly StatItem[];
  label: string;
  overlap?: boolean;
}) {
  return (
    <section className={[styles.stats, overlap ? styles.overlap : ''].filter(Boolean).join(' ')} aria-label={label}>
      <dl className={styles.list}>
        {items.map((item) => (
          <div key={item.label} className={styles.stat} data-testid={item.testId}>
            <dt className={styles.label}>{item.label}</dt>
            <dd className={styles.value}>{item.value ?? <Skeleton width={72} height={28} />}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
