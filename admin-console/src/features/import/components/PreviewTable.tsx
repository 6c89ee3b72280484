import {
  Badge,
  Button,
  DataTable,
  formatFileSize,
  SESSIONS,
  type BadgeTone,
  type DataTableColumn,
  type ImportCorrections,
  type ImportFile,
  type Subject,
} from '@ppl/shared-ui';
import styles from './ImportPage.module.css';

const STATUS: Record<ImportFile['status'], { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'info' },
  replaces: { label: 'Replaces a file', tone: 'warning' },
  identical: { label: 'Identical to a stored file', tone: 'neutral' },
  attention: { label: 'Needs attention', tone: 'danger' },
  skipped: { label: 'Skipped', tone: 'neutral' },
};
const OUTCOME: Record<string, { label: string; tone: BadgeTone }> = {
  created: { label: 'Imported', tone: 'success' },
  replaced: { label: 'Replaced', tone: 'success' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
  identical: { label: 'Not stored twice', tone: 'neutral' },
  skipped: { label: 'Skipped', tone: 'neutral' },
  failed: { label: 'Not imported', tone: 'danger' },
};
const TYPES = [
  { value: 'question-paper', label: 'Question paper' },
  { value: 'mark-scheme', label: 'Mark scheme' },
  { value: 'examiner-report', label: 'Examiner report' },
];

export interface PreviewTableProps {
  files: readonly ImportFile[];
  subjects: readonly Subject[];
  /** Settled imports show the report (each file's outcome) and no longer take corrections. */
  readOnly: boolean;
  onCorrect: (file: ImportFile, changes: ImportCorrections) => void;
  onRemove: (file: ImportFile) => void;
}

/**
 * The preview before anything is written: per file what its name says (subject, year, session, paper, type), its
 * size and status, every field correctable in place (a change is saved at once and the preview recomputed).
 */
export function PreviewTable({ files, subjects, readOnly, onCorrect, onRemove }: PreviewTableProps) {
  const label = (f: ImportFile, what: string) => `${what} of ${f.file_name}`;
  const columns: DataTableColumn<ImportFile>[] = [
    {
      key: 'file',
      header: 'File',
      rowHeader: true,
      cell: (f) => (
        <span className={styles.fileCell}>
          <span className={styles.fileName}>{f.file_name}</span>
          <span className={styles.fileMeta}>
            {formatFileSize(f.size)}
            {f.kind ? ` · ${f.kind.toUpperCase()}` : ''}
          </span>
          {!readOnly && (
            <span className={styles.rowButtons}>
              <Button variant="secondary" size="small" onClick={() => onCorrect(f, { skip: !f.corrections.skip })}>
                {f.corrections.skip ? 'Include' : 'Leave out'}
              </Button>
              <Button variant="ghost" size="small" onClick={() => onRemove(f)} aria-label={`Remove ${f.file_name}`}>
                Remove
              </Button>
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (f) => {
        const outcome = f.outcome ? OUTCOME[f.outcome] : undefined;
        const shown = outcome ?? STATUS[f.status];
        const notes = f.outcome_message ? [f.outcome_message] : f.messages;
        return (
          <span className={styles.statusCell} data-testid={`import-status-${f.id}`}>
            <Badge tone={f.blocked && !outcome ? 'warning' : shown.tone}>
              {f.blocked && !outcome ? 'Waiting' : shown.label}
            </Badge>
            {notes.map((note) => (
              <span key={note} className={styles.note}>
                {note}
              </span>
            ))}
          </span>
        );
      },
    },
    {
      key: 'subject',
      header: 'Subject',
      cell: (f) =>
        readOnly ? (
          <span className={styles.plain}>{f.subject_code ?? '—'}</span>
        ) : (
          <select
            key={`${f.id}-${f.subject_id ?? ''}`}
            className={styles.cellInput}
            aria-label={label(f, 'Subject')}
            defaultValue={f.subject_id ?? ''}
            aria-invalid={f.subject_id === null || undefined}
            onChange={(event) => onCorrect(f, { subject_id: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">{f.unknown_subject_code ? `${f.unknown_subject_code} (unknown)` : 'Choose…'}</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.code} · {s.name}
              </option>
            ))}
          </select>
        ),
    },
    {
      key: 'year',
      header: 'Year',
      cell: (f) =>
        readOnly ? (
          <span className={styles.plain}>{f.year ?? '—'}</span>
        ) : (
          <input
            key={`${f.id}-${f.year ?? ''}`}
            className={styles.yearInput}
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            aria-label={label(f, 'Year')}
            defaultValue={f.year ?? ''}
            onBlur={(event) => {
              const year = event.target.value === '' ? null : Number(event.target.value);
              if (year !== f.year && (year === null || Number.isInteger(year))) onCorrect(f, { year });
            }}
          />
        ),
    },
    {
      key: 'session',
      header: 'Session',
      cell: (f) =>
        readOnly ? (
          <span className={styles.plain}>{f.session ?? '—'}</span>
        ) : (
          <select
            key={`${f.id}-${f.session ?? ''}`}
            className={styles.cellInput}
            aria-label={label(f, 'Session')}
            defaultValue={f.session ?? ''}
            onChange={(event) => onCorrect(f, { session: SESSIONS.find((s) => s === event.target.value) ?? null })}
          >
            <option value="">Choose…</option>
            {SESSIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        ),
    },
    {
      key: 'paper',
      header: 'Paper',
      cell: (f) =>
        readOnly ? (
          <span className={styles.plain}>{f.paper_label ?? '—'}</span>
        ) : (
          <input
            key={`${f.id}-${f.paper_label ?? ''}`}
            className={styles.paperInput}
            aria-label={label(f, 'Paper')}
            placeholder={f.document_type === 'examiner-report' ? 'All' : '12'}
            defaultValue={f.paper_label ?? ''}
            onBlur={(event) => {
              const paper = event.target.value.trim();
              if (paper !== (f.paper_label ?? '')) onCorrect(f, { paper });
            }}
          />
        ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (f) =>
        readOnly ? (
          <span className={styles.plain}>{TYPES.find((t) => t.value === f.document_type)?.label ?? '—'}</span>
        ) : (
          <select
            key={`${f.id}-${f.document_type ?? ''}`}
            className={styles.cellInput}
            aria-label={label(f, 'Document type')}
            defaultValue={f.document_type ?? ''}
            onChange={(event) =>
              onCorrect(f, { document_type: (event.target.value || null) as ImportCorrections['document_type'] })
            }
          >
            <option value="">Choose…</option>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={files}
      rowKey={(f) => f.id}
      caption="Files of this import"
      testId="import-preview"
    />
  );
}
