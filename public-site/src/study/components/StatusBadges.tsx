import type { PaperProgress } from '../lib/progress';
import styles from './Study.module.css';

/** "In progress" / "Done" / "Bookmarked": what the device holds for a paper (nothing before it is read). */
export function StatusBadges({ record, compact = false }: { record: PaperProgress | null; compact?: boolean }) {
  if (!record) return null;
  const badges: Array<{ text: string; className: string | undefined }> = [];
  if (record.status === 'in-progress') badges.push({ text: 'In progress', className: styles.badgeProgress });
  if (record.status === 'done') badges.push({ text: 'Done', className: styles.badgeDone });
  if (record.bookmarked) badges.push({ text: 'Bookmarked', className: styles.badgeBookmark });
  if (badges.length === 0) return compact ? null : <span className={styles.muted}>Not started</span>;
  return (
    <span className={styles.badges} data-testid="study-badges">
      {badges.map((b) => (
        <span key={b.text} className={[styles.badge, b.className].filter(Boolean).join(' ')}>
          {b.text}
        </span>
      ))}
    </span>
  );
}
