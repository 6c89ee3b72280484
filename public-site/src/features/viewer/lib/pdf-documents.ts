import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfjs } from './pdfjs';
import { pageTreeKidOffsets } from './page-tree';
import { queryRangeUrl, RangeReader } from './range-reader';

/** How much of a document the viewer has fetched (bytes). */
export interface FetchProgress {
  loaded: number;
  total: number;
}

/** What the viewer needs to know of a document to read it: where, and how big it is (the API says). */
export interface PdfSource {
  streamUrl: string;
  size: number | null;
}

/**
 * pdf.js reads in chunks of this size. Small, because a PDF's small objects (page dictionaries, content streams,
 * fonts' dictionaries) are scattered through the file and each costs a chunk; a large image is still one request
 * (pdf.js asks for a run of missing chunks at once).
 */
export const RANGE_CHUNK_SIZE = 1024;
/**
 * A read of one chunk is almost always one small object, which may run on into the next chunk: that one comes
 * along (pdf.js keeps every whole chunk it is given), rather than costing another round trip once pdf.js finds
 * the object cut short.
 */
const SMALL_READ_AHEAD = RANGE_CHUNK_SIZE;
/**
 * Fetched before pdf.js asks, from the page's HTML, while the page's scripts start (about a second on a phone, with
 * the link otherwise idle), when the viewer opens at page 1: the start of the file, where the header is, and where
 * page 1's objects are in a linearised file and in most others (producers write pages in order). 256 KB is what the
 * Lighthouse mobile link (1.6 Mbps) brings in about that second; on a bigger first page the rest is asked for as
 * pdf.js needs it. Opened at another page (a search result's page), only the header ...
 */
const HEAD_BYTES = 262144;
const HEADER_BYTES = 4096;
/** ... and the end, where the cross-reference table, the trailer and usually the page tree are. */
const TAIL_BYTES = 16384;

interface OpenDocument {
  reader: RangeReader | null;
  task: PDFDocumentLoadingTask | null;
  opening: Promise<PDFDocumentProxy> | null;
  progress: FetchProgress | undefined;
}

const documents = new Map<string, OpenDocument>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function entry(source: PdfSource): OpenDocument {
  let doc = documents.get(source.streamUrl);
  if (!doc) {
    const reader = source.size && source.size > 0 ? new RangeReader(source.streamUrl, source.size) : null;
    doc = { reader, task: null, opening: null, progress: undefined };
    const opened = doc;
    reader?.onProgress(() => {
      opened.progress = { loaded: reader.fetched, total: reader.size };
      notify();
    });
    documents.set(source.streamUrl, doc);
  }
  return doc;
}

/** What pdf.js reads first when it opens a document at `page`: its first and last bytes ([begin, end) pairs). */
function firstReads(size: number, page: number): Array<[number, number]> {
  const head = page <= 1 ? HEAD_BYTES : HEADER_BYTES;
  const tail = Math.max(0, size - TAIL_BYTES);
  return tail <= head
    ? [[0, size]]
    : [
        [0, head],
        [tail, size],
      ];
}

/**
 * The addresses of a document's first reads, for the page's HTML to preload (`<link rel="preload" as="fetch">`):
 * they start as the HTML arrives, before any script, and `prefetchPdf` then finds them in the browser's preloads.
 */
export function firstReadUrls(source: PdfSource, page: number): string[] {
  if (!source.size || source.size <= 0) return [];
  return firstReads(source.size, page).map(([begin, end]) => queryRangeUrl(source.streamUrl, begin, end));
}

/**
 * Starts fetching what pdf.js will read first (the document's first and last bytes), before pdf.js itself is
 * loaded (`openPdf` does, as soon as the page knows which document it shows).
 */
function prefetchPdf(source: PdfSource, page: number): void {
  const { reader } = entry(source);
  if (!reader) return;
  const reads = firstReads(reader.size, page);
  for (const [begin, end] of reads) reader.prefetchPreloaded(begin, end);
  void prefetchPageTree(reader, reads[reads.length - 1]![0]);
}

/**
 * Once the end of the file is here: the page dictionaries pdf.js will ask for before it draws page 1 (see
 * `pageTreeKidOffsets`), fetched now, in one request, in the chunks pdf.js will ask for.
 */
async function prefetchPageTree(reader: RangeReader, tailBegin: number): Promise<void> {
  const text = new TextDecoder('latin1');
  const readText = async (begin: number, end: number) => text.decode(await reader.read(begin, end));
  try {
    const kids = await pageTreeKidOffsets(await readText(tailBegin, reader.size), tailBegin, readText);
    for (const offset of kids ?? []) {
      const chunk = Math.floor(offset / RANGE_CHUNK_SIZE) * RANGE_CHUNK_SIZE;
      reader.prefetch(chunk, chunk + RANGE_CHUNK_SIZE + SMALL_READ_AHEAD);
    }
  } catch {
    // Only a head start: pdf.js asks for what it needs anyway.
  }
}

/**
 * Opens a document once per page visit and keeps it: switching from the question paper to the mark scheme and back
 * shows pages already fetched and parsed. pdf.js gets the document's bytes through a range transport with the
 * size the API gave (no opening request for the whole file, no streaming, no prefetch of the rest): only what the
 * pages it draws need. Without a known size, pdf.js asks the server itself, with the same rules.
 */
export function openPdf(source: PdfSource, page = 1): Promise<PDFDocumentProxy> {
  const doc = entry(source);
  if (!doc.opening) prefetchPdf(source, page);
  doc.opening ??= (async () => {
    const { lib, worker } = await loadPdfjs();
    const params = {
      worker,
      disableStream: true,
      disableAutoFetch: true,
      rangeChunkSize: RANGE_CHUNK_SIZE,
      enableXfa: false,
    };
    const { reader } = doc;
    if (reader) {
      const transport = new lib.PDFDataRangeTransport(reader.size, null);
      transport.requestDataRange = (begin: number, end: number) => {
        const ahead = end - begin <= RANGE_CHUNK_SIZE ? SMALL_READ_AHEAD : 0;
        reader.read(begin, end + ahead).then(
          (chunk) => transport.onDataRange(begin, chunk),
          () => {
            // A failed read leaves pdf.js waiting for it: give the document up (the pane offers the file).
            if (documents.get(source.streamUrl) === doc) closePdf(source.streamUrl);
          },
        );
      };
      transport.abort = () => reader.abort();
      doc.task = lib.getDocument({ ...params, range: transport });
    } else {
      doc.task = lib.getDocument({ ...params, url: source.streamUrl });
      doc.task.onProgress = ({ loaded, total }: FetchProgress) => {
        doc.progress = { loaded, total };
        notify();
      };
    }
    return doc.task.promise;
  })();
  doc.opening.catch(() => {
    if (documents.get(source.streamUrl) === doc) documents.delete(source.streamUrl);
  });
  return doc.opening;
}

export function fetchProgress(url: string): FetchProgress | undefined {
  return documents.get(url)?.progress;
}

export function subscribeFetchProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function closePdf(url: string): void {
  const doc = documents.get(url);
  if (!doc) return;
  documents.delete(url);
  doc.reader?.abort();
  void doc.task?.destroy();
}

/** Frees every opened document (leaving the viewer). */
export function closeAllPdfs(): void {
  for (const url of [...documents.keys()]) closePdf(url);
  notify();
}
