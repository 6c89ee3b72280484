import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isEmpty, mergeProgress, type MergeResult, type PaperProgress } from './progress';

/**
 * The device's study progress in IndexedDB (database `ppl-study`, one object store of PaperProgress by key).
 * Nothing here talks to the server. Every change goes through `update` (a read and a write in one transaction), and
 * every open page of the site hears of it (in this tab by listeners, in the others by a BroadcastChannel).
 */
interface StudyDb extends DBSchema {
  papers: { key: string; value: PaperProgress };
}

export const STUDY_DB_NAME = 'ppl-study';
const DB_VERSION = 1;
const CHANNEL = 'ppl-study';

/**
 * Each read and write is a User Timing measure that benches and tests read: `ppl-study:read` (one record),
 * `ppl-study:read-all` (every record) and `ppl-study:write` (one change, committed).
 */
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    try {
      performance.measure(name, { start, end: performance.now() });
    } catch {
      // a runtime without User Timing options: nothing to record
    }
  }
}

export interface StoreChange {
  key: string;
  record: PaperProgress | null;
}

/**
 * Writes are "relaxed": committed without waiting for the disk to flush (a crash of the whole computer in that
 * moment can lose the last tick of a checkbox; nothing else can), which is what keeps a write within a few ms.
 */
const WRITE_OPTIONS = { durability: 'relaxed' } as const;

export interface ProgressStore {
  all(): Promise<PaperProgress[]>;
  get(key: string): Promise<PaperProgress | undefined>;
  /** Applies a change to one record (created by `create` when absent); an empty result is deleted. */
  update(
    key: string,
    create: () => PaperProgress,
    change: (current: PaperProgress) => PaperProgress,
  ): Promise<PaperProgress>;
  /** Merges imported records (see mergeProgress) in one transaction. */
  merge(records: readonly PaperProgress[]): Promise<MergeResult>;
  clear(): Promise<void>;
  /**
   * Called after any change, in this tab or another: with the one record a change in this tab wrote (null when it
   * deleted it), or with nothing when many changed or another tab changed them (read them all again). Returns the
   * unsubscribe.
   */
  subscribe(listener: (change?: StoreChange) => void): () => void;
  close(): void;
}

export function openProgressStore(name = STUDY_DB_NAME): ProgressStore {
  let db: Promise<IDBPDatabase<StudyDb>> | null = null;
  const database = () =>
    (db ??= openDB<StudyDb>(name, DB_VERSION, {
      upgrade(upgrading) {
        if (!upgrading.objectStoreNames.contains('papers')) upgrading.createObjectStore('papers', { keyPath: 'key' });
      },
      // Another tab with a newer version of the site: let it upgrade, reopen on the next call.
      blocking() {
        void db?.then((open) => open.close());
        db = null;
      },
    }));
  const listeners = new Set<(change?: StoreChange) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${CHANNEL}:${name}`) : null;
  const notify = (broadcast: boolean, change?: StoreChange) => {
    for (const listener of [...listeners]) listener(change);
    if (broadcast) channel?.postMessage('changed');
  };
  if (channel) channel.onmessage = () => notify(false);

  return {
    async all() {
      const open = await database();
      return timed('ppl-study:read-all', () => open.getAll('papers'));
    },
    async get(key) {
      const open = await database();
      return timed('ppl-study:read', () => open.get('papers', key));
    },
    async update(key, create, change) {
      const open = await database();
      const next = await timed('ppl-study:write', async () => {
        const tx = open.transaction('papers', 'readwrite', WRITE_OPTIONS);
        const changed = change((await tx.store.get(key)) ?? create());
        if (isEmpty(changed)) await tx.store.delete(key);
        else await tx.store.put(changed);
        await tx.done;
        return changed;
      });
      notify(true, { key, record: isEmpty(next) ? null : next });
      return next;
    },
    async merge(records) {
      const tx = (await database()).transaction('papers', 'readwrite', WRITE_OPTIONS);
      const local = new Map((await tx.store.getAll()).map((p) => [p.key, p] as const));
      const result = mergeProgress(local, records);
      await Promise.all(result.changed.map((record) => tx.store.put(record)));
      await tx.done;
      if (result.changed.length > 0) notify(true);
      return result;
    },
    async clear() {
      await (await database()).clear('papers');
      notify(true);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      channel?.close();
      void db?.then((open) => open.close());
      db = null;
    },
  };
}

let shared: ProgressStore | null = null;
/** The page's one store (browser only). */
export const progressStore = (): ProgressStore => (shared ??= openProgressStore());
