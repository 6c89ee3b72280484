import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  formatDateTime,
  formatNumber,
  SimplePagination,
  StatCard,
  useToast,
  type DataTableColumn,
  type Inquiry,
  type InquiryStatus,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { FilterSelect } from '../../../components/page/FilterSelect';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { positiveInt, useUrlState } from '../../../hooks/use-url-state';
import { useDeleteInquiry, useInquiryCounts, useInquiryPage, useSetInquiryStatus } from '../api/inquiries';
import { InquiryDetailsModal } from './InquiryDetailsModal';
import { isStatus, STATUS_LABELS, STATUS_TONES } from './status';
import { useDefaultPageSize } from '../../../lib/site-settings';

const URL_DEFAULTS = { q: '', status: '', page: '1' };

/** Spec section 2 "Admin contact inquiries". */
export function InquiriesPage() {
  const url = useUrlState(URL_DEFAULTS);
  const status: InquiryStatus | '' = isStatus(url.value('status')) ? (url.value('status') as InquiryStatus) : '';
  const pageNumber = positiveInt(url.value('page'), 1);
  const pageSize = useDefaultPageSize();
  const inquiries = useInquiryPage(pageNumber, status, pageSize);
  const counts = useInquiryCounts();
  const setStatus = useSetInquiryStatus();
  const deletion = useDeleteConfirmation<Inquiry>(useDeleteInquiry(), {
    successMessage: () => 'Inquiry deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete inquiry'),
  });
  const toast = useToast();
  const [viewing, setViewing] = useState<Inquiry | null>(null);
  const term = url.value('q').trim().toLowerCase();

  // Spec section 2: the search applies only to the loaded page.
  const rows = useMemo(
    () =>
      (inquiries.data?.inquiries ?? []).filter(
        (i) => !term || [i.name, i.email, i.subject, i.message].some((field) => field.toLowerCase().includes(term)),
      ),
    [inquiries.data, term],
  );
  const total = inquiries.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const changeStatus = async (inquiry: Inquiry, next: InquiryStatus) => {
    try {
      await setStatus.mutateAsync({ id: inquiry.id, status: next });
      toast.success(`Inquiry marked as ${STATUS_LABELS[next]}`);
      setViewing(null);
    } catch (error) {
      toast.error(errorText(error, 'Failed to update inquiry status'));
    }
  };

  const busyFor = (inquiry: Inquiry) => setStatus.isPending && setStatus.variables?.id === inquiry.id;
  const columns: DataTableColumn<Inquiry>[] = [
    { key: 'name', header: 'Name', cell: (i) => i.name, rowHeader: true },
    { key: 'email', header: 'Email', cell: (i) => <a href={`mailto:${i.email}`}>{i.email}</a> },
    { key: 'subject', header: 'Subject', cell: (i) => i.subject },
    { key: 'date', header: 'Date', cell: (i) => formatDateTime(i.created_at) },
    {
      key: 'status',
      header: 'Status',
      cell: (i) => <Badge tone={STATUS_TONES[i.status]}>{STATUS_LABELS[i.status]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) => (
        <RowActions name={`inquiry from ${i.name}`} onDelete={() => deletion.ask(i)}>
          <Button
            size="small"
            variant="secondary"
            aria-label={`View inquiry from ${i.name}`}
            onClick={() => setViewing(i)}
          >
            View
          </Button>
          {i.status !== 'in_progress' && (
            <Button
              size="small"
              variant="ghost"
              busy={busyFor(i)}
              aria-label={`Mark inquiry from ${i.name} as In Progress`}
              onClick={() => void changeStatus(i, 'in_progress')}
            >
              In Progress
            </Button>
          )}
          {i.status !== 'resolved' && (
            <Button
              size="small"
              variant="ghost"
              busy={busyFor(i)}
              aria-label={`Mark inquiry from ${i.name} as Resolved`}
              onClick={() => void changeStatus(i, 'resolved')}
            >
              Resolved
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  const refresh = () => {
    void inquiries.refetch();
    void counts.refetch();
  };

  return (
    <>
      <PageHeader
        title="Contact Inquiries"
        subtitle="Messages sent from the contact page"
        actions={
          <Button variant="secondary" onClick={refresh} busy={inquiries.isFetching}>
            Refresh
          </Button>
        }
      />
      <div className={page.stats}>
        <StatCard label="Total" value={formatNumber(counts.data?.total)} testId="inquiries-total" />
        <StatCard label="New" value={formatNumber(counts.data?.new)} tone="primary" testId="inquiries-new" />
        <StatCard
          label="In Progress"
          value={formatNumber(counts.data?.in_progress)}
          tone="warning"
          testId="inquiries-in-progress"
        />
        <StatCard
          label="Resolved"
          value={formatNumber(counts.data?.resolved)}
          tone="success"
          testId="inquiries-resolved"
        />
      </div>
      <SearchToolbar
        label="Search inquiries"
        placeholder="Search by name, email, subject or message"
        value={url.value('q')}
        onChange={(q) => url.update({ q })}
      >
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => url.update({ status: value, page: null })}
          options={[
            { value: '', label: 'All' },
            { value: 'new', label: 'New' },
            { value: 'in_progress', label: 'In Progress' },
            { value: 'resolved', label: 'Resolved' },
          ]}
        />
      </SearchToolbar>
      {inquiries.isPending && <LoadingStatus>Loading inquiries...</LoadingStatus>}
      {inquiries.isError && (
        <ErrorBanner message={errorText(inquiries.error, 'Failed to load inquiries')} onRetry={refresh} />
      )}
      {inquiries.isSuccess && (
        <DataTable
          caption="Inquiries"
          columns={columns}
          rows={rows}
          rowKey={(i) => i.id}
          busy={inquiries.isFetching}
          empty={<EmptyState title="No inquiries found." />}
        />
      )}
      {total > pageSize && (
        <SimplePagination
          page={pageNumber}
          pageCount={pageCount}
          onPageChange={(p) => url.update({ page: p })}
          label="Inquiries pages"
        />
      )}
      {viewing && (
        <InquiryDetailsModal
          inquiry={viewing}
          busy={setStatus.isPending}
          onStatus={(next) => void changeStatus(viewing, next)}
          onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete Inquiry"
        message={`Are you sure you want to delete the inquiry from ${deletion.target?.name ?? ''}? This action cannot be undone.`}
      />
    </>
  );
}
