import {
  Breadcrumb,
  Button,
  EmptyState,
  LEVEL_LABELS,
  SearchInput,
  Tabs,
  errorText,
  formatNumber,
  type BreadcrumbLinkProps,
  type Subject,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useSubjectWithPapers, useSubjects } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { CardSkeletons, PageSkeleton } from '../../../components/PageSkeleton';
import { PageHero } from '../../../components/PageHero';
import { SortSelect } from '../../../components/SortSelect';
import { StatsBar } from '../../../components/StatsBar';
import { VIEWS, ViewToggle, type View } from '../../../components/ViewToggle';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSearchParam } from '../../../hooks/use-search-param';
import { useSearchTerm } from '../../../hooks/use-search-term';
import { JsonLd } from '../../../ssr/JsonLd';
import { usePageOrigin, useServerRender } from '../../../ssr/server-render';
import {
  RESOURCE_SORTS,
  RESOURCE_SORT_VALUES,
  RESOURCE_TABS,
  RESOURCE_TAB_IDS,
  deriveResources,
  searchResources,
  sortResources,
  type ResourceSort,
  type ResourceTabId,
} from '../lib/resources';
import { ResourceGrid } from './ResourceGrid';
import { ResourceTable } from './ResourceTable';
import { SessionCoverage } from './SessionCoverage';
import { SubjectNotFound } from './SubjectNotFound';
import styles from './SubjectPage.module.css';

function BreadcrumbLink({ to, className, children }: BreadcrumbLinkProps) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

/**
 * /past-papers/subject/{code} and /subjects/{code} (spec section 2): the subject is found by code
 * (case-insensitive) in the subject list, then loaded by id with its papers.
 */
export function SubjectPage() {
  const { code = '' } = useParams();
  const wanted = code.trim();
  const subjects = useSubjects();
  const match = useMemo(
    () => (wanted ? subjects.data?.find((s) => s.code.toLowerCase() === wanted.toLowerCase()) : undefined),
    [subjects.data, wanted],
  );
  useDocumentTitle(
    match ? `${match.name} (${match.code})` : wanted ? 'Subject' : 'Subject Not Found',
    match
      ? `${LEVEL_LABELS[match.level] ?? ''} ${match.name} (${match.code}) past papers, mark schemes and examiner reports, free to view and download.`.trim()
      : undefined,
  );

  if (!wanted) return <SubjectNotFound message="No subject code provided in URL." />;
  if (subjects.isPending) return <PageSkeleton />;
  if (subjects.isError) {
    return (
      <LoadError
        message={errorText(subjects.error, 'An unknown error occurred while loading resources.')}
        onRetry={() => void subjects.refetch()}
      />
    );
  }
  if (!match) return <SubjectNotFound message={`Subject with code ${wanted} not found.`} />;
  return <SubjectDetail summary={match} />;
}

function SubjectDetail({ summary }: { summary: Subject }) {
  const detail = useSubjectWithPapers(summary.id);
  const [tab, setTab] = useSearchParam<ResourceTabId>('tab', 'past-papers', RESOURCE_TAB_IDS);
  const [sort, setSort] = useSearchParam<ResourceSort>('sort', 'latest', RESOURCE_SORT_VALUES);
  const [view, setView] = useSearchParam<View>('view', 'grid', VIEWS);
  const { input, setInput, term, clear } = useSearchTerm(150);

  const subject = detail.data?.subject ?? summary;
  const resources = useMemo(
    () => (detail.data ? deriveResources(subject, detail.data.papers) : null),
    [detail.data, subject],
  );
  const current = RESOURCE_TABS.find((t) => t.id === tab)!;
  const shown = useMemo(
    () => (resources ? sortResources(searchResources(resources[current.type], term), sort) : []),
    [resources, current.type, term, sort],
  );
  const downloads = resources
    ? [...resources['past-paper'], ...resources['mark-scheme'], ...resources['examiner-report']].reduce(
        (sum, r) => sum + r.downloads,
        0,
      )
    : 0;
  const count = (n: number | undefined) => (detail.isError ? '—' : n === undefined ? null : formatNumber(n));
  const level = LEVEL_LABELS[subject.level] ?? subject.level;
  const origin = usePageOrigin();
  useServerRender()?.setHead({ canonicalPath: `/subjects/${encodeURIComponent(subject.code)}` });

  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
            { '@type': 'ListItem', position: 2, name: 'Past Papers', item: `${origin}/past-papers` },
            {
              '@type': 'ListItem',
              position: 3,
              name: subject.name,
              item: `${origin}/subjects/${encodeURIComponent(subject.code)}`,
            },
          ],
        }}
      />
      <PageHero
        breadcrumb={
          <Breadcrumb
            linkAs={BreadcrumbLink}
            items={[{ label: 'Home', to: '/' }, { label: 'Past Papers', to: '/past-papers' }, { label: subject.name }]}
          />
        }
        title={subject.name}
        subtitle={
          <>
            <span className={styles.heroCode}>{subject.code}</span> ·{' '}
            <Link to={`/past-papers/${subject.level}`} className={styles.heroLevel}>
              {level}
            </Link>
            {subject.description && <span className={styles.heroDescription}>{subject.description}</span>}
          </>
        }
      />
      <StatsBar
        label={`${subject.name} statistics`}
        items={[
          { label: 'Past Papers', value: count(resources?.['past-paper'].length), testId: 'subject-stat-papers' },
          {
            label: 'Mark Schemes',
            value: count(resources?.['mark-scheme'].length),
            testId: 'subject-stat-mark-schemes',
          },
          {
            label: 'Examiner Reports',
            value: count(resources?.['examiner-report'].length),
            testId: 'subject-stat-examiner-reports',
          },
          {
            label: 'Total Downloads',
            value: count(resources ? downloads : undefined),
            testId: 'subject-stat-downloads',
          },
        ]}
      />
      <div className={styles.content}>
        {detail.isError && (
          <LoadError
            message={errorText(detail.error, 'Failed to load subject data. Please try again.')}
            onRetry={() => void detail.refetch()}
          />
        )}
        {!detail.isError && (
          <Tabs<ResourceTabId>
            label={`${subject.name} documents`}
            idPrefix="subject-resources"
            selected={tab}
            onSelect={(next) => setTab(next)}
            tabs={RESOURCE_TABS.map((t) => ({ id: t.id, label: t.label, count: resources?.[t.type].length }))}
            formatCount={formatNumber}
          >
            <div className={styles.toolbar}>
              <SearchInput
                className={styles.search}
                label={`Search ${current.label.toLowerCase()} by title, session, year or paper code`}
                placeholder="Search by title, session, year or paper code"
                value={input}
                onChange={setInput}
                onClear={clear}
              />
              <div className={styles.controls}>
                <SortSelect value={sort} options={RESOURCE_SORTS} onChange={(next) => setSort(next)} />
                <ViewToggle value={view} onChange={(next) => setView(next)} />
              </div>
            </div>
            {detail.isPending && (
              <div role="status" aria-live="polite">
                <span className="ppl-visually-hidden">Loading documents…</span>
                <CardSkeletons count={6} height={150} />
              </div>
            )}
            {resources && resources[current.type].length === 0 && (
              <EmptyState
                title={`No ${current.label.toLowerCase()} for ${subject.name} yet`}
                hint="New documents are added regularly. Tell us if you need one we do not have."
                action={<Link to="/contact">Request a document</Link>}
              />
            )}
            {resources && resources[current.type].length > 0 && shown.length === 0 && (
              <EmptyState
                title="No results found"
                hint={`Nothing in ${current.label} matches “${term.trim()}”.`}
                action={
                  <Button variant="secondary" onClick={clear}>
                    Clear Search
                  </Button>
                }
              />
            )}
            {shown.length > 0 && (
              <>
                <p className={styles.summary} aria-live="polite">
                  {formatNumber(shown.length)} {shown.length === 1 ? 'document' : 'documents'}
                  {term.trim() ? ` matching “${term.trim()}”` : ''}
                </p>
                {view === 'grid' ? (
                  <ResourceGrid key={`${tab}-${sort}`} resources={shown} idPrefix={`${tab}-group`} />
                ) : (
                  <ResourceTable resources={shown} caption={`${subject.name} ${current.label}`} />
                )}
              </>
            )}
          </Tabs>
        )}
        <SessionCoverage subject={subject} />
      </div>
    </>
  );
}

export default SubjectPage;
