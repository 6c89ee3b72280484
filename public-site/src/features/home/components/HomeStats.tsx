import { formatNumber } from '@ppl/shared-ui';
import { useLibraryStats } from '../../../api/queries';
import { StatsBar } from '../../../components/StatsBar';

/** Spec section 9: the rating shown is fixed. */
export const FIXED_RATING = '4.9/5';

/** Total papers, 'Students Helped', downloads and the fixed 4.9/5 rating, in en-US number format. */
export function HomeStats() {
  const stats = useLibraryStats();
  const value = (n: number | undefined) => (stats.isError ? '—' : stats.data ? formatNumber(n) : null);
  return (
    <StatsBar
      label="Library statistics"
      items={[
        { label: 'Past Papers', value: value(stats.data?.totalPapers), testId: 'stat-past-papers' },
        { label: 'Students Helped', value: value(stats.data?.totalUsers), testId: 'stat-students-helped' },
        { label: 'Downloads', value: value(stats.data?.totalDownloads), testId: 'stat-downloads' },
        { label: 'Rating', value: FIXED_RATING, testId: 'stat-rating' },
      ]}
    />
  );
}
