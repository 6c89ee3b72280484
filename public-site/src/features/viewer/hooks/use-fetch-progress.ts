import { useSyncExternalStore } from 'react';
import { fetchProgress, subscribeFetchProgress, type FetchProgress } from '../lib/pdf-documents';

/** How much of a document has been fetched so far (undefined before the first bytes). */
export function useFetchProgress(url: string): FetchProgress | undefined {
  return useSyncExternalStore(
    subscribeFetchProgress,
    () => fetchProgress(url),
    () => undefined,
  );
}
