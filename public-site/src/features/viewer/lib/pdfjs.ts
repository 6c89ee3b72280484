import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from './pdfjs-viewer';

export interface Pdfjs {
  lib: typeof PdfjsLib;
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
let loadingViewer: Promise<typeof PdfjsViewer> | null = null;

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
 * pdf.js, loaded the first time a document is shown (its own chunks, never part of the first page): the library,
 * and the worker started at once. Call it as early as the page knows it will show a PDF: documents can be opened
 * with it while the viewer components (`loadPdfjsViewer`) still load.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const port = startWorker();
    const lib = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist');
    return { lib, worker: lib.PDFWorker.create({ port }) };
  })();
  loading.catch(() => {
    loading = null; // a failed chunk load may be retried
    worker?.terminate();
    worker = null;
  });
  return loading;
}

/** pdf.js's viewer components (PDFViewer, EventBus, find) and their styles; asked for with the library. */
export function loadPdfjsViewer(): Promise<typeof PdfjsViewer> {
  loadingViewer ??= import(/* webpackChunkName: "pdfjs-viewer" */ './pdfjs-viewer');
  loadingViewer.catch(() => {
    loadingViewer = null;
  });
  return loadingViewer;
}
