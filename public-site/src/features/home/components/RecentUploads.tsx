import { LEVEL_LABELS, errorText, formatDate } from '@ppl/shared-ui';
import { Link } from '../../../lib/router';
import { useRecentPapers } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { yearSessionLabel } from '../../../lib/papers';
import { RECENT_UPLOADS, recentUploads } from '../lib/home-selections';
import styles from './HomeSections.module.css';

/** The six most recently updated papers; 'No papers uploaded yet' when there are none. */
export function RecentUploads() {
  // The server answers the six newest; the same rule orders them here, whatever order they came in.
  const papers = useRecentPapers(RECENT_UPLOADS);
  const recent = papers.data ? recentUploads(papers.data) : [];
  return (
    <section className={styles.section} aria-labelledby="recent-heading">
      <div className={styles.sectionHeader}>
        <h2 id="recent-heading" className={styles.heading}>
          Recent Uploads
        </h2>
      </div>
      {papers.isPending && <CardSkeletons count={6} height={96} />}
      {papers.isError && (
        <LoadError
          message={errorText(papers.error, 'Failed to fetch past papers')}
          onRetry={() => void papers.refetch()}
        />
      )}
      {papers.isSuccess && recent.length === 0 && <p className={styles.empty}>No papers uploaded yet</p>}
      {recent.length > 0 && (
        <ul className={styles.recent} data-testid="recent-uploads">
          {recent.map((paper) => {
            const code = paper.subject_code ?? paper.code;
            const level = paper.subject_level ?? paper.level;
            return (
              <li key={paper.id} className={styles.upload}>
                <span className={styles.uploadIcon} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
                    <path
                      d="M6 3h8l4 4v14H6zM14 3v4h4"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinejoin="round"
                    />
                  </svg>
                </span>
                <div className={styles.uploadText}>
                  <h3 className={styles.uploadTitle}>
                    <Link to={`/past-papers/subject/${encodeURIComponent(code)}`} className={styles.stretched}>
                      {paper.subject_name ?? paper.subject} {code}
                    </Link>
                  </h3>
                  <p className={styles.uploadMeta}>
                    {yearSessionLabel(paper)} · {LEVEL_LABELS[level] ?? level}
                  </p>
                  <p className={styles.uploadDate}>Updated {formatDate(paper.updated_at, { utc: true })}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
