import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export interface Pdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
  /** The one pdf.js worker of the page, shared by every open document. */
  worker: PdfjsLib.PDFWorker;
}

/**
 * pdf.js's worker: a content-hashed file of its own next to the remote's chunks (the minified build; see
 * rspack.config.mjs). Kept apart from `new Worker(...)`, so that the bundler treats it as a file, not a worker entry.
 */
const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);

let worker: Worker | null = null;
let loading: Promise<Pdfjs> | null = null;

/**
 * Starts pdf.js's worker (its 1.3 MB of code is fetched and compiled while the page loads the rest). From another
 * origin (split deployments) a worker starts through a blob: wrapper that imports it, which the CSP's
 * `worker-src 'self' blob:` allows (what pdf.js itself does).
 */
function startWorker(): Worker {
  if (worker) return worker;
  const sameOrigin = WORKER_URL.origin === window.location.origin;
  const source = sameOrigin
    ? WORKER_URL
    : URL.createObjectURL(new Blob([`await import(${JSON.stringify(WORKER_URL.href)});`], { type: 'text/javascript' }));
  worker = new Worker(source, { type: 'module' });
  return worker;
}

/**
 * pdf.js, loaded the first time a document is shown (its own chunks, never part of the first page). The library and
 * its viewer components download together (one module imports both, in the order the viewer components need: they
 * read the library from globalThis.pdfjsLib) while the worker starts. Call it as early as the page knows it will
 * show a PDF.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const port = startWorker();
    const { lib, viewer } = await import(/* webpackChunkName: "pdfjs" */ './pdfjs-modules');
    return { lib, viewer, worker: lib.PDFWorker.create({ port }) };
  })();
  loading.catch(() => {
    loading = null; // a failed chunk load may be retried
    worker?.terminate();
    worker = null;
  });
  return loading;
}
