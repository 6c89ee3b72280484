import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import styles from './ErrorBanner.module.css';

export interface ErrorBannerProps {
  message: ReactNode;
  onDismiss?: () => void;
  onRetry?: () => void;
  retryLabel?: string;
}

/** An error shown as a banner, with optional 'Dismiss' and retry actions. */
export function ErrorBanner({ message, onDismiss, onRetry, retryLabel = 'Try Again' }: ErrorBannerProps) {
  return (
    <div role="alert" className={styles.banner}>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>
        {onRetry && (
          <Button size="small" variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
        {onDismiss && (
          <Button size="small" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
    </div>
  );
}
