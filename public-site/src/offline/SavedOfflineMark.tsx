import { useSyncExternalStore } from 'react';
import { listPacks, PACKS_CHANGED } from './pack-store';
import styles from './SaveOffline.module.css';

/**
 * The ids of the papers inside any saved pack, read once for the whole page (not once per listed row) and read again
 * when a pack is saved or removed, or the tab comes back. Null until read: the server's HTML and the first browser
 * render show no marks, so they are the same.
 */
let savedPaperIds: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();
let watching = false;

function readSavedPapers(): void {
  listPacks()
    .then((packs) => {
      savedPaperIds = new Set(packs.flatMap((pack) => pack.paperIds));
      for (const listener of listeners) listener();
    })
    .catch(() => undefined); // no storage: no marks
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watching) {
    watching = true;
    readSavedPapers();
    window.addEventListener(PACKS_CHANGED, readSavedPapers);
    window.addEventListener('focus', readSavedPapers);
  }
  return () => listeners.delete(listener);
}

/** "Saved offline" on a listed paper that a saved pack (the paper's, its session's or its subject's) holds. */
export function SavedOfflineMark({ paperId }: { paperId: number }) {
  const saved = useSyncExternalStore(
    subscribe,
    () => savedPaperIds,
    () => null,
  );
  if (!saved?.has(paperId)) return null;
  return (
    <span className={styles.saved} data-testid="saved-offline-mark">
      <span aria-hidden="true">✓</span> Saved offline
    </span>
  );
}
