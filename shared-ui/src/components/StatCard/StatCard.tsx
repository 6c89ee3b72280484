import { useId, type ReactNode } from 'react';
import styles from './StatCard.module.css';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  hint?: ReactNode;
  tone?: 'primary' | 'success' | 'warning' | 'danger' | 'neutral';
  testId?: string;
}

/** One headline number with its label (a group named by the label, so the value reads with it). */
export function StatCard({ label, value, icon, hint, tone = 'primary', testId }: StatCardProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={[styles.card, styles[tone]].join(' ')} data-testid={testId}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <div className={styles.text}>
        <p id={labelId} className={styles.label}>
          {label}
        </p>
        <p className={styles.value}>{value}</p>
        {hint && <p className={styles.hint}>{hint}</p>}
      </div>
    </div>
  );
}
