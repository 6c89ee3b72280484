import {
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  type DataTableColumn,
  type GradeThreshold,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { FilterSelect } from '../../../components/page/FilterSelect';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { useUrlState } from '../../../hooks/use-url-state';
import { useDeleteGradeThreshold, useGradeThresholds, useThresholdSubjects } from '../api/grade-thresholds';
import { boundarySummary } from '../model/threshold-form';
import { GradeThresholdFormModal } from './GradeThresholdFormModal';
import styles from './GradeThresholds.module.css';

const URL_DEFAULTS = { subject: '' };

const rowName = (row: GradeThreshold) => `${row.subject_name} ${row.session} ${row.year} component ${row.component}`;

/** Grade thresholds per subject, series and component: what a student's self-marked score is graded against. */
export function GradeThresholdsPage() {
  const thresholds = useGradeThresholds();
  const subjects = useThresholdSubjects();
  const url = useUrlState(URL_DEFAULTS);
  const subject = url.value('subject');
  const [editing, setEditing] = useState<{ row: GradeThreshold | null; key: number } | null>(null);
  const deletion = useDeleteConfirmation<GradeThreshold>(useDeleteGradeThreshold(), {
    successMessage: () => 'Grade thresholds deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete grade thresholds'),
  });

  const subjectOptions = useMemo(
    () =>
      [...(subjects.data ?? [])].sort(
        (a, b) => a.name.localeCompare(b.name, 'en-US') || a.code.localeCompare(b.code, 'en-US'),
      ),
    [subjects.data],
  );
  const rows = useMemo(
    () => (thresholds.data ?? []).filter((row) => !subject || String(row.subject_id) === subject),
    [thresholds.data, subject],
  );

  const columns: DataTableColumn<GradeThreshold>[] = [
    {
      key: 'subject',
      header: 'Subject',
      cell: (row) => (
        <span>
          {row.subject_name} <span className={page.muted}>({row.subject_code})</span>
        </span>
      ),
    },
    {
      key: 'series',
      header: 'Series',
      rowHeader: true,
      cell: (row) => <span className={styles.nowrap}>{`${row.session} ${row.year}`}</span>,
    },
    { key: 'component', header: 'Component', cell: (row) => row.component },
    { key: 'max', header: 'Max', cell: (row) => row.max_marks },
    {
      key: 'boundaries',
      header: 'Boundaries',
      cell: (row) => <span className={styles.boundaries}>{boundarySummary(row)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <RowActions
          name={rowName(row)}
          onEdit={() => setEditing({ row, key: Date.now() })}
          onDelete={() => deletion.ask(row)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Grade Thresholds"
        subtitle="Each component's maximum mark and grade boundaries per series: students see the grade their score would earn"
        actions={<Button onClick={() => setEditing({ row: null, key: Date.now() })}>Add Thresholds</Button>}
      />
      <div className={page.toolbar}>
        <FilterSelect
          label="Subject"
          value={subject}
          onChange={(value) => url.update({ subject: value })}
          options={[
            { value: '', label: 'All subjects' },
            ...subjectOptions.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` })),
          ]}
        />
      </div>
      {thresholds.isPending && <LoadingStatus>Loading grade thresholds...</LoadingStatus>}
      {thresholds.isError && (
        <ErrorBanner
          message={errorText(thresholds.error, 'Failed to load grade thresholds')}
          onRetry={() => void thresholds.refetch()}
        />
      )}
      {thresholds.isSuccess && (
        <DataTable
          caption="Grade thresholds"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          busy={thresholds.isFetching}
          empty={
            <EmptyState
              title={
                (thresholds.data ?? []).length === 0
                  ? 'No grade thresholds have been entered yet'
                  : 'No grade thresholds for this subject yet'
              }
            />
          }
        />
      )}
      {editing && (
        <GradeThresholdFormModal
          key={editing.key}
          row={editing.row}
          subjects={subjectOptions}
          subjectsFailed={subjects.isError}
          defaultSubjectId={subject}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete grade thresholds"
        message={[
          `Are you sure you want to delete the grade thresholds of ${deletion.target ? rowName(deletion.target) : ''}?`,
          'This action cannot be undone.',
        ]}
      />
    </>
  );
}
