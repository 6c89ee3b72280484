import { api } from '@ppl/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ViewerFile } from '../lib/document-set';

const VIEWED_KEY = 'ppl-viewed';

/** Whether this tab's visit already counted a view of the document (sessionStorage: one visit = one tab session). */
function alreadyViewed(key: string): boolean {
  try {
    const seen = JSON.parse(sessionStorage.getItem(VIEWED_KEY) ?? '[]') as unknown;
    if (Array.isArray(seen) && seen.includes(key)) return true;
    sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...(Array.isArray(seen) ? seen : []), key].slice(-200)));
  } catch {
    // storage off: the server still counts one view per client and document per 30 minutes
  }
  return false;
}

/**
 * Counts a view of a document once per visit, when the viewer has opened it: not a download, and not
 * once per Range request. A failure is not the reader's problem: nothing is shown.
 */
export function useRecordView(): (file: ViewerFile) => void {
  const { mutate } = useMutation({
    mutationFn: (file: ViewerFile) => api.documentViews.record(file.viewTarget),
    retry: false,
  });
  return useCallback(
    (file: ViewerFile) => {
      if (!alreadyViewed(file.key)) mutate(file);
    },
    [mutate],
  );
}
