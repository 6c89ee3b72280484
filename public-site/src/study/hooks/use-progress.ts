import { useCallback, useSyncExternalStore } from 'react';
import { emptyProgress, LIMITS, progressKey, type PaperProgress, type PaperRef } from '../lib/progress';
import { progressStore } from '../lib/progress-store';

/** Every record of the device by key; null on the server, in the first browser render and until IndexedDB answers. */
export type ProgressIndex = ReadonlyMap<string, PaperProgress> | null;

let snapshot: ProgressIndex = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};

async function reload() {
  try {
    const records = await progressStore().all();
    snapshot = new Map(records.map((p) => [p.key, p]));
  } catch {
    // IndexedDB refused (a private window of an old browser): the page works without progress.
    snapshot = new Map();
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!loading) {
    loading = reload();
    // A change made here patches the snapshot (no second read); anything else reads every record again.
    progressStore().subscribe((change) => {
      if (!change || !snapshot) {
        void reload();
        return;
      }
      const next = new Map(snapshot);
      if (change.record) next.set(change.key, change.record);
      else next.delete(change.key);
      snapshot = next;
      emit();
    });
  }
  return () => listeners.delete(listener);
}

/**
 * The device's progress, read after hydration: the server and the first browser render see null (so the HTML they
 * give is the same), then the records once IndexedDB has answered; every change re-reads them.
 */
export function useProgressIndex(): ProgressIndex {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  );
}

/**
 * One paper's record (null when the device has none, undefined until it is read) and a function that changes it.
 * A component re-renders only when its own record changes (a change patches the snapshot, other records keep their
 * identity), so a list of hundreds of rows redraws one row per click.
 */
export function usePaperProgress(ref: PaperRef | null) {
  const key = ref ? progressKey(ref.paperId, ref.variantId) : null;
  const record = useSyncExternalStore(
    subscribe,
    () => (snapshot === null || key === null ? undefined : (snapshot.get(key) ?? null)),
    () => undefined,
  );
  const change = useCallback(
    (update: (current: PaperProgress, now: number) => PaperProgress) => {
      if (!ref) return Promise.resolve(null);
      const now = Date.now();
      return progressStore().update(
        progressKey(ref.paperId, ref.variantId),
        () => emptyProgress(ref, now),
        // The paper's names are refreshed from what the page shows now.
        (current) => update({ ...current, title: ref.title.trim().slice(0, LIMITS.titleLength) || current.title }, now),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, ref?.title],
  );
  return { loaded: record !== undefined, record, change };
}
