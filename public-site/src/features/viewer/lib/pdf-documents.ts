import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfjs } from './pdfjs';

/** How much of a document the viewer has fetched (bytes), as pdf.js reports it. */
export interface FetchProgress {
  loaded: number;
  total: number;
}

/** pdf.js reads in chunks of this size: a page of text is one or two chunks. */
export const RANGE_CHUNK_SIZE = 65536;

const tasks = new Map<string, PDFDocumentLoadingTask>();
const progress = new Map<string, FetchProgress>();
const listeners = new Set<() => void>();

/**
 * Opens a document once per page visit and keeps it: switching from the question paper to the mark scheme and back
 * shows pages already fetched and parsed. Only what the visible pages need is fetched (Range requests, no
 * streaming and no prefetch of the rest); eval is off (the CSP allows none).
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  let task = tasks.get(url);
  if (!task) {
    const { lib } = await loadPdfjs();
    task = tasks.get(url);
    if (!task) {
      task = lib.getDocument({
        url,
        disableStream: true,
        disableAutoFetch: true,
        rangeChunkSize: RANGE_CHUNK_SIZE,
        enableXfa: false,
      });
      task.onProgress = ({ loaded, total }: FetchProgress) => {
        progress.set(url, { loaded, total });
        listeners.forEach((listener) => listener());
      };
      tasks.set(url, task);
      task.promise.catch(() => tasks.delete(url));
    }
  }
  return task.promise;
}

export function fetchProgress(url: string): FetchProgress | undefined {
  return progress.get(url);
}

export function subscribeFetchProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Frees every opened document (leaving the viewer). */
export function closeAllPdfs(): void {
  for (const task of tasks.values()) void task.destroy();
  tasks.clear();
  progress.clear();
}
