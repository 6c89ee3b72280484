import {
  api,
  Button,
  buttonClassName,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  formatDate,
  formatNumber,
  type DataTableColumn,
  type ExaminerReport,
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
import { useDeleteExaminerReport, useExaminerReports } from '../api/examiner-reports';
import { ExaminerReportFormModal } from './ExaminerReportFormModal';

const URL_DEFAULTS = { q: '' };
const describe = (r: ExaminerReport) => `${r.subject} (${r.code}) paper ${r.paper_number}`;

/** Spec section 2: the search matches subject, code, paper number and file name. */
function matches(report: ExaminerReport, term: string): boolean {
  if (!term) return true;
  return [report.subject, report.code, report.paper_number, report.file_name ?? fileNameOf(report.file_url)].some(
    (field) => (field ?? '').toLowerCase().includes(term),
  );
}

/** Spec section 2 "Admin examiner reports". */
export function ExaminerReportsPage() {
  const reports = useExaminerReports();
  const papers = usePapersWithDocuments();
  const linked = useMemo(() => linkedPapersOf(papers.data ?? [], 'examiner_report'), [papers.data]);
  const deletion = useDeleteConfirmation<ExaminerReport>(useDeleteExaminerReport(), {
    successMessage: () => 'Examiner report deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete report'),
  });
  const url = useUrlState(URL_DEFAULTS);
  const [editing, setEditing] = useState<{ report: ExaminerReport | null; key: number } | null>(null);
  const term = url.value('q').trim().toLowerCase();
  const rows = useMemo(() => (reports.data ?? []).filter((r) => matches(r, term)), [reports.data, term]);

  const columns: DataTableColumn<ExaminerReport>[] = [
    { key: 'subject', header: 'Subject', cell: (r) => r.subject, rowHeader: true },
    { key: 'code', header: 'Code', cell: (r) => r.code },
    { key: 'paper', header: 'Paper Number', cell: (r) => r.paper_number },
    { key: 'year', header: 'Year', cell: (r) => r.year },
    { key: 'session', header: 'Session', cell: (r) => r.session },
    {
      key: 'file',
      header: 'File',
      cell: (r) => (
        <span className={page.fileLink} title={r.file_name || fileNameOf(r.file_url)}>
          {r.file_name || fileNameOf(r.file_url) || 'No file'}
        </span>
      ),
    },
    { key: 'downloads', header: 'Downloads', cell: (r) => formatNumber(r.downloads), align: 'end' },
    { key: 'views', header: 'Views', cell: (r) => formatNumber(r.views), align: 'end' },
    { key: 'created', header: 'Created At', cell: (r) => formatDate(r.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <RowActions
          name={describe(r)}
          onEdit={() => setEditing({ report: r, key: Date.now() })}
          onDelete={() => deletion.ask(r)}
        >
          <a
            className={buttonClassName('ghost', 'small')}
            href={api.links.examinerReport(r.id, true)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${describe(r)} (opens in a new tab)`}
          >
            View
          </a>
          <a
            className={buttonClassName('ghost', 'small')}
            href={api.links.examinerReport(r.id)}
            download
            aria-label={`Download ${describe(r)}`}
          >
            Download
          </a>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Examiner Reports"
        subtitle="Reports on how candidates did, linked to their papers"
        actions={<Button onClick={() => setEditing({ report: null, key: Date.now() })}>Add Examiner Report</Button>}
      />
      <SearchToolbar
        label="Search examiner reports"
        placeholder="Search by subject, code, paper number or file name..."
        value={url.value('q')}
        onChange={(q) => url.update({ q })}
      />
      {reports.isPending && <LoadingStatus>Loading examiner reports...</LoadingStatus>}
      {reports.isError && (
        <ErrorBanner
          message={errorText(reports.error, 'Failed to fetch reports')}
          onRetry={() => void reports.refetch()}
        />
      )}
      {reports.isSuccess && papers.isSuccess && (
        <DocumentTotals
          kind="examiner_report"
          papers={papers.data}
          linkedOwn={reports.data.filter((r) => linked.has(r.id)).length}
          unlinkedOwn={reports.data.filter((r) => !linked.has(r.id)).length}
        />
      )}
      {reports.isSuccess && (
        <DataTable
          caption="Examiner reports"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          busy={reports.isFetching}
          empty={
            <EmptyState
              title="No examiner reports found"
              hint={term ? 'Try another search' : 'Add the first examiner report'}
            />
          }
        />
      )}
      {papers.isSuccess && <VariantDocumentsTable kind="examiner_report" papers={papers.data} term={term} />}
      {editing && (
        <ExaminerReportFormModal key={editing.key} report={editing.report} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete Examiner Report"
        message={`Are you sure you want to delete the examiner report for ${deletion.target ? describe(deletion.target) : ''}? This action cannot be undone.`}
      />
    </>
  );
}
