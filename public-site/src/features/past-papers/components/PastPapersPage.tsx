import { Button, EmptyState, SearchInput, errorText, formatNumber } from '@ppl/shared-ui';
import { useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { usePaperSummariesOf, useSubjects } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { PageHero } from '../../../components/PageHero';
import { SortSelect } from '../../../components/SortSelect';
import { StatsBar } from '../../../components/StatsBar';
import { subjectColour } from '../../../components/SubjectIcon';
import { VIEWS, ViewToggle, type View } from '../../../components/ViewToggle';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSearchParam } from '../../../hooks/use-search-param';
import { useSearchTerm } from '../../../hooks/use-search-term';
import { categoryFor } from '../../../lib/categories';
import { compareLatestFirst, sessionRank, yearSessionLabel } from '../../../lib/papers';
import {
  LISTING_SORTS,
  LISTING_SORT_VALUES,
  applyPaperFilters,
  buildSubjectGroups,
  listingStats,
  searchSubjectGroups,
  sortSubjectGroups,
  type ListingSort,
} from '../lib/subject-groups';
import { ListingFilters, type FilterValues } from './ListingFilters';
import { SubjectGroupCard } from './SubjectGroupCard';
import styles from './PastPapersPage.module.css';

const FILTER_KEYS = ['level', 'year', 'session'] as const;

/**
 * /past-papers and /past-papers/{category} (spec section 2): title and subtitle per category, stats, search by
 * name, code or description, four sorts, grid or list, papers grouped by subject. Category is in the path; search,
 * sort, view and filters are in the search params.
 */
export function PastPapersPage() {
  const params = useParams();
  // app/routes.tsx answers an unknown category with the 404 page before this renders.
  const category = categoryFor(params.category) ?? categoryFor(undefined)!;
  useDocumentTitle(category.title, category.subtitle);

  const subjects = useSubjects();
  const papers = usePaperSummariesOf(category.levels);
  const { input, setInput, term, clear, forget } = useSearchTerm(150);
  const [sort, setSort] = useSearchParam<ListingSort>('sort', 'name', LISTING_SORT_VALUES);
  const [view, setView] = useSearchParam<View>('view', 'grid', VIEWS);
  const [searchParams, setSearchParams] = useSearchParams();
  const [level, year, session] = [
    searchParams.get('level') ?? '',
    searchParams.get('year') ?? '',
    searchParams.get('session') ?? '',
  ];
  const filters: FilterValues = useMemo(() => ({ level, year, session }), [level, year, session]);
  const filtersActive = FILTER_KEYS.some((key) => filters[key] !== '');
  const [filtersOpen, setFiltersOpen] = useState(filtersActive);
  const filtersId = useId();

  const groups = useMemo(
    () => (subjects.data && papers.data ? buildSubjectGroups(subjects.data, papers.data, category.levels) : []),
    [subjects.data, papers.data, category.levels],
  );
  const filterOptions = useMemo(() => {
    const all = groups.flatMap((g) => g.papers);
    return {
      levels: category.levels.filter((level) => groups.some((g) => g.subject.level === level)),
      years: [...new Set(all.map((p) => p.year))].sort((a, b) => b - a),
      sessions: [...new Set(all.map((p) => p.session))].sort((a, b) => sessionRank(a) - sessionRank(b)),
    };
  }, [groups, category.levels]);
  const shown = useMemo(
    () => sortSubjectGroups(searchSubjectGroups(applyPaperFilters(groups, filters), term), sort),
    [groups, filters, term, sort],
  );
  const stats = listingStats(groups);
  const loading = subjects.isPending || papers.isPending;
  const failed = subjects.isError || papers.isError;

  const setFilter = (name: keyof FilterValues, value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const removeParams = (keys: readonly string[]) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of keys) next.delete(key);
      return next;
    });
  const clearFilters = () => removeParams(FILTER_KEYS);
  // One URL update for the term and the filters (two in one tick would not compose).
  const clearAll = () => {
    forget();
    removeParams(['q', ...FILTER_KEYS]);
  };
  const retry = () => {
    if (subjects.isError) void subjects.refetch();
    if (papers.isError) void papers.refetch();
  };

  const value = (n: number) => (loading || failed ? null : formatNumber(n));
  const latest = groups.flatMap((g) => g.papers).sort(compareLatestFirst)[0];

  return (
    <>
      <PageHero title={category.title} subtitle={category.subtitle} />
      <StatsBar
        label={`${category.title} statistics`}
        items={[
          { label: 'Subjects', value: failed ? '—' : value(stats.subjects), testId: 'listing-stat-subjects' },
          { label: 'Papers', value: failed ? '—' : value(stats.papers), testId: 'listing-stat-papers' },
          {
            label: 'Mark Schemes',
            value: failed ? '—' : value(stats.markSchemes),
            testId: 'listing-stat-mark-schemes',
          },
          { label: 'Downloads', value: failed ? '—' : value(stats.downloads), testId: 'listing-stat-downloads' },
        ]}
      />
      <div className={styles.content}>
        <div className={styles.toolbar}>
          <SearchInput
            className={styles.search}
            label="Search subjects by name, code or description"
            placeholder="Search by subject name, code or description"
            value={input}
            onChange={setInput}
            onClear={clear}
          />
          <div className={styles.controls}>
            <SortSelect value={sort} options={LISTING_SORTS} onChange={(next) => setSort(next)} />
            <ViewToggle value={view} onChange={(next) => setView(next)} />
            <Button
              variant="secondary"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M4 5h16l-6 8v5l-4 2v-7L4 5Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                />
              </svg>
              Filters{filtersActive ? ` (${FILTER_KEYS.filter((k) => filters[k] !== '').length})` : ''}
            </Button>
          </div>
        </div>
        {filtersOpen && (
          <ListingFilters
            id={filtersId}
            options={filterOptions}
            values={filters}
            onChange={setFilter}
            onClear={clearFilters}
          />
        )}

        {loading && !failed && (
          <div role="status" aria-live="polite">
            <span className="ppl-visually-hidden">Loading past papers…</span>
            <CardSkeletons count={6} height={220} />
          </div>
        )}
        {failed && (
          <LoadError
            message={errorText(papers.error ?? subjects.error, 'Failed to fetch past papers')}
            onRetry={retry}
          />
        )}
        {!loading && !failed && groups.length === 0 && (
          <EmptyState
            title="No subjects in this category yet"
            hint="New papers are added regularly. Browse every past paper, or tell us which paper you need."
            action={
              <span className={styles.emptyActions}>
                <Link to="/past-papers">All Past Papers</Link>
                <Link to="/contact">Contact us</Link>
              </span>
            }
          />
        )}
        {!loading && !failed && groups.length > 0 && (
          <>
            <p className={styles.summary} aria-live="polite" data-testid="listing-summary">
              Showing {formatNumber(shown.length)} of {formatNumber(groups.length)}{' '}
              {groups.length === 1 ? 'subject' : 'subjects'}
              {latest ? ` · latest session ${yearSessionLabel(latest)}` : ''}
            </p>
            {shown.length === 0 ? (
              <EmptyState
                title="No results found"
                hint="No subject matches your search or filters."
                action={
                  <Button variant="secondary" onClick={clearAll}>
                    Clear Search
                  </Button>
                }
              />
            ) : (
              <ul
                className={view === 'grid' ? styles.grid : styles.list}
                data-view={view}
                aria-label={`${category.title}: subjects`}
              >
                {shown.map((group, index) => (
                  <SubjectGroupCard key={group.subject.id} group={group} colour={subjectColour(index)} view={view} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}

export default PastPapersPage;
