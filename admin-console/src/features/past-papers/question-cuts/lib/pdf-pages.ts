import type * as PdfjsLib from 'pdfjs-dist';

/**
 * pdf.js's worker: a content-hashed file of its own next to the remote's chunks (see rspack.config.mjs), as in the
 * public viewer. From another origin (split deployments) it starts through a blob: wrapper that imports it.
 */
const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);

let loading: Promise<{ lib: typeof PdfjsLib; worker: PdfjsLib.PDFWorker }> | null = null;

/** pdf.js and its worker, loaded the first time the editor shows a document (its own chunk). */
export function loadPdfjs() {
  loading ??= (async () => {
    const sameOrigin = WORKER_URL.origin === window.location.origin;
    const source = sameOrigin
      ? WORKER_URL
      : URL.createObjectURL(
          new Blob([`await import(${JSON.stringify(WORKER_URL.href)});`], { type: 'text/javascript' }),
        );
    const port = new Worker(source, { type: 'module' });
    const lib = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist');
    return { lib, worker: lib.PDFWorker.create({ port }) };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Opens a PDF by URL (credentials included: admins read through their session). */
export async function openPdf(url: string): Promise<PdfjsLib.PDFDocumentProxy> {
  const { lib, worker } = await loadPdfjs();
  return lib.getDocument({ url, worker, withCredentials: true }).promise;
}

/** Draws one page into a canvas at `width` CSS pixels (sharp on high-density screens); CSS scales it down to fit. */
export async function drawPage(
  pdf: PdfjsLib.PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const unscaled = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (width / unscaled.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
}
