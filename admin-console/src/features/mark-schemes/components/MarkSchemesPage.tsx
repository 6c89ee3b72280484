import {
  api,
  Button,
  buttonClassName,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  formatNumber,
  type DataTableColumn,
  type MarkScheme,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { useUrlState } from '../../../hooks/use-url-state';
import { fileNameOf } from '../../../lib/uploads';
import { DocumentTotals, VariantDocumentsTable } from '../../../components/documents/PaperDocuments';
import { linkedPapersOf, usePapersWithDocuments } from '../../../lib/paper-documents';
import { useDeleteMarkScheme, useMarkSchemes } from '../api/mark-schemes';
import { MarkSchemeFormModal } from './MarkSchemeFormModal';

const URL_DEFAULTS = { q: '' };
const describe = (m: MarkScheme) => `${m.subject} (${m.code}) Paper ${m.paperNumber}`;

/** Spec section 2 "Admin mark schemes". */
export function MarkSchemesPage() {
  const markSchemes = useMarkSchemes();
  const papers = usePapersWithDocuments();
  const linked = useMemo(() => linkedPapersOf(papers.data ?? [], 'mark_scheme'), [papers.data]);
  const deletion = useDeleteConfirmation<MarkScheme>(useDeleteMarkScheme(), {
    successMessage: () => 'Mark scheme deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete mark scheme'),
  });
  const url = useUrlState(URL_DEFAULTS);
  const [editing, setEditing] = useState<{ markScheme: MarkScheme | null; key: number } | null>(null);
  const term = url.value('q').trim().toLowerCase();

  const rows = useMemo(
    () =>
      (markSchemes.data ?? []).filter(
        (m) => !term || m.subject.toLowerCase().includes(term) || m.code.toLowerCase().includes(term),
      ),
    [markSchemes.data, term],
  );

  const columns: DataTableColumn<MarkScheme>[] = [
    { key: 'subject', header: 'Subject', cell: (m) => m.subject, rowHeader: true },
    { key: 'code', header: 'Code', cell: (m) => m.code },
    { key: 'paper', header: 'Paper', cell: (m) => m.paperNumber },
    { key: 'year', header: 'Year', cell: (m) => m.year },
    { key: 'session', header: 'Session', cell: (m) => m.session },
    {
      key: 'file',
      header: 'File',
      cell: (m) =>
        m.file_url ? (
          <a
            className={page.fileLink}
            href={api.links.markScheme(m.id, true)}
            target="_blank"
            rel="noopener noreferrer"
            title={m.file_name || fileNameOf(m.file_url)}
          >
            {m.file_name || fileNameOf(m.file_url)}
          </a>
        ) : (
          <span className={page.muted}>No file</span>
        ),
    },
    {
      key: 'paperLink',
      header: 'Linked Past Paper',
      cell: (m) => {
        if (m.past_paper_id) return `#${m.past_paper_id}`;
        const matched = linked.get(m.id);
        if (matched) return <span title="Matched by subject code, year and session">N/A (shown with #{matched})</span>;
        return (
          <span>
            N/A <span className={page.muted}>(not shown to students)</span>
          </span>
        );
      },
    },
    { key: 'downloads', header: 'Downloads', cell: (m) => formatNumber(m.downloads), align: 'end' },
    { key: 'views', header: 'Views', cell: (m) => formatNumber(m.views), align: 'end' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (m) => (
        <RowActions
          name={describe(m)}
          onEdit={() => setEditing({ markScheme: m, key: Date.now() })}
          onDelete={() => deletion.ask(m)}
        >
          <a
            className={buttonClassName('ghost', 'small')}
            href={api.links.markScheme(m.id)}
            download
            aria-label={`Download ${describe(m)}`}
          >
            Download
          </a>
        </RowActions>
      ),
    },
  ];

  const addButton = <Button onClick={() => setEditing({ markScheme: null, key: Date.now() })}>Add Mark Scheme</Button>;
  return (
    <>
      <PageHeader title="Mark Schemes" subtitle="Mark schemes and the papers they belong to" actions={addButton} />
      <SearchToolbar
        label="Search mark schemes"
        placeholder="Search mark schemes..."
        value={url.value('q')}
        onChange={(q) => url.update({ q })}
      />
      {markSchemes.isPending && <LoadingStatus>Loading mark schemes...</LoadingStatus>}
      {markSchemes.isError && (
        <ErrorBanner
          message={errorText(markSchemes.error, 'Failed to fetch mark schemes')}
          onRetry={() => void markSchemes.refetch()}
        />
      )}
      {markSchemes.isSuccess && papers.isSuccess && (
        <DocumentTotals
          kind="mark_scheme"
          papers={papers.data}
          linkedOwn={markSchemes.data.filter((m) => linked.has(m.id)).length}
          unlinkedOwn={markSchemes.data.filter((m) => !linked.has(m.id)).length}
        />
      )}
      {markSchemes.isSuccess && (
        <DataTable
          caption="Mark schemes"
          columns={columns}
          rows={rows}
          rowKey={(m) => m.id}
          busy={markSchemes.isFetching}
          empty={
            <EmptyState
              title="No mark schemes found"
              hint={term ? 'Try another search' : 'Add the first mark scheme'}
            />
          }
        />
      )}
      {papers.isSuccess && <VariantDocumentsTable kind="mark_scheme" papers={papers.data} term={term} />}
      {editing && (
        <MarkSchemeFormModal key={editing.key} markScheme={editing.markScheme} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Confirm Deletion"
        message={`Are you sure you want to delete the mark scheme for ${deletion.target ? describe(deletion.target) : ''}? This action cannot be undone.`}
      />
    </>
  );
}
