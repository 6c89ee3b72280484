import { createPortal } from 'react-dom';
import {
  Breadcrumb,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  errorText,
  formatCount,
  Pagination,
  useToast,
  type PastPaper,
  type PastPaperSummary,
  type SortDirection,
} from '@ppl/shared-ui';
import { useIsMutating } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RouterLink } from '../../../components/page/RouterLink';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { useUrlState } from '../../../hooks/use-url-state';
import { PAST_PAPER_MUTATION, useDeletePastPaper, usePastPaper, usePastPapers } from '../api/past-papers';
import {
  filterOptions,
  filterPapers,
  isFiltered,
  SORT_KEYS,
  sortPapers,
  subjectOf,
  type PaperSortKey,
} from '../model/paper-list';
import { PastPaperCards } from './PastPaperCards';
import { PastPaperFilters } from './PastPaperFilters';
import { PastPaperFormModal } from './PastPaperFormModal';
import styles from './PastPapers.module.css';
import { PastPaperTable } from './PastPaperTable';

const URL_DEFAULTS = {
  q: '',
  subject: '',
  level: '',
  year: '',
  session: '',
  sort: 'subject',
  dir: 'asc',
  page: '1',
  perPage: '10',
  view: 'table',
  filters: '',
};

/** Spec section 2 "Admin past papers management" (also serves past-papers/edit/{id}). */
export function PastPapersPage() {
  const { id: editParam } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const url = useUrlState(URL_DEFAULTS);
  const papers = usePastPapers();
  const remove = useDeletePastPaper();
  const processing = useIsMutating({ mutationKey: PAST_PAPER_MUTATION }) > 0;
  const [creating, setCreating] = useState(0);
  const [deleting, setDeleting] = useState<PastPaperSummary | null>(null);
  // What else goes or stays with a deleted paper: read when the confirmation opens.
  const deletingDetails = usePastPaper(deleting?.id);
  const [banner, setBanner] = useState<string | null>(null);

  const [q, subject, level, year, session] = [
    url.value('q'),
    url.value('subject'),
    url.value('level'),
    url.value('year'),
    url.value('session'),
  ];
  const filters = useMemo(() => ({ q, subject, level, year, session }), [q, subject, level, year, session]);
  const sortKey: PaperSortKey = (SORT_KEYS as readonly string[]).includes(url.value('sort'))
    ? (url.value('sort') as PaperSortKey)
    : 'subject';
  const direction: SortDirection = url.value('dir') === 'desc' ? 'desc' : 'asc';
  const view = url.value('view') === 'cards' ? 'cards' : 'table';
  const showFilters =
    url.value('filters') === 'open' || [filters.subject, filters.level, filters.year, filters.session].some(Boolean);

  const all = useMemo(() => papers.data ?? [], [papers.data]);
  const options = useMemo(() => filterOptions(all), [all]);
  const filtered = useMemo(
    () => sortPapers(filterPapers(all, filters), sortKey, direction),
    [all, filters, sortKey, direction],
  );
  // The filesPerPage setting is the default (and one of the choices); the URL keeps the admin's own choice.
  const { visible, pagination } = usePagedRows(filtered, url, { page: 'page', perPage: 'perPage' });
  const filtering = isFiltered(filters);

  // past-papers/edit/{id}: the list holds the compact shape (no variants, so it stays small at thousands of
  // papers); the form needs the paper whole, fetched by id.
  const editId = editParam !== undefined ? Number(editParam) : undefined;
  const fetched = usePastPaper(editId);
  const editing = fetched.data;
  const editFailed = editId !== undefined && (fetched.isError || Number.isNaN(editId));

  const closeEdit = () => void navigate({ pathname: '/admin/past-papers', search: location.search });
  const openEdit = (paper: PastPaperSummary) =>
    void navigate({ pathname: `/admin/past-papers/edit/${paper.id}`, search: location.search });

  const clearFilters = () => url.update({ q: null, subject: null, level: null, year: null, session: null, page: null });
  const addButton = <Button onClick={() => setCreating((n) => n + 1)}>Add New Paper</Button>;

  const confirmDelete = async () => {
    if (!deleting) return;
    const paper = deleting;
    setDeleting(null);
    try {
      await remove.mutateAsync(paper.id);
      toast.success('Past paper deleted successfully');
    } catch (error) {
      setBanner(errorText(error, 'Failed to delete past paper'));
    }
  };

  const listError = papers.isError ? errorText(papers.error, 'Failed to fetch past papers') : null;
  const editError = editFailed ? `Failed to load paper with ID ${editParam} for editing.` : null;
  const shownError = banner ?? editError ?? listError;

  return (
    <div className={styles.screen}>
      <PageHeader
        above={
          <Breadcrumb
            linkAs={RouterLink}
            items={[{ label: 'Admin', to: '/admin/dashboard' }, { label: 'Past Papers' }]}
          />
        }
        title="Past Papers Management"
        subtitle="Papers, their variants and documents"
        actions={addButton}
      />
      {shownError && (
        <ErrorBanner
          message={shownError}
          onDismiss={() => {
            if (banner) setBanner(null);
            else if (editError) closeEdit();
            else void papers.refetch();
          }}
        />
      )}
      <SearchToolbar
        label="Search past papers"
        placeholder="Search by subject, code, year or session..."
        value={filters.q}
        onChange={(q) => url.update({ q, page: null })}
      >
        <Button
          variant="secondary"
          aria-expanded={showFilters}
          aria-controls="past-paper-filters"
          onClick={() => url.update({ filters: showFilters ? null : 'open' })}
        >
          Filters
        </Button>
        <div className={styles.viewToggle} role="group" aria-label="View">
          <Button
            variant={view === 'table' ? 'primary' : 'secondary'}
            aria-pressed={view === 'table'}
            onClick={() => url.update({ view: null })}
          >
            Table View
          </Button>
          <Button
            variant={view === 'cards' ? 'primary' : 'secondary'}
            aria-pressed={view === 'cards'}
            onClick={() => url.update({ view: 'cards' })}
          >
            Card View
          </Button>
        </div>
      </SearchToolbar>
      {showFilters && (
        <PastPaperFilters
          id="past-paper-filters"
          options={options}
          values={filters}
          onChange={(change) => url.update({ ...change, page: null })}
          onClear={clearFilters}
        />
      )}

      {papers.isPending && <LoadingStatus>Loading past papers...</LoadingStatus>}
      {papers.isSuccess && (
        <>
          <p className={page.summary} aria-live="polite">
            <span>
              Showing {filtered.length} of {all.length} total paper(s)
            </span>
            {filtering && (
              <Button size="small" variant="ghost" onClick={clearFilters}>
                Show all
              </Button>
            )}
          </p>
          {filtered.length === 0 ? (
            <EmptyState
              title="No past papers found"
              hint={filtering ? 'Try adjusting your search or filters' : 'Add your first past paper to get started'}
              action={filtering ? <Button onClick={clearFilters}>Clear Filters</Button> : addButton}
            />
          ) : view === 'table' ? (
            <PastPaperTable
              papers={visible}
              sort={{ key: sortKey, direction }}
              onSort={(key) =>
                url.update({ sort: key, dir: key === sortKey && direction === 'asc' ? 'desc' : 'asc', page: null })
              }
              onEdit={openEdit}
              onDelete={setDeleting}
              busy={papers.isFetching}
            />
          ) : (
            <PastPaperCards papers={visible} onEdit={openEdit} onDelete={setDeleting} />
          )}
          {filtered.length > 0 && <Pagination {...pagination} label="Past papers pages" />}
        </>
      )}

      {creating > 0 && <PastPaperFormModal key={`create-${creating}`} paper={null} onClose={() => setCreating(0)} />}
      {editId !== undefined && editing && (
        <PastPaperFormModal key={`edit-${editing.id}`} paper={editing} onClose={closeEdit} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Past Paper"
        message={[
          `Are you sure you want to delete the past paper for ${deleting ? `${subjectOf(deleting)} (${deleting.code})` : ''}? This action cannot be undone.`,
          ...linkedDocumentsNotice(deletingDetails.data),
        ]}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {/* Above the form modal that started the work (portalled beside it, z-index over the modal's, under toasts). */}
      {processing &&
        createPortal(
          <div className={styles.overlay} role="status" data-testid="processing-overlay">
            <span className={styles.spinner} aria-hidden="true" />
            Processing your request...
          </div>,
          document.body,
        )}
    </div>
  );
}

/** What happens to the documents that go with a paper when it is deleted, in words. */
export function linkedDocumentsNotice(paper: PastPaper | PastPaper[] | undefined): string[] {
  const found = Array.isArray(paper) ? paper[0] : paper;
  if (!found) return [];
  const files = found.variants.reduce(
    (n, v) => n + [v.document_path, v.mark_scheme_path, v.examiner_report_path].filter(Boolean).length,
    0,
  );
  const linked = found.linked_documents ?? [];
  const reports = linked.filter((d) => d.kind === 'examiner_report').length;
  const schemes = linked.filter((d) => d.kind === 'mark_scheme').length;
  const gone = [formatCount(found.variants.length, 'variant', 'variants'), formatCount(files, 'file', 'files')];
  if (reports > 0) gone.push(`${formatCount(reports, 'examiner report', 'examiner reports')} added for it`);
  const notice = [`Deleted with it: ${gone.join(', ')}.`];
  if (schemes > 0) {
    notice.push(
      `Kept: ${formatCount(schemes, 'mark scheme', 'mark schemes')} added for it, in Mark Schemes, no longer linked to a paper.`,
    );
  }
  return notice;
}
