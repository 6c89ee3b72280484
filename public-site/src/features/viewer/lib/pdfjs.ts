import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export interface Pdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loading: Promise<Pdfjs> | null = null;

/**
 * pdf.js, loaded the first time a document is shown (its own chunks, never part of the first page): the library,
 * then its viewer components (which read the library from globalThis.pdfjsLib, so they come second) and their
 * styles. The worker is a file of its own next to the remote's chunks; from another origin (split deployments)
 * pdf.js starts it through a blob: wrapper, which the CSP's `worker-src 'self' blob:` allows.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const lib = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist');
    lib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
    const [viewer] = await Promise.all([
      import(/* webpackChunkName: "pdfjs-viewer" */ 'pdfjs-dist/web/pdf_viewer.mjs'),
      import(/* webpackChunkName: "pdfjs-viewer" */ 'pdfjs-dist/web/pdf_viewer.css'),
    ]);
    return { lib, viewer };
  })();
  loading.catch(() => {
    loading = null; // a failed chunk load may be retried
  });
  return loading;
}
