import styles from './RemoteFallback.module.css';

export function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="ppl-visually-hidden">Loading…</span>
    </div>
  );
}
