import { api, DataTable, formatFileSize, type DataTableColumn, type StoredFile } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import page from '../../../components/page/page.module.css';
import { queryKeys } from '../../../lib/query-keys';
import styles from './PastPaperDetails.module.css';

const DOCUMENT: Record<StoredFile['document'], string> = {
  'question-paper': 'Question paper',
  'mark-scheme': 'Mark scheme',
  'examiner-report': 'Examiner report',
};

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
];

/** Issue 16: every stored file of the paper with its original name, size and SHA-256 (its provenance). */
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
          caption="Stored files with original name, size and SHA-256"
          empty={<p className={page.muted}>No files stored.</p>}
          testId="stored-files"
        />
      )}
    </section>
  );
}
