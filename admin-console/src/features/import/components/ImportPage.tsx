import {
  api,
  Button,
  ConfirmDialog,
  ErrorBanner,
  errorText,
  formatFileSize,
  useToast,
  type ImportFile,
} from '@ppl/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import {
  importKey,
  useChooseSubject,
  useCommitImport,
  useCorrectFile,
  useDiscardImport,
  useImport,
  useLatestOpenImport,
  useRemoveFile,
  useSubjects,
} from '../api/imports';
import { useStagedUploads } from '../model/use-staged-uploads';
import { expandZip, type InputFile } from '../model/zip-input';
import { CreateSubjectModal } from './CreateSubjectModal';
import { DropZone } from './DropZone';
import styles from './ImportPage.module.css';
import { PreviewTable } from './PreviewTable';
import { UnknownSubjects } from './UnknownSubjects';
import { UploadList } from './UploadList';

/**
 * /admin/import: drop a whole series, see what every file is before anything is written, correct what
 * needs it, then "Import N files". The import is staged on the server, so a reload or a dropped connection resumes
 * it: the page opens the admin's latest unfinished import, and files dropped again are recognised by checksum.
 */
export function ImportPage() {
  const toast = useToast();
  const client = useQueryClient();
  const latest = useLatestOpenImport();
  const [startedId, setStartedId] = useState<number | null>(null);
  const importId = startedId ?? latest.data ?? null;
  const current = useImport(importId);
  const subjects = useSubjects();
  const creating = useRef<Promise<number> | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);
  const [newSubject, setNewSubject] = useState<{ code: string; level: string | null } | null>(null);
  const [discarding, setDiscarding] = useState(false);

  const refresh = useCallback((id: number) => void client.invalidateQueries({ queryKey: importKey(id) }), [client]);
  const uploads = useStagedUploads(refresh);
  const correct = useCorrectFile(importId);
  const remove = useRemoveFile(importId);
  const choose = useChooseSubject(importId);
  const commit = useCommitImport(importId);
  const discard = useDiscardImport();

  const view = current.data;
  const settled = view?.status === 'committed';
  const stagedHashes = useMemo(() => new Set(view?.files.map((f) => f.sha256) ?? []), [view]);

  /** The import files go into: the open one, or a new one (created once, on the first drop). */
  const ensureImport = useCallback(async (): Promise<number> => {
    if (importId !== null && !settled) return importId;
    creating.current ??= api.imports.create().then((created) => {
      client.setQueryData(importKey(created.id), created);
      setStartedId(created.id);
      return created.id;
    });
    return creating.current;
  }, [client, importId, settled]);

  const onFiles = async (dropped: File[]) => {
    setDropError(null);
    if (settled) {
      creating.current = null;
      uploads.clear();
    }
    const files: InputFile[] = [];
    try {
      for (const file of dropped) {
        if (/\.zip$/i.test(file.name)) {
          const expanded = await expandZip(file);
          files.push(...expanded.files);
          if (expanded.ignored.length > 0) {
            toast.show(
              `${expanded.ignored.length} file(s) in ${file.name} are not documents and were left out.`,
              'info',
            );
          }
        } else files.push({ name: file.name, blob: file });
      }
    } catch (error) {
      setDropError(errorText(error, 'The zip file could not be read'));
      return;
    }
    if (files.length === 0) return;
    try {
      await uploads.add(files, ensureImport, settled ? new Set() : stagedHashes);
    } catch (error) {
      setDropError(errorText(error, 'The import could not be started'));
    }
  };

  const onCorrect = (file: ImportFile, changes: Parameters<typeof correct.mutate>[0]['changes']) =>
    correct.mutate(
      { fileId: file.id, changes },
      { onError: (error) => toast.error(errorText(error, 'The change was not saved')) },
    );

  const onCommit = async () => {
    try {
      const done = await commit.mutateAsync();
      const summary = reportSummary(done.files);
      if (done.files.some((f) => f.outcome === 'failed')) toast.error(`${summary} (see the report).`);
      else toast.success(`${summary}.`);
    } catch (error) {
      toast.error(errorText(error, 'The import failed'));
    }
  };

  if (latest.isPending) return <LoadingStatus>Loading import...</LoadingStatus>;
  const importable = view && !settled ? view.counts.importable : 0;
  const busy = uploads.busy || commit.isPending;
  return (
    <>
      <PageHeader
        title="Bulk Import"
        subtitle="Publish a whole exam series: every file is recognised from its name, checked, previewed, then imported paper by paper."
        actions={
          view && !settled ? (
            <Button variant="secondary" onClick={() => setDiscarding(true)} disabled={busy}>
              Discard import
            </Button>
          ) : undefined
        }
      />
      <DropZone onFiles={(files) => void onFiles(files)} disabled={commit.isPending} />
      {dropError && <ErrorBanner message={dropError} onDismiss={() => setDropError(null)} />}
      {current.isError && (
        <ErrorBanner
          message={errorText(current.error, 'Failed to load the import')}
          onRetry={() => void current.refetch()}
        />
      )}
      {uploads.items.length > 0 && (
        <UploadList
          items={uploads.items}
          overall={uploads.overall}
          failed={uploads.failed}
          busy={uploads.busy}
          onRetry={() => importId !== null && void uploads.retry(importId)}
        />
      )}
      {view && view.files.length > 0 && (
        <>
          {!settled && (
            <UnknownSubjects
              unknown={view.unknown_subjects}
              subjects={subjects.data ?? []}
              onCreate={(code, level) => setNewSubject({ code, level })}
              onChoose={(code, subjectId) =>
                choose.mutate(
                  { code, subjectId },
                  { onError: (e) => toast.error(errorText(e, 'The choice was not saved')) },
                )
              }
            />
          )}
          <section aria-labelledby="import-preview-title" className={styles.preview}>
            <div className={styles.previewHeader}>
              <h3 id="import-preview-title" className={styles.sectionTitle}>
                {settled ? 'Import report' : 'Preview'}
              </h3>
              <p className={styles.counts} data-testid="import-counts">
                {settled
                  ? reportSummary(view.files)
                  : `${view.counts.total} files (${formatFileSize(view.counts.bytes)}): ${view.counts.importable} ready, ${view.counts.identical} identical to stored files, ${view.counts.attention} need attention, ${view.counts.skipped} skipped`}
              </p>
            </div>
            <PreviewTable
              files={view.files}
              subjects={subjects.data ?? []}
              readOnly={settled || commit.isPending}
              onCorrect={onCorrect}
              onRemove={(f) =>
                remove.mutate(f.id, { onError: (e) => toast.error(errorText(e, 'The file was not removed')) })
              }
            />
          </section>
          {!settled && (
            <div className={styles.commitBar}>
              <span className={styles.commitHint}>
                Each paper is imported on its own: one that fails leaves the others imported and itself untouched.
              </span>
              <Button onClick={() => void onCommit()} disabled={busy || importable === 0} data-testid="import-commit">
                {commit.isPending ? 'Importing...' : `Import ${importable} ${importable === 1 ? 'file' : 'files'}`}
              </Button>
            </div>
          )}
        </>
      )}
      {newSubject && importId !== null && (
        <CreateSubjectModal
          importId={importId}
          code={newSubject.code}
          suggestedLevel={newSubject.level}
          onClose={() => setNewSubject(null)}
        />
      )}
      {discarding && importId !== null && (
        <ConfirmDialog
          open
          title="Discard this import?"
          message="Its uploaded files are thrown away. Nothing already imported changes."
          confirmLabel="Discard"
          busy={discard.isPending}
          onCancel={() => setDiscarding(false)}
          onConfirm={() =>
            discard.mutate(importId, {
              onSuccess: () => {
                setDiscarding(false);
                setStartedId(null);
                creating.current = null;
                uploads.clear();
                void client.invalidateQueries({ queryKey: ['imports', 'open'] });
              },
            })
          }
        />
      )}
    </>
  );
}

/** What a commit did, in one line: "5 imported, 1 already stored, 1 skipped, 2 not imported". */
function reportSummary(files: readonly ImportFile[]): string {
  const count = (...outcomes: string[]) =>
    files.filter((f) => f.outcome !== null && outcomes.includes(f.outcome)).length;
  return [
    `${count('created', 'replaced')} imported`,
    `${count('unchanged', 'identical')} already stored`,
    `${count('skipped')} skipped`,
    `${count('failed')} not imported`,
  ].join(', ');
}
