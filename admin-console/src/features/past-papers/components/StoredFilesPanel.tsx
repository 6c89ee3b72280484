import {
  api,
  Badge,
  DataTable,
  formatFileSize,
  type BadgeTone,
  type DataTableColumn,
  type StoredFile,
} from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import page from '../../../components/page/page.module.css';
import { queryKeys } from '../../../lib/query-keys';
import styles from './PastPaperDetails.module.css';

const DOCUMENT: Record<StoredFile['document'], string> = {
  'question-paper': 'Question paper',
  'mark-scheme': 'Mark scheme',
  'examiner-report': 'Examiner report',
};

type Reading = NonNullable<StoredFile['reading']>;

/** The reading's state in a word, and its tone: a capped text or a failure is for the admin to look at. */
function readingLabel(reading: Reading): [string, BadgeTone] {
  switch (reading.status) {
    case 'pending':
      return ['Waiting to be read', 'neutral'];
    case 'working':
      return ['Being read', 'info'];
    case 'done':
      return reading.capped ? ['Read in part', 'warning'] : ['Read', 'success'];
    case 'failed':
      return ['Could not be read', 'danger'];
    case 'skipped':
      return ['Not read', 'neutral'];
  }
}

/** How the file's text was read for search: its state, then why it failed or how it was capped, or its pages. */
function ReadingCell({ reading }: { reading: StoredFile['reading'] }) {
  if (!reading) return <span className={page.muted}>—</span>;
  const [label, tone] = readingLabel(reading);
  const detail =
    reading.note ??
    (reading.status === 'done' && reading.pages_read !== null
      ? `${reading.pages_read.toLocaleString('en-US')} ${reading.pages_read === 1 ? 'page' : 'pages'}`
      : null);
  return (
    <span className={styles.reading}>
      <Badge tone={tone}>{label}</Badge>
      {detail && <span className={styles.readingNote}>{detail}</span>}
    </span>
  );
}

const columns: DataTableColumn<StoredFile>[] = [
  { key: 'paper', header: 'Paper', rowHeader: true, cell: (f) => f.label || 'Whole session' },
  { key: 'document', header: 'Document', cell: (f) => DOCUMENT[f.document] },
  {
    key: 'name',
    header: 'Original name',
    cell: (f) => f.file_name ?? <span className={page.muted}>Not recorded</span>,
  },
  { key: 'size', header: 'Size', cell: (f) => (f.size === null ? '—' : formatFileSize(f.size)) },
  {
    key: 'sha256',
    header: 'SHA-256',
    cell: (f) =>
      f.sha256 ? <code className={styles.hash}>{f.sha256}</code> : <span className={page.muted}>Being computed</span>,
  },
  { key: 'reading', header: 'Text for search', cell: (f) => <ReadingCell reading={f.reading} /> },
];

/**
 * Every stored file of the paper with its original name, size and SHA-256 (its provenance), and how its
 * text was read for search (capped, or failed and why).
 */
export function StoredFilesPanel({ paperId }: { paperId: number }) {
  const files = useQuery({
    queryKey: [...queryKeys.pastPaper(paperId), 'stored-files'],
    queryFn: () => api.storedFiles.ofPaper(paperId),
    staleTime: 0,
  });
  return (
    <section aria-labelledby="stored-files-heading" className={styles.storedFiles}>
      <h3 id="stored-files-heading" className={page.sectionTitle}>
        Stored files
      </h3>
      {files.isError && <p role="alert">Failed to load the stored files.</p>}
      {files.data && (
        <DataTable
          columns={columns}
          rows={files.data}
          rowKey={(f) => `${f.source}-${f.record_id}-${f.document}`}
          caption="Stored files with original name, size, SHA-256 and text reading"
          empty={<p className={page.muted}>No files stored.</p>}
          testId="stored-files"
        />
      )}
    </section>
  );
}
