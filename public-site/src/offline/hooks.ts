import { useCallback, useEffect, useState } from 'react';
import type { SavedPack } from '../sw/shared';
import { listPacks, PACKS_CHANGED } from './pack-store';

/** The saved packs, kept current (saves and removals in this page, and on return to the tab). */
export function useSavedPacks(): { packs: SavedPack[]; loaded: boolean; refresh: () => void } {
  const [packs, setPacks] = useState<SavedPack[]>([]);
  const [loaded, setLoaded] = useState(false);
  const refresh = useCallback(() => {
    listPacks()
      .then((list) => {
        setPacks(list);
        setLoaded(true);
      })
      .catch(() => setLoaded(true));
  }, []);
  useEffect(() => {
    refresh();
    window.addEventListener(PACKS_CHANGED, refresh);
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener(PACKS_CHANGED, refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);
  return { packs, loaded, refresh };
}

/** Storage used and left (`navigator.storage.estimate()`), or null where the browser does not say. */
export function useStorageEstimate(packs: SavedPack[]): { usage: number; quota: number } | null {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then((e) => setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => setEstimate(null));
  }, [packs]);
  return estimate;
}
