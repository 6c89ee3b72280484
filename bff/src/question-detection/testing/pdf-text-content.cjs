// @ts-check
// A child process for tests and tools: reads PDFs with pdfjs-dist's legacy build, as the BFF's text extraction process
// (document-reader/pdf-text.worker.cjs) does, and answers each page's raw text content (items, styles and page box) for
// LaidOutTextBuilder. Messages: in `{ id, pdf }` (base64), out `{ id, pages }` or `{ id, error }`.
'use strict';

const { dirname, join } = require('node:path');

// pdfjs-dist 6 expects Node 22: Promise.withResolvers and ArrayBuffer.prototype.transferToFixedLength (as the
// extraction process polyfills them on Node 20).
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
if (
  typeof (/** @type {{ transferToFixedLength?: unknown }} */ (ArrayBuffer.prototype).transferToFixedLength) !==
  'function'
) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    /** @this {ArrayBuffer} @param {number} [length] */
    value: function transferToFixedLength(length) {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}

const PDFJS_DIR = dirname(require.resolve('pdfjs-dist/package.json'));
const DOCUMENT_OPTIONS = {
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
  standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts/'),
  cMapUrl: join(PDFJS_DIR, 'cmaps/'),
  cMapPacked: true,
};
const MAX_PAGES = 300;

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined} */
let pdfjs;

/** @param {string} base64 */
async function read(base64) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')), ...DOCUMENT_OPTIONS });
  try {
    const document = await task.promise;
    const pages = [];
    for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES); n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push({
        view: page.view,
        styles: content.styles,
        items: content.items.map((item) =>
          'str' in item
            ? {
                str: item.str,
                transform: item.transform,
                width: item.width,
                height: item.height,
                fontName: item.fontName,
              }
            : { type: item.type },
        ),
      });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

process.on('message', (message) => {
  const { id, pdf } = /** @type {{ id: number; pdf: string }} */ (message);
  read(pdf).then(
    (pages) => process.send?.({ id, pages }),
    (/** @type {unknown} */ error) =>
      process.send?.({ id, error: (error instanceof Error ? error.message : String(error)).slice(0, 300) }),
  );
});
process.on('disconnect', () => process.exit(0));
