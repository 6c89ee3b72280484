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
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Link, useParams } from '../../../lib/router';
import { useSubjectPage, type SubjectPageData } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { PageHero } from '../../../components/PageHero';
import { SortSelect } from '../../../components/SortSelect';
import { StatsBar } from '../../../components/StatsBar';
import { VIEWS, ViewToggle, type View } from '../../../components/ViewToggle';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSearchParam } from '../../../hooks/use-search-param';
import { useSearchTerm } from '../../../hooks/use-search-term';
import { JsonLd } from '../../../ssr/JsonLd';
import { SaveOfflineButton } from '../../../offline/SaveOfflineButton';
import { sessionPlan, subjectPlan } from '../../../offline/pack-plan';
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
 * (case-insensitive) with its papers and coverage, in one request to the BFF.
 */
export function SubjectPage() {
  const { code = '' } = useParams();
  const wanted = code.trim();
  const page = useSubjectPage(wanted);
  const match = page.data?.subject;
  useDocumentTitle(
    match ? `${match.name} (${match.code})` : wanted ? 'Subject' : 'Subject Not Found',
    match
      ? `${LEVEL_LABELS[match.level] ?? ''} ${match.name} (${match.code}) past papers, mark schemes and examiner reports, free to view and download.`.trim()
      : undefined,
  );

  if (!wanted) return <SubjectNotFound message="No subject code provided in URL." />;
  if (page.isPending) return <PageSkeleton />;
  if (page.isError) {
    return (
      <LoadError
        message={errorText(page.error, 'An unknown error occurred while loading resources.')}
        onRetry={() => void page.refetch()}
      />
    );
  }
  if (!page.data) return <SubjectNotFound message={`Subject with code ${wanted} not found.`} />;
  return <SubjectDetail page={page.data} />;
}

function SubjectDetail({ page }: { page: SubjectPageData }) {
  const [tab, setTab] = useSearchParam<ResourceTabId>('tab', 'past-papers', RESOURCE_TAB_IDS);
  const [sort, setSort] = useSearchParam<ResourceSort>('sort', 'latest', RESOURCE_SORT_VALUES);
  const [view, setView] = useSearchParam<View>('view', 'grid', VIEWS);
  const { input, setInput, term, clear } = useSearchTerm(150);

  const subject = page.subject;
  const resources = useMemo(() => deriveResources(subject, subject.papers), [subject]);
  const current = RESOURCE_TABS.find((t) => t.id === tab)!;
  const shown = useMemo(
    () => sortResources(searchResources(resources[current.type], term), sort),
    [resources, current.type, term, sort],
  );
  const downloads = [...resources['past-paper'], ...resources['mark-scheme'], ...resources['examiner-report']].reduce(
    (sum, r) => sum + r.downloads,
    0,
  );
  const count = (n: number) => formatNumber(n);
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
      >
        <SaveOfflineButton
          plan={subjectPlan(subject, subject.papers)}
          label="Save subject for offline"
          placement="hero"
        />
      </PageHero>
      <StatsBar
        label={`${subject.name} statistics`}
        items={[
          { label: 'Past Papers', value: count(resources['past-paper'].length), testId: 'subject-stat-papers' },
          {
            label: 'Mark Schemes',
            value: count(resources['mark-scheme'].length),
            testId: 'subject-stat-mark-schemes',
          },
          {
            label: 'Examiner Reports',
            value: count(resources['examiner-report'].length),
            testId: 'subject-stat-examiner-reports',
          },
          {
            label: 'Total Downloads',
            value: count(downloads),
            testId: 'subject-stat-downloads',
          },
        ]}
      />
      <div className={styles.content}>
        <Tabs<ResourceTabId>
          label={`${subject.name} documents`}
          idPrefix="subject-resources"
          selected={tab}
          onSelect={(next) => setTab(next)}
          tabs={RESOURCE_TABS.map((t) => ({ id: t.id, label: t.label, count: resources[t.type].length }))}
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
          {resources[current.type].length === 0 && (
            <EmptyState
              title={`No ${current.label.toLowerCase()} for ${subject.name} yet`}
              hint="New documents are added regularly. Tell us if you need one we do not have."
              action={<Link to="/contact">Request a document</Link>}
            />
          )}
          {resources[current.type].length > 0 && shown.length === 0 && (
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
        <SessionCoverage
          subject={subject}
          coverage={page.coverage}
          sessionAction={(s) => <SaveOfflineButton plan={sessionPlan(subject, s, subject.papers)} label="Save" />}
        />
      </div>
    </>
  );
}

export default SubjectPage;
