import { useMemo } from 'react';
import { usePaperProgress } from '../hooks/use-progress';
import { withBookmark, withStatus, type PaperRef } from '../lib/progress';
import { StatusBadges } from './StatusBadges';
import styles from './Study.module.css';

/**
 * A paper's badges (In progress / Done / Bookmarked) and its "Mark as done" and "Bookmark" buttons in a list row.
 * Nothing renders on the server or in the first browser render (the HTML is the same); they appear once the
 * device's progress is read.
 */
export function StudyRowActions({ paper, actions = true }: { paper: PaperRef; actions?: boolean }) {
  const ref = useMemo(
    () => paper,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [paper.paperId, paper.variantId, paper.title, paper.subjectCode, paper.subjectName],
  );
  const { loaded, record, change } = usePaperProgress(ref);
  if (!loaded) return null;
  const done = record?.status === 'done';
  const bookmarked = record?.bookmarked ?? false;
  return (
    <span className={styles.rowActions} data-testid="study-row">
      <StatusBadges record={record ?? null} compact />
      {actions && (
        <>
          <button
            type="button"
            className={styles.rowButton}
            aria-pressed={done}
            aria-label={`Mark ${paper.title} as done`}
            onClick={() => void change((p, t) => withStatus(p, done ? 'in-progress' : 'done', t))}
          >
            {done ? '✓ Done' : 'Mark as done'}
          </button>
          <button
            type="button"
            className={styles.rowButton}
            aria-pressed={bookmarked}
            aria-label={`Bookmark ${paper.title}`}
            onClick={() => void change((p, t) => withBookmark(p, !bookmarked, t))}
          >
            {bookmarked ? '★' : '☆'}
          </button>
        </>
      )}
    </span>
  );
}
