import { Button } from '@ppl/shared-ui';
import styles from './LoadError.module.css';

/** Spec section 8: 'Unable to Load Content' with a 'Try Again' action that loads again. */
export function LoadError({
  message,
  onRetry,
  title = 'Unable to Load Content',
}: {
  message?: string;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <section className={styles.error} role="alert">
      <svg className={styles.icon} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h2 className={styles.title}>{title}</h2>
      {message && <p className={styles.message}>{message}</p>}
      {onRetry && <Button onClick={onRetry}>Try Again</Button>}
    </section>
  );
}
