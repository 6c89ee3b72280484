import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** Between 0 and 1. */
  value: number;
  /** The accessible name ("Upload progress"). */
  label: string;
  /** Shows the percentage next to the bar. */
  showValue?: boolean;
}

/** A determinate progress bar (role=progressbar with aria-valuenow in percent). */
export function ProgressBar({ value, label, showValue = true }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div className={styles.wrapper}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      {showValue && (
        <span className={styles.value} aria-hidden="true">
          {percent}%
        </span>
      )}
    </div>
  );
}
