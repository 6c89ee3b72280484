import {
  ApiError,
  Badge,
  buttonClassName,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  LEVEL_LABELS,
  formatCount,
  SimplePagination,
  type Level,
  type Subject,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { PublicSiteLink } from '../../../components/page/PublicSiteLink';
import { RowActions } from '../../../components/page/RowActions';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { positiveInt, useUrlState } from '../../../hooks/use-url-state';
import { withReason } from '../../../lib/messages';
import { useDeleteSubject, useSubjects } from '../api/subjects';
import styles from './Subjects.module.css';
import { pageSubjectsByLevel } from './subject-pages';

/** Spec section 9: subjects page size. */
export const SUBJECTS_PAGE_SIZE = 12;
const URL_DEFAULTS = { q: '', page: '1' };

const levelLabel = (level: string) => LEVEL_LABELS[level as Level] ?? level;

/** Spec section 8: a delete refused because of related past papers gets its own explanation. */
export function subjectDeleteMessage(error: unknown): string {
  const text =
    error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : '';
  if (/past[ _-]?papers?/i.test(text)) {
    return 'Cannot delete this subject because it has past papers associated with it. Please reassign or delete these papers first.';
  }
  return withReason('Failed to delete subject', error, 'An unknown error occurred');
}

function matches(subject: Subject, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [subject.name, subject.code, subject.level, levelLabel(subject.level)].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** Spec section 2 "Admin subjects". */
export function SubjectsPage() {
  const subjects = useSubjects();
  const deletion = useDeleteConfirmation<Subject>(useDeleteSubject(), {
    successMessage: (subject) => `${subject.name} deleted`,
    errorMessage: subjectDeleteMessage,
  });
  const url = useUrlState(URL_DEFAULTS);
  const term = url.value('q');

  const filtered = useMemo(() => (subjects.data ?? []).filter((s) => matches(s, term)), [subjects.data, term]);
  const pages = useMemo(() => pageSubjectsByLevel(filtered, SUBJECTS_PAGE_SIZE), [filtered]);
  const pageCount = Math.max(1, pages.length);
  const current = Math.min(positiveInt(url.value('page'), 1), pageCount);
  const groups = pages[current - 1] ?? [];

  const renderCard = (subject: Subject) => (
    <Card
      as="li"
      key={subject.id}
      className={styles.card}
      header={
        <div className={page.cardHeader}>
          <h4 className={page.cardTitle}>{subject.name}</h4>
          <Badge tone="info">{subject.code}</Badge>
        </div>
      }
      footer={
        <RowActions name={`${subject.name} (${subject.code})`} onDelete={() => deletion.ask(subject)}>
          <PublicSiteLink
            to={`/subjects/${encodeURIComponent(subject.code)}`}
            className={buttonClassName('ghost', 'small')}
          >
            View Papers
          </PublicSiteLink>
          <Link
            to={`/admin/subjects/edit/${subject.id}`}
            className={buttonClassName('secondary', 'small')}
            aria-label={`Edit ${subject.name} (${subject.code})`}
          >
            Edit
          </Link>
        </RowActions>
      }
    >
      <p className={styles.description}>
        {subject.description?.trim() || `${subject.name} - ${levelLabel(subject.level)}`}
      </p>
      <p className={page.muted}>{formatCount(subject.paper_count, 'paper', 'papers')}</p>
    </Card>
  );

  return (
    <>
      <PageHeader
        title="Subject Management"
        subtitle="Subjects group the past papers on the public site"
        actions={
          <Link to="/admin/subjects/new" className={buttonClassName('primary')}>
            Add Subject
          </Link>
        }
      />
      <SearchToolbar
        label="Search subjects"
        placeholder="Search by name, code or level..."
        value={term}
        onChange={(q) => url.update({ q, page: null })}
      />
      {subjects.isPending && <LoadingStatus>Loading subjects...</LoadingStatus>}
      {subjects.isError && (
        <ErrorBanner
          message="Failed to load subjects. Please try again later."
          retryLabel="Retry"
          onRetry={() => void subjects.refetch()}
        />
      )}
      {subjects.isSuccess && filtered.length === 0 && <EmptyState title="No subjects found" />}
      {groups.map((group) => (
        <section key={group.key} className={page.section} aria-labelledby={`level-${group.key}`}>
          <h3 id={`level-${group.key}`} className={page.sectionTitle}>
            {group.title}
          </h3>
          <ul className={page.cardGrid}>{group.items.map(renderCard)}</ul>
        </section>
      ))}
      {pageCount > 1 && (
        <SimplePagination
          page={current}
          pageCount={pageCount}
          onPageChange={(p) => url.update({ page: p })}
          label="Subjects pages"
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete Subject"
        message={`Are you sure you want to delete ${deletion.target?.name ?? ''}? This cannot be undone.`}
      />
    </>
  );
}
