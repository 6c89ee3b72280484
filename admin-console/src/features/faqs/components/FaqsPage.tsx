import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  formatDate,
  StatCard,
  useToast,
  type DataTableColumn,
  type Faq,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { FilterSelect } from '../../../components/page/FilterSelect';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { useUrlState } from '../../../hooks/use-url-state';
import { useDeleteFaq, useFaqs, useReorderFaq, useToggleFaq } from '../api/faqs';
import { answerPreview } from './faq-form';
import { FaqFormModal } from './FaqFormModal';
import styles from './Faqs.module.css';
import { SortOrderInput } from './SortOrderInput';

const URL_DEFAULTS = { q: '', category: '' };

/** Spec section 2 "Admin FAQs". */
export function FaqsPage() {
  const faqs = useFaqs();
  const toggle = useToggleFaq();
  const reorder = useReorderFaq();
  const deletion = useDeleteConfirmation<Faq>(useDeleteFaq(), {
    successMessage: () => 'FAQ deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete FAQ'),
  });
  const toast = useToast();
  const url = useUrlState(URL_DEFAULTS);
  const [editing, setEditing] = useState<{ faq: Faq | null; key: number } | null>(null);
  const term = url.value('q').trim().toLowerCase();
  const category = url.value('category');

  const all = useMemo(() => faqs.data?.faqs ?? [], [faqs.data]);
  const categories = useMemo(
    () =>
      Array.from(new Set([...(faqs.data?.categories ?? []), ...all.map((f) => f.category)])).sort((a, b) =>
        a.localeCompare(b, 'en-US'),
      ),
    [faqs.data, all],
  );
  const rows = useMemo(
    () =>
      all.filter(
        (faq) =>
          (!category || faq.category === category) &&
          (!term ||
            faq.question.toLowerCase().includes(term) ||
            answerPreview(faq.answer, Infinity).toLowerCase().includes(term)),
      ),
    [all, category, term],
  );

  const onToggle = async (faq: Faq) => {
    try {
      await toggle.mutateAsync(faq);
      toast.success(faq.is_published ? 'FAQ moved to draft' : 'FAQ published');
    } catch (error) {
      toast.error(errorText(error, 'Failed to update FAQ status'));
    }
  };
  const onReorder = async (faq: Faq, sortOrder: number) => {
    try {
      await reorder.mutateAsync({ id: faq.id, sort_order: sortOrder });
      toast.success('Sort order updated');
    } catch (error) {
      toast.error(errorText(error, 'Failed to update FAQ sort order'));
    }
  };

  const columns: DataTableColumn<Faq>[] = [
    {
      key: 'order',
      header: 'Order',
      cell: (faq) => (
        <SortOrderInput
          value={faq.sort_order}
          label={`Sort order of "${faq.question}"`}
          disabled={reorder.isPending}
          onCommit={(value) => void onReorder(faq, value)}
        />
      ),
    },
    {
      key: 'question',
      header: 'Question',
      rowHeader: true,
      cell: (faq) => (
        <div className={styles.question}>
          <span className={styles.questionText}>{faq.question}</span>
          <span className={page.muted}>{answerPreview(faq.answer)}</span>
        </div>
      ),
    },
    { key: 'category', header: 'Category', cell: (faq) => <Badge tone="info">{faq.category}</Badge> },
    {
      key: 'status',
      header: 'Status',
      cell: (faq) => (
        <Button
          size="small"
          variant={faq.is_published ? 'primary' : 'secondary'}
          className={styles.status}
          disabled={toggle.isPending && toggle.variables?.id === faq.id}
          onClick={() => void onToggle(faq)}
          title={faq.is_published ? 'Published: select to make it a draft' : 'Draft: select to publish'}
        >
          {faq.is_published ? 'Published' : 'Draft'}
          <span className="ppl-visually-hidden">{`, change the status of "${faq.question}"`}</span>
        </Button>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      cell: (faq) => <span className={styles.nowrap}>{formatDate(faq.created_at)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (faq) => (
        <RowActions
          name={`"${faq.question}"`}
          onEdit={() => setEditing({ faq, key: Date.now() })}
          onDelete={() => deletion.ask(faq)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="FAQs"
        subtitle="Questions and answers shown on the public FAQs and Contact pages"
        actions={<Button onClick={() => setEditing({ faq: null, key: Date.now() })}>Add FAQ</Button>}
      />
      {faqs.isSuccess && (
        <div className={page.stats}>
          <StatCard label="Total FAQs" value={all.length} testId="faq-stat-total" />
          <StatCard
            label="Published"
            value={all.filter((f) => f.is_published).length}
            tone="success"
            testId="faq-stat-published"
          />
          <StatCard label="Categories" value={categories.length} tone="warning" testId="faq-stat-categories" />
        </div>
      )}
      <SearchToolbar
        label="Search FAQs"
        placeholder="Search questions and answers..."
        value={url.value('q')}
        onChange={(q) => url.update({ q })}
      >
        <FilterSelect
          label="Category"
          value={category}
          onChange={(value) => url.update({ category: value })}
          options={[{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
      </SearchToolbar>
      {faqs.isPending && <LoadingStatus>Loading FAQs...</LoadingStatus>}
      {faqs.isError && (
        <ErrorBanner message={errorText(faqs.error, 'Failed to load FAQs')} onRetry={() => void faqs.refetch()} />
      )}
      {faqs.isSuccess && (
        <DataTable
          caption="FAQs"
          columns={columns}
          rows={rows}
          rowKey={(faq) => faq.id}
          busy={faqs.isFetching}
          empty={
            <EmptyState
              title={all.length === 0 ? 'No FAQs have been created yet' : 'No FAQs match your search criteria'}
            />
          }
        />
      )}
      {editing && (
        <FaqFormModal key={editing.key} faq={editing.faq} categories={categories} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete FAQ"
        message={[
          `Are you sure you want to delete the FAQ "${deletion.target?.question ?? ''}"?`,
          'This action cannot be undone.',
        ]}
      />
    </>
  );
}
