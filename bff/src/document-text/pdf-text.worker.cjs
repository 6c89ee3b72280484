// @ts-check
// The text extraction process: reads one PDF at a time with pdfjs-dist (its legacy build, for Node) and answers the
// text of each page. It runs as its own process (forked by pdf-text-extractor.ts, at low CPU priority) so that
// parsing never blocks the BFF's event loop, a hostile file cannot take the BFF's memory, and a file that hangs
// can be killed. Messages: in `{ id, path }`, out `{ id, pages: string[] }` or `{ id, error: { name, message } }`.
'use strict';

const { readFile } = require('node:fs/promises');

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

/** At most this many pages and characters per page are kept (a test paper has tens of pages). */
const MAX_PAGES = 2000;
const MAX_PAGE_CHARS = 20_000;

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined} */
let pdfjs;

/**
 * The page's text: items joined as laid out, control characters (and so NUL, which PostgreSQL text cannot hold)
 * removed, white space collapsed.
 * @param {Array<{ str?: string; hasEOL?: boolean }>} items
 */
function pageText(items) {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str + (item.hasEOL ? '\n' : ' ');
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
      .slice(0, MAX_PAGE_CHARS)
  );
}

/** @param {string} path */
async function extract(path) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(await readFile(path));
  const task = getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    /** @type {string[]} */
    const pages = [];
    for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES); n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push(pageText(/** @type {Array<{ str?: string; hasEOL?: boolean }>} */ (content.items)));
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

process.on('message', (message) => {
  const { id, path } = /** @type {{ id: number; path: string }} */ (message);
  extract(path).then(
    (pages) => process.send?.({ id, pages }),
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
