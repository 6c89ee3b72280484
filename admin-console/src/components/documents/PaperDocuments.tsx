import {
  api,
  buttonClassName,
  DataTable,
  EmptyState,
  formatCount,
  formatFileSize,
  formatNumber,
  Pagination,
  type DataTableColumn,
  type PastPaper,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePagedRows, type PageUrlState } from '../../hooks/use-paged-rows';
import {
  matchesVariantDocument,
  variantDocumentsOf,
  type PaperDocumentKind,
  type VariantDocument,
} from '../../lib/paper-documents';
import page from '../page/page.module.css';

const NAMES: Record<
  PaperDocumentKind,
  { one: string; other: string; title: string; linkType: 'mark_scheme' | 'examiner_report' }
> = {
  mark_scheme: { one: 'mark scheme', other: 'mark schemes', title: 'Mark Scheme', linkType: 'mark_scheme' },
  examiner_report: {
    one: 'examiner report',
    other: 'examiner reports',
    title: 'Examiner Report',
    linkType: 'examiner_report',
  },
};

export interface DocumentTotalsProps {
  kind: PaperDocumentKind;
  /** Documents added in this section that students can reach (linked to a paper). */
  linkedOwn: number;
  /** Documents added in this section that match no paper (stored, shown to nobody). */
  unlinkedOwn: number;
  papers: readonly PastPaper[];
}

/**
 * One line that adds up to the figure students and the dashboard see: this section's linked documents plus those
 * attached inside papers' variants ("every count agrees").
 */
export function DocumentTotals({ kind, linkedOwn, unlinkedOwn, papers }: DocumentTotalsProps) {
  const inVariants = useMemo(() => variantDocumentsOf(papers, kind).length, [papers, kind]);
  const names = NAMES[kind];
  return (
    <p className={page.summary} data-testid="document-totals">
      <span>
        <strong>{formatCount(linkedOwn + inVariants, names.one, names.other)}</strong> reach students:{' '}
        {formatNumber(linkedOwn)} added here and {formatNumber(inVariants)} attached inside past papers&apos; variants.
      </span>
      {unlinkedOwn > 0 && (
        <span role="note">
          {formatCount(unlinkedOwn, `${names.one} matches`, `${names.other} match`)} no past paper, so students cannot
          see {unlinkedOwn === 1 ? 'it' : 'them'}: link {unlinkedOwn === 1 ? 'it' : 'them'} to a paper.
        </span>
      )}
    </p>
  );
}

export interface VariantDocumentsTableProps<K extends string> {
  kind: PaperDocumentKind;
  papers: readonly PastPaper[];
  /** The screen's search, lower-cased. */
  term: string;
  /** The screen's URL state, where this table keeps its page under `pageKeys`. */
  url: PageUrlState<K>;
  pageKeys: { page: K; perPage: K };
}

/**
 * The documents of `kind` attached inside variants, read-only here: they are edited with their paper. One page at
 * a time (a library holds thousands).
 */
export function VariantDocumentsTable<K extends string>({
  kind,
  papers,
  term,
  url,
  pageKeys,
}: VariantDocumentsTableProps<K>) {
  const names = NAMES[kind];
  const rows = useMemo(
    () => variantDocumentsOf(papers, kind).filter((row) => matchesVariantDocument(row, term)),
    [papers, kind, term],
  );
  const { visible, pagination } = usePagedRows(rows, url, pageKeys);
  const describe = (row: VariantDocument) =>
    `${row.subject} (${row.code}) ${row.session} ${row.year} ${row.variant} ${names.title}`;
  const columns: DataTableColumn<VariantDocument>[] = [
    { key: 'subject', header: 'Subject', cell: (row) => row.subject, rowHeader: true },
    { key: 'code', header: 'Code', cell: (row) => row.code },
    { key: 'variant', header: 'Variant', cell: (row) => row.variant },
    { key: 'year', header: 'Year', cell: (row) => row.year },
    { key: 'session', header: 'Session', cell: (row) => row.session },
    { key: 'size', header: 'Size', cell: (row) => formatFileSize(row.size), align: 'end' },
    { key: 'downloads', header: 'Downloads', cell: (row) => formatNumber(row.downloads), align: 'end' },
    { key: 'views', header: 'Views', cell: (row) => formatNumber(row.views), align: 'end' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className={page.rowActions}>
          <Link
            className={buttonClassName('secondary', 'small')}
            to={`/admin/past-papers/${row.paperId}`}
            aria-label={`Open the paper of ${describe(row)}`}
          >
            Open paper
          </Link>
          <a
            className={buttonClassName('ghost', 'small')}
            href={api.links.variantDocument(row.variantId, names.linkType)}
            download
            aria-label={`Download ${describe(row)}`}
          >
            Download
          </a>
        </div>
      ),
    },
  ];
  return (
    <section className={`${page.section} ${page.nextSection}`} aria-labelledby={`${kind}-in-variants`}>
      <h2 id={`${kind}-in-variants`} className={page.sectionTitle}>
        Inside past papers&apos; variants
      </h2>
      <p className={page.muted}>These files were attached while adding or editing a past paper; edit them there.</p>
      <DataTable
        caption={`${names.title}s inside past papers`}
        columns={columns}
        rows={visible}
        rowKey={(row) => row.key}
        empty={
          <EmptyState
            title={`No ${names.other} inside past papers`}
            hint={term ? 'Try another search' : 'Add a past paper with its variants to see them here'}
          />
        }
      />
      {rows.length > 0 && <Pagination {...pagination} label={`${names.title}s inside past papers pages`} />}
    </section>
  );
}
