// @ts-check
// The text extraction process: reads one PDF at a time with pdfjs-dist (its legacy build, for Node) and answers the
// text of each page, and a picture of page 1 (WebP, drawn with @napi-rs/canvas) that the site's viewer shows while
// pdf.js itself is still on its way to a phone. It runs as its own process (forked by pdf-text-extractor.ts, at low CPU priority) so that
// parsing never blocks the BFF's event loop, a hostile file cannot take the BFF's memory, and a file that hangs
// can be killed. Messages: in `{ id, path }`, out `{ id, pages: string[], preview, pagesInFile, capped, layout }` or
// `{ id, error: { name, message } }`. What it reads is bounded (pages, characters, picture sizes: see below and
// docs/security-pdf.md); its memory and time are bounded by the process that forked it.
'use strict';

const { readFile } = require('node:fs/promises');
const { dirname, join } = require('node:path');

// pdfjs-dist 6 expects Node 22 (Promise.withResolvers); the BFF runs on Node 20.19+.
if (
  typeof (/** @type {{ withResolvers?: unknown }} */ (/** @type {unknown} */ (Promise)).withResolvers) !== 'function'
) {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers() {
      /** @type {(value: unknown) => void} */
      let resolve = () => undefined;
      /** @type {(reason?: unknown) => void} */
      let reject = () => undefined;
      const promise = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

// pdfjs-dist 6 draws fonts through ArrayBuffer.prototype.transferToFixedLength (Node 21+).
/**
 * @this {ArrayBuffer}
 * @param {number} [length]
 */
function transferToFixedLength(length) {
  const size = length ?? this.byteLength;
  const copy = new ArrayBuffer(size);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
  return copy;
}
if (
  typeof (/** @type {{ transferToFixedLength?: unknown }} */ (ArrayBuffer.prototype).transferToFixedLength) !==
  'function'
) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: transferToFixedLength,
  });
}

/**
 * The text kept of one document (sent with each file by pdf-text-extractor.ts, which holds the values: TEXT_BOUNDS):
 * at most `maxPages` pages, `maxPageChars` characters a page and `maxDocumentChars` in all. Reading stops at the
 * first bound reached; what was read is kept and the document is marked capped.
 * `layout`: also answer the positioned text (for question detection).
 * @typedef {{ maxPages: number; maxPageChars: number; maxDocumentChars: number; layout?: boolean }} TextBounds
 */

/**
 * Pictures inside a PDF larger than this many pixels are left out when page 1 is drawn (pdf.js skips them before
 * decoding): a 12000 x 12000 picture compressed to 420 KB would need 576 MB as RGBA, and more while decoded. A page
 * scanned at 400 dpi (3307 x 4677) is below it.
 */
const MAX_IMAGE_PIXELS = 16_000_000;
/** pdf.js's bound for the canvases it makes to shrink pictures (where it makes them: OffscreenCanvas). */
const CANVAS_MAX_AREA_BYTES = 64 * 1024 * 1024;

/**
 * The picture of page 1: this many pixels wide (a 390-point phone at about 1.85 pixels per point; wider screens
 * scale it up until pdf.js has drawn the page), WebP at this quality. A page far taller than A4 is cut at
 * PREVIEW_MAX_HEIGHT.
 */
const PREVIEW_WIDTH = 720;
const PREVIEW_MAX_HEIGHT = 2400;
const PREVIEW_QUALITY = 60;

/** pdfjs-dist's own font files (the 14 standard PDF fonts are not embedded in most files). */
const PDFJS_DIR = dirname(require.resolve('pdfjs-dist/package.json'));
const DOCUMENT_OPTIONS = {
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
  standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts/'),
  cMapUrl: join(PDFJS_DIR, 'cmaps/'),
  cMapPacked: true,
  maxImageSize: MAX_IMAGE_PIXELS,
  canvasMaxAreaInBytes: CANVAS_MAX_AREA_BYTES,
};

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined} */
let pdfjs;

/**
 * Page 1 drawn on a white canvas and encoded as WebP; null when it cannot be drawn (the text is still kept).
 * @param {import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy} document
 */
async function preview(document) {
  try {
    const { createCanvas } = require('@napi-rs/canvas');
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) return null;
    const viewport = page.getViewport({ scale: PREVIEW_WIDTH / base.width });
    const width = Math.round(viewport.width);
    const height = Math.min(Math.round(viewport.height), PREVIEW_MAX_HEIGHT);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas stands in for the DOM's canvas here (pdfjs-dist's own choice on Node).
    const parameters = /** @type {Parameters<import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy['render']>[0]} */ (
      /** @type {unknown} */ ({ canvas, canvasContext: context, viewport })
    );
    await page.render(parameters).promise;
    page.cleanup();
    const webp = await canvas.encode('webp', PREVIEW_QUALITY);
    return { width, height, webp: webp.toString('base64') };
  } catch {
    return null;
  }
}

/**
 * The page's text: items joined as laid out, control characters (and so NUL, which PostgreSQL text cannot hold)
 * removed, white space collapsed, at most `limit` characters. The items are read as pdf.js streams them and the
 * stream is cancelled once twice the limit has come (white space still to collapse), so a page whose content
 * stream holds megabytes of text is never held whole.
 * @param {import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy} page
 * @param {number} limit
 * @param {PageLayout} [layout] where to keep the page's positioned items (when detection wants them)
 */
async function pageText(page, limit, layout) {
  let text = '';
  const reader = page.streamTextContent().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk =
        /** @type {{ items: Array<PositionedItem & { hasEOL?: boolean }>; styles?: Record<string, { fontFamily?: string }> }} */ (
          value
        );
      for (const item of chunk.items) {
        if (typeof item.str !== 'string') continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
        if (layout) keepPositioned(layout, item);
      }
      if (layout && chunk.styles) {
        for (const [name, style] of Object.entries(chunk.styles)) {
          if (!(name in layout.styles))
            layout.styles[name] = { fontFamily: String(style?.fontFamily ?? '').slice(0, 100) };
        }
      }
      if (text.length > 2 * limit) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return (
    text
      .normalize('NFC')
      // Control characters are dropped: PostgreSQL text cannot hold NUL, and search marks matches with \u0001/\u0002.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ ?\n[ \n]*/g, '\n')
      .trim()
      .slice(0, limit)
  );
}

/**
 * The positioned text of a page for question detection (bff/src/question-detection: LaidOutTextBuilder reads it):
 * pdf.js's items as they stream, with their transform, width, height and font. Bounded as detection is: the first
 * LAYOUT_MAX_PAGES pages, LAYOUT_MAX_PAGE_RUNS items a page with text, LAYOUT_MAX_RUNS in all, LAYOUT_MAX_RUN_CHARS
 * characters an item. A document past the total is no exam document: its layout is dropped (`layout: null`).
 * @typedef {{ str?: string; transform?: number[]; width?: number; height?: number; fontName?: string }} PositionedItem
 * @typedef {{ view: number[]; styles: Record<string, { fontFamily: string }>; items: PositionedItem[] }} PageLayout
 */
const LAYOUT_MAX_PAGES = 300;
const LAYOUT_MAX_PAGE_RUNS = 5_000;
const LAYOUT_MAX_RUNS = 60_000;
const LAYOUT_MAX_RUN_CHARS = 400;
/** Items kept for the document so far (reset per document). */
let layoutRuns = 0;

/**
 * @param {PageLayout} layout
 * @param {PositionedItem} item
 */
function keepPositioned(layout, item) {
  if (typeof item.str !== 'string' || !item.str.trim() || !Array.isArray(item.transform)) return;
  if (layout.items.length >= LAYOUT_MAX_PAGE_RUNS) return;
  layoutRuns++;
  if (layoutRuns > LAYOUT_MAX_RUNS) return;
  layout.items.push({
    str: item.str.slice(0, LAYOUT_MAX_RUN_CHARS),
    transform: item.transform.slice(0, 6).map(Number),
    width: Number(item.width),
    height: Number(item.height),
    fontName: String(item.fontName ?? '').slice(0, 100),
  });
}

/**
 * @param {string} path
 * @param {TextBounds} bounds
 */
async function extract(path, bounds) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(await readFile(path));
  const task = getDocument({ data, ...DOCUMENT_OPTIONS });
  try {
    const document = await task.promise;
    /** @type {string[]} */
    const pages = [];
    /** @type {'pages' | 'characters' | null} */
    let capped = document.numPages > bounds.maxPages ? 'pages' : null;
    let chars = 0;
    /** @type {PageLayout[] | null} */
    let layout = bounds.layout ? [] : null;
    layoutRuns = 0;
    for (let n = 1; n <= Math.min(document.numPages, bounds.maxPages); n++) {
      if (chars >= bounds.maxDocumentChars) {
        capped = 'characters';
        break;
      }
      const page = await document.getPage(n);
      /** @type {PageLayout | undefined} */
      const pageLayout =
        layout && n <= LAYOUT_MAX_PAGES ? { view: page.view.slice(0, 4), styles: {}, items: [] } : undefined;
      const text = await pageText(page, Math.min(bounds.maxPageChars, bounds.maxDocumentChars - chars), pageLayout);
      page.cleanup();
      pages.push(text);
      chars += text.length;
      if (layout && pageLayout) layout.push(pageLayout);
      if (layoutRuns > LAYOUT_MAX_RUNS) layout = null;
    }
    const pagesInFile = document.numPages;
    return { pages, pagesInFile, capped, layout, preview: pagesInFile > 0 ? await preview(document) : null };
  } finally {
    await task.destroy();
  }
}

process.on('message', (message) => {
  const { id, path, bounds } = /** @type {{ id: number; path: string; bounds: TextBounds }} */ (message);
  extract(path, bounds).then(
    (read) => process.send?.({ id, ...read }),
    (/** @type {unknown} */ error) =>
      process.send?.({
        id,
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
        },
      }),
  );
});
// The BFF went away: so does this process.
process.on('disconnect', () => process.exit(0));
