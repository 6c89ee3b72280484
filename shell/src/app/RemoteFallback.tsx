import type { RemoteName } from '../federation/remotes-config';
import styles from './RemoteFallback.module.css';

const COPY: Record<RemoteName, { title: string; text: string }> = {
  public_site: {
    title: 'The library is taking a short break',
    text: 'We could not load this part of Past Paper Library. We keep trying for a few minutes and whenever your connection comes back, and show it as soon as it loads; you can also try again now.',
  },
  admin_console: {
    title: 'The admin console is unavailable',
    text: 'We could not load the admin console right now. The public library is still available. We keep trying for a few minutes and show it as soon as it loads; you can also try again now.',
  },
};

/** Shown in a remote's slot when that half cannot be loaded; the other half keeps working. */
export function RemoteFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const copy = COPY[remote];
  return (
    <section className={styles.fallback} role="alert" data-testid={`remote-fallback-${remote}`}>
      <div className={styles.card}>
        <h1 className={styles.title}>{copy.title}</h1>
        <p className={styles.text}>{copy.text}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.retry} onClick={onRetry}>
            Try again
          </button>
          {remote === 'admin_console' ? (
            <a className={styles.link} href="/">
              Go to the library
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
