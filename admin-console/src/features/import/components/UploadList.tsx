import { Button, formatFileSize, ProgressBar } from '@ppl/shared-ui';
import type { UploadItem } from '../model/use-staged-uploads';
import styles from './ImportPage.module.css';

const STATE_TEXT: Record<UploadItem['state'], string> = {
  hashing: 'Checking…',
  queued: 'Waiting',
  uploading: 'Uploading',
  staged: 'Uploaded',
  already: 'Already staged',
  failed: 'Failed',
};

export interface UploadListProps {
  items: readonly UploadItem[];
  overall: number;
  failed: number;
  busy: boolean;
  onRetry: () => void;
}

/** Each file's upload with its own bar, and the whole batch's bar above them. */
export function UploadList({ items, overall, failed, busy, onRetry }: UploadListProps) {
  const done = items.filter((item) => item.state === 'staged' || item.state === 'already').length;
  return (
    <section className={styles.uploads} aria-labelledby="import-uploads">
      <div className={styles.uploadsHeader}>
        <h3 id="import-uploads" className={styles.sectionTitle}>
          Uploads: {done} of {items.length} files
        </h3>
        {failed > 0 && !busy && (
          <Button variant="secondary" size="small" onClick={onRetry}>
            Retry {failed} failed
          </Button>
        )}
      </div>
      <ProgressBar value={overall} label="All uploads" />
      <ul className={styles.uploadList} data-testid="import-uploads">
        {items.map((item) => (
          <li key={item.key} className={styles.uploadItem} data-state={item.state}>
            <span className={styles.uploadName} title={item.name}>
              {item.name}
            </span>
            <span className={styles.uploadSize}>{formatFileSize(item.size)}</span>
            <ProgressBar value={item.progress} label={`Upload of ${item.name}`} showValue={false} />
            <span className={item.state === 'failed' ? styles.uploadFailed : styles.uploadState}>
              {item.error ?? STATE_TEXT[item.state]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
