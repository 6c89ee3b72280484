import styles from './ViewToggle.module.css';

export const VIEWS = ['grid', 'list'] as const;
export type View = (typeof VIEWS)[number];

/** Grid or list view: a pair of toggle buttons (aria-pressed). */
export function ViewToggle({ value, onChange }: { value: View; onChange: (view: View) => void }) {
  return (
    <div className={styles.toggle} role="group" aria-label="View">
      <button type="button" className={styles.option} aria-pressed={value === 'grid'} onClick={() => onChange('grid')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" fill="currentColor" />
        </svg>
        Grid
      </button>
      <button type="button" className={styles.option} aria-pressed={value === 'list'} onClick={() => onChange('list')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 5h16v3H4zM4 10.5h16v3H4zM4 16h16v3H4z" fill="currentColor" />
        </svg>
        List
      </button>
    </div>
  );
}
