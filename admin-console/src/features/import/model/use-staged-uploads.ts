import { api, errorText } from '@ppl/shared-ui';
import { useCallback, useRef, useState } from 'react';
import { sha256Hex } from './file-hash';
import type { InputFile } from './zip-input';

/** Uploads at once: enough to fill the line, few enough that a dropped connection loses little. */
export const PARALLEL_UPLOADS = 3;

export type UploadState = 'hashing' | 'queued' | 'uploading' | 'staged' | 'already' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  state: UploadState;
  /** 0 to 1. */
  progress: number;
  error?: string;
}

interface Job {
  key: string;
  file: InputFile;
  sha256: string;
}

/**
 * Stages files one request each, PARALLEL_UPLOADS at a time, with every file's progress (XHR upload progress) and
 * the whole batch's. Each file is hashed first (Web Crypto): a file the import already holds (a resumed import,
 * the same file dropped twice) is not sent again. A failed upload (a dropped connection, a refused file) loses only
 * that file; "Retry" sends the failed ones again.
 */
export function useStagedUploads(onStaged: (importId: number) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const counter = useRef(0);

  const update = useCallback((key: string, changes: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }, []);

  const run = useCallback(
    async (importId: number, queue: Job[]) => {
      let sinceRefresh = 0;
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const { key, file, sha256 } = job;
          update(key, { state: 'uploading', progress: 0, error: undefined });
          try {
            const staged = await api.imports.stage(importId, file.blob, file.name, sha256, {
              onProgress: (progress) => update(key, { progress }),
            });
            update(key, { state: staged.already_staged ? 'already' : 'staged', progress: 1 });
            jobs.current.delete(key);
          } catch (error) {
            update(key, { state: 'failed', progress: 0, error: errorText(error, 'Upload failed') });
          }
          if (++sinceRefresh >= 10) {
            sinceRefresh = 0;
            onStaged(importId);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
      onStaged(importId);
    },
    [onStaged, update],
  );

  /** Hashes and uploads `files` into the import `importId()` gives (created on the first drop). */
  const add = useCallback(
    async (files: InputFile[], importId: () => Promise<number>, stagedHashes: ReadonlySet<string>) => {
      const added = files.map((file) => ({ key: `u${++counter.current}`, file }));
      setItems((current) => [
        ...current,
        ...added.map(({ key, file }) => ({
          key,
          name: file.name,
          size: file.blob.size,
          state: 'hashing' as const,
          progress: 0,
        })),
      ]);
      const id = await importId();
      const queue: Job[] = [];
      for (const { key, file } of added) {
        const sha256 = await sha256Hex(file.blob);
        if (stagedHashes.has(sha256)) {
          update(key, { state: 'already', progress: 1 });
          continue;
        }
        const job = { key, file, sha256 };
        jobs.current.set(key, job);
        queue.push(job);
        update(key, { state: 'queued' });
      }
      await run(id, queue);
    },
    [run, update],
  );

  const retry = useCallback(
    async (importId: number) => {
      const failed = items.filter((item) => item.state === 'failed').map((item) => jobs.current.get(item.key));
      await run(
        importId,
        failed.filter((job): job is Job => job !== undefined),
      );
    },
    [items, run],
  );

  const clear = useCallback(() => {
    jobs.current.clear();
    setItems([]);
  }, []);

  const totalBytes = items.reduce((sum, item) => sum + item.size, 0);
  const doneBytes = items.reduce((sum, item) => sum + item.size * item.progress, 0);
  return {
    items,
    add,
    retry,
    clear,
    busy: items.some((item) => ['hashing', 'queued', 'uploading'].includes(item.state)),
    failed: items.filter((item) => item.state === 'failed').length,
    overall: totalBytes > 0 ? doneBytes / totalBytes : 0,
  };
}
