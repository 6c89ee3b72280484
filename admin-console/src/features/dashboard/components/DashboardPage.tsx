import { ErrorBanner, errorText, formatCount, formatDateTime, formatNumber, StatCard } from '@ppl/shared-ui';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { useDashboardStats } from '../api/use-dashboard-stats';
import styles from './DashboardPage.module.css';

/** Spec section 2 "Admin dashboard". */
export function DashboardPage() {
  const stats = useDashboardStats();

  if (stats.isPending) return <LoadingStatus>Loading dashboard...</LoadingStatus>;
  if (stats.isError) {
    return (
      <ErrorBanner
        message={errorText(stats.error, 'Failed to fetch dashboard stats')}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const data = stats.data;
  if (!data) return <p className={page.status}>No dashboard data available</p>;

  const activity = data.recentActivity ?? [];
  const resources = data.topResources ?? [];
  return (
    <>
      <PageHeader title="Dashboard" subtitle="An overview of the library" />
      <div className={page.stats}>
        <StatCard
          label="Active Students"
          value={formatNumber(data.totalUsers)}
          tone="primary"
          testId="stat-active-students"
        />
        <StatCard
          label="Examiner Reports"
          value={formatNumber(data.totalReports)}
          tone="warning"
          testId="stat-examiner-reports"
        />
        <StatCard label="Past Papers" value={formatNumber(data.totalPapers)} tone="success" testId="stat-past-papers" />
        <StatCard
          label="Total Downloads"
          value={formatNumber(data.totalDownloads)}
          tone="neutral"
          testId="stat-total-downloads"
        />
      </div>
      {data.missingMarkSchemes !== undefined && (
        <p className={[page.panel, styles.missing].join(' ')} data-testid="missing-mark-schemes">
          <strong>{formatNumber(data.missingMarkSchemes)}</strong>{' '}
          {data.missingMarkSchemes === 1 ? 'question paper has' : 'question papers have'} no mark scheme yet.{' '}
          <Link to="/admin/coverage">See coverage</Link>
        </p>
      )}
      <div className={styles.columns}>
        <section className={page.panel} aria-labelledby="recent-activity">
          <h3 id="recent-activity" className={page.sectionTitle}>
            Recent Activity
          </h3>
          {activity.length === 0 ? (
            <p className={page.muted}>No recent activity</p>
          ) : (
            <ul className={styles.list}>
              {activity.map((item) => (
                <li key={item.id} className={styles.item}>
                  <span>{item.description}</span>
                  <time className={page.muted} dateTime={item.timestamp}>
                    {formatDateTime(item.timestamp)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={page.panel} aria-labelledby="top-resources">
          <h3 id="top-resources" className={page.sectionTitle}>
            Top Resources
          </h3>
          {resources.length === 0 ? (
            <p className={page.muted}>No downloads yet</p>
          ) : (
            <ol className={styles.list}>
              {resources.map((resource) => (
                <li key={resource.id} className={styles.item}>
                  <span className={styles.resourceTitle}>{resource.title}</span>
                  <span className={styles.meta}>
                    <span>{formatCount(resource.downloads, 'download', 'downloads')}</span>
                    <span className={page.muted}>
                      Last accessed {resource.lastAccessed ? formatDateTime(resource.lastAccessed) : 'never'}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
