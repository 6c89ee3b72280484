import {
  Button,
  buttonClassName,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  formatNumber,
  Pagination,
  type DataTableColumn,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DocumentTotals, VariantDocumentsTable } from '../../../components/documents/PaperDocuments';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { SearchToolbar } from '../../../components/page/SearchToolbar';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { useUrlState } from '../../../hooks/use-url-state';
import { linkedPapersOf, usePapersWithDocuments } from '../../../lib/paper-documents';
import { fileNameOf } from '../../../lib/uploads';
import { useDeleteSectionDocument, useSectionDocuments } from '../api/document-sections';
import type { DocumentSection, SectionDocument, SectionFields } from '../model/document-section';
import { DocumentFormModal } from './DocumentFormModal';

/** The search, and the page of each of the two tables (the files added here, those inside variants). */
const URL_DEFAULTS = { q: '', page: '1', perPage: '', insidePage: '1', insidePerPage: '' };

export interface DocumentSectionPageProps<
  TDoc extends SectionDocument,
  TValues extends FieldValues,
  TFields extends SectionFields = SectionFields,
> {
  section: DocumentSection<TDoc, TValues, TFields>;
}

/** Spec section 2 "Admin mark schemes" and "Admin examiner reports": one list page, worded by its section. */
export function DocumentSectionPage<
  TDoc extends SectionDocument,
  TValues extends FieldValues,
  TFields extends SectionFields = SectionFields,
>({ section }: DocumentSectionPageProps<TDoc, TValues, TFields>) {
  const texts = section.page;
  const documents = useSectionDocuments(section);
  const papers = usePapersWithDocuments();
  const linked = useMemo(() => linkedPapersOf(papers.data ?? [], section.kind), [papers.data, section.kind]);
  const deletion = useDeleteConfirmation<TDoc>(useDeleteSectionDocument(section), {
    successMessage: () => texts.deleteSuccess,
    errorMessage: (error) => errorText(error, texts.deleteError),
  });
  const url = useUrlState(URL_DEFAULTS);
  const [editing, setEditing] = useState<{ document: TDoc | null; key: number } | null>(null);
  const term = url.value('q').trim().toLowerCase();
  const rows = useMemo(
    () => (documents.data ?? []).filter((d) => !term || section.matches(d, term)),
    [documents.data, term, section],
  );
  const own = usePagedRows(rows, url, { page: 'page', perPage: 'perPage' });

  const fileName = (d: TDoc) => d.file_name || fileNameOf(d.file_url);
  const fileColumn: DataTableColumn<TDoc> = {
    key: 'file',
    header: 'File',
    cell: (d) => {
      if (!texts.fileOpens) {
        return (
          <span className={page.fileLink} title={fileName(d)}>
            {fileName(d) || 'No file'}
          </span>
        );
      }
      return d.file_url ? (
        <a
          className={page.fileLink}
          href={section.api.link(d.id, true)}
          target="_blank"
          rel="noopener noreferrer"
          title={fileName(d)}
        >
          {fileName(d)}
        </a>
      ) : (
        <span className={page.muted}>No file</span>
      );
    },
  };
  const columns: DataTableColumn<TDoc>[] = [
    { key: 'subject', header: 'Subject', cell: (d) => d.subject, rowHeader: true },
    { key: 'code', header: 'Code', cell: (d) => d.code },
    { key: 'paper', header: texts.paperHeader, cell: (d) => section.paperNumber(d) },
    { key: 'year', header: 'Year', cell: (d) => d.year },
    { key: 'session', header: 'Session', cell: (d) => d.session },
    fileColumn,
    ...texts.columnsAfterFile(linked),
    { key: 'downloads', header: 'Downloads', cell: (d) => formatNumber(d.downloads), align: 'end' },
    { key: 'views', header: 'Views', cell: (d) => formatNumber(d.views), align: 'end' },
    ...texts.columnsBeforeActions,
    {
      key: 'actions',
      header: 'Actions',
      cell: (d) => (
        <RowActions
          name={section.describe(d)}
          onEdit={() => setEditing({ document: d, key: Date.now() })}
          onDelete={() => deletion.ask(d)}
        >
          {texts.viewAction && (
            <a
              className={buttonClassName('ghost', 'small')}
              href={section.api.link(d.id, true)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${section.describe(d)} (opens in a new tab)`}
            >
              View
            </a>
          )}
          <a
            className={buttonClassName('ghost', 'small')}
            href={section.api.link(d.id)}
            download
            aria-label={`Download ${section.describe(d)}`}
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
        title={texts.title}
        subtitle={texts.subtitle}
        actions={<Button onClick={() => setEditing({ document: null, key: Date.now() })}>{texts.addLabel}</Button>}
      />
      <SearchToolbar
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        value={url.value('q')}
        onChange={(q) => url.update({ q, page: null, insidePage: null })}
      />
      {documents.isPending && <LoadingStatus>{texts.loading}</LoadingStatus>}
      {documents.isError && (
        <ErrorBanner message={errorText(documents.error, texts.fetchError)} onRetry={() => void documents.refetch()} />
      )}
      {documents.isSuccess && papers.isSuccess && (
        <DocumentTotals
          kind={section.kind}
          papers={papers.data}
          linkedOwn={documents.data.filter((d) => linked.has(d.id)).length}
          unlinkedOwn={documents.data.filter((d) => !linked.has(d.id)).length}
        />
      )}
      {documents.isSuccess && (
        <>
          <DataTable
            caption={texts.caption}
            columns={columns}
            rows={own.visible}
            rowKey={(d) => d.id}
            busy={documents.isFetching}
            empty={<EmptyState title={texts.emptyTitle} hint={term ? 'Try another search' : texts.emptyHint} />}
          />
          {rows.length > 0 && <Pagination {...own.pagination} label={`${texts.caption} pages`} />}
        </>
      )}
      {papers.isSuccess && (
        <VariantDocumentsTable
          kind={section.kind}
          papers={papers.data}
          term={term}
          url={url}
          pageKeys={{ page: 'insidePage', perPage: 'insidePerPage' }}
        />
      )}
      {editing && (
        <DocumentFormModal
          key={editing.key}
          section={section}
          document={editing.document}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={texts.deleteTitle}
        message={texts.deleteMessage(deletion.target ? section.describe(deletion.target) : '')}
      />
    </>
  );
}
