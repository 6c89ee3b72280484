export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The server answers several ranges in one request (multipart/byteranges) when it sends this header. */
const MULTIPART_HEADER = 'X-Multipart-Ranges';
/** Reads asked for within this time go out as one request (pdf.js asks for scattered objects all at once). */
const BATCH_MS = 10;
/** At most this many ranges in one request (the server's limit is higher). */
const RANGES_PER_REQUEST = 32;

/** One stretch of a document's bytes [begin, end), filled from its first byte on as they arrive. */
class Block {
  readonly bytes: Uint8Array;
  filled = 0;
  private failure: Error | null = null;
  private waiters: Array<{ until: number; resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(
    readonly begin: number,
    readonly end: number,
  ) {
    this.bytes = new Uint8Array(end - begin);
  }

  append(chunk: Uint8Array): void {
    const room = Math.min(chunk.length, this.bytes.length - this.filled);
    this.bytes.set(chunk.subarray(0, room), this.filled);
    this.filled += room;
    this.waiters = this.waiters.filter((w) => (w.until <= this.filled ? (w.resolve(), false) : true));
  }

  fail(error: unknown): void {
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.waiters.forEach((w) => w.reject(this.failure));
    this.waiters = [];
  }

  /** Resolves once the bytes up to `position` (a document offset) are here. */
  until(position: number): Promise<void> {
    const until = Math.min(position, this.end) - this.begin;
    if (this.failure !== null) return Promise.reject(this.failure);
    if (until <= this.filled) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ until, resolve, reject }));
  }
}

/**
 * A stored document's bytes, read with HTTP Range requests only (never the whole file) and kept for the visit.
 * Every byte is asked for once: a read that overlaps bytes already fetched, or on their way, waits for those (only
 * as far as it needs: a stretch is usable from its first byte on, as it arrives) and asks only for the gaps. So the
 * viewer starts fetching a document's first and last bytes (its header and its cross-reference table, which
 * pdf.js reads first) from the page's HTML, and pdf.js's own requests are answered from them.
 *
 * On a phone's link each request costs a round trip, and pdf.js asks for many small pieces at once (a page tree's
 * page dictionaries lie all over a file): once the server has said it can (`X-Multipart-Ranges`), reads asked for
 * together go out as one request for several ranges, answered as multipart/byteranges.
 */
export class RangeReader {
  private readonly blocks: Block[] = [];
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private received = 0;
  private requests = 0;
  private multipart = false;
  private queue: Block[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly url: string,
    /** The document's size in bytes, as the API gives it. */
    readonly size: number,
    private readonly fetchRange: RangeFetch = (url, init) => fetch(url, init),
  ) {}

  /** Bytes received so far (the data budget the viewer shows), multipart framing included. */
  get fetched(): number {
    return this.received;
  }

  /** Requests made so far. */
  get requestCount(): number {
    return this.requests;
  }

  onProgress(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts fetching [begin, end) now, unless it is already fetched or on its way. */
  prefetch(begin: number, end: number): void {
    this.read(begin, end).catch(() => undefined);
  }

  /**
   * Starts fetching [begin, end) at its own address (`queryRangeUrl`: the range in the query, no Range header), the
   * one the page's HTML preloads: the browser answers from its preload when it has it.
   */
  prefetchPreloaded(begin: number, end: number): void {
    const from = Math.max(0, begin);
    const to = Math.min(end, this.size);
    if (to <= from || this.blocks.some((b) => b.begin < to && b.end > from)) return;
    const block = this.track(new Block(from, to));
    this.requests++;
    this.fetchRange(queryRangeUrl(this.url, from, to), { signal: this.controller.signal, credentials: 'same-origin' })
      .then((response) => this.receive(response, [block]))
      .catch((error: unknown) => this.failed([block], error));
  }

  /** Bytes [begin, end) of the document. */
  async read(begin: number, end: number): Promise<Uint8Array> {
    const from = Math.max(0, begin);
    const to = Math.min(end, this.size);
    if (to <= from) return new Uint8Array(0);
    const parts: Block[] = [];
    let position = from;
    const overlapping = this.blocks.filter((b) => b.end > from && b.begin < to).sort((a, b) => a.begin - b.begin);
    for (const block of overlapping) {
      if (block.begin > position) parts.push(this.ask(position, block.begin));
      if (block.end > position) {
        parts.push(block);
        position = block.end;
      }
    }
    if (position < to) parts.push(this.ask(position, to));
    await Promise.all(parts.map((part) => part.until(to)));
    const out = new Uint8Array(to - from);
    for (const part of parts) {
      const start = Math.max(part.begin, from);
      const stop = Math.min(part.end, to);
      out.set(part.bytes.subarray(start - part.begin, stop - part.begin), start - from);
    }
    return out;
  }

  /** Stops every request under way (the document was closed). */
  abort(): void {
    this.controller.abort();
    this.flush();
  }

  private track(block: Block): Block {
    this.blocks.push(block);
    return block;
  }

  /** A new stretch to fetch: out at once, or with the others asked for within BATCH_MS once multipart is known. */
  private ask(begin: number, end: number): Block {
    const block = this.track(new Block(begin, end));
    this.queue.push(block);
    if (!this.multipart) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), BATCH_MS);
    return block;
  }

  private flush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const queued = this.queue.sort((a, b) => a.begin - b.begin);
    this.queue = [];
    const size = this.multipart ? RANGES_PER_REQUEST : 1;
    for (let i = 0; i < queued.length; i += size) {
      const batch = queued.slice(i, i + size);
      this.requests++;
      this.fetchRange(this.url, {
        headers: { Range: `bytes=${batch.map((b) => `${b.begin}-${b.end - 1}`).join(',')}` },
        signal: this.controller.signal,
        credentials: 'same-origin',
      })
        .then((response) => this.receive(response, batch))
        .catch((error: unknown) => this.failed(batch, error));
    }
  }

  /** Fills the blocks a response answers: one range as it arrives; the parts of a multipart answer; a whole file. */
  private async receive(response: Response, batch: Block[]): Promise<void> {
    if (response.status !== 206 && response.status !== 200) throw new Error(`A range read answered ${response.status}`);
    if (response.headers.get(MULTIPART_HEADER) === '1') this.multipart = true;
    const boundary = /^multipart\/byteranges;\s*boundary="?([^";]+)"?/i.exec(
      response.headers.get('Content-Type') ?? '',
    )?.[1];
    if (response.status === 206 && !boundary && batch.length === 1) {
      const [block] = batch as [Block];
      // From another origin Content-Range may not be readable (not a CORS-safelisted header): the length checks it.
      const header = response.headers.get('Content-Range');
      const range = header === null ? block : parseContentRange(header, this.size);
      if (range.begin !== block.begin || range.end !== block.end)
        throw new Error('A range read answered another range');
      let length = 0;
      await this.readBody(response, (chunk) => {
        length += chunk.length;
        block.append(chunk);
      });
      if (length !== block.bytes.length) throw new Error('A range read answered another length');
      return;
    }
    const chunks: Uint8Array[] = [];
    await this.readBody(response, (chunk) => chunks.push(chunk));
    const body = concat(chunks);
    let parts: Array<{ begin: number; bytes: Uint8Array }>;
    if (response.status === 200) {
      // The server ignored the Range and sent the whole file: keep all of it (nothing is asked twice).
      if (body.length !== this.size) throw new Error('The document changed while it was read');
      this.track(new Block(0, this.size)).append(body);
      parts = [{ begin: 0, bytes: body }];
    } else if (boundary) {
      parts = multipartParts(body, boundary, this.size);
    } else {
      const range = parseContentRange(response.headers.get('Content-Range'), this.size);
      parts = [{ begin: range.begin, bytes: body.subarray(0, range.end - range.begin) }];
    }
    for (const block of batch) {
      const part = parts.find((p) => p.begin <= block.begin && p.begin + p.bytes.length >= block.end);
      if (!part) throw new Error(`Range ${block.begin}-${block.end - 1} was not in the answer`);
      block.append(part.bytes.subarray(block.begin - part.begin, block.end - part.begin));
    }
  }

  /** A failed read is forgotten, so that the next read of those bytes asks again. */
  private failed(batch: Block[], error: unknown): void {
    for (const block of batch) {
      if (block.filled === block.bytes.length) continue;
      block.fail(error);
      const index = this.blocks.indexOf(block);
      if (index >= 0) this.blocks.splice(index, 1);
    }
  }

  /** Reads a body, counting bytes as they arrive (the viewer's "fetched" figure moves during a long read). */
  private async readBody(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<void> {
    const reader = response.body?.getReader();
    const take = (chunk: Uint8Array) => {
      this.received += chunk.length;
      onChunk(chunk);
      this.listeners.forEach((listener) => listener());
    };
    if (!reader) {
      take(new Uint8Array(await response.arrayBuffer()));
      return;
    }
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      take(value);
    }
  }
}

/**
 * A stream read of one range named in the query (`&range=0-65535`), for reads the page's HTML starts as
 * `<link rel="preload">` (which cannot send a Range header).
 */
export function queryRangeUrl(url: string, begin: number, end: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}range=${begin}-${end - 1}`;
}

/** [begin, end) of a Content-Range, checking the document's size has not changed. */
function parseContentRange(header: string | null, size: number): { begin: number; end: number } {
  const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!range) throw new Error(`A range read answered ${header ?? 'no range'}`);
  if (range[3] !== '*' && Number(range[3]) !== size) throw new Error('The document changed while it was read');
  return { begin: Number(range[1]), end: Number(range[2]) + 1 };
}

/** The parts of a multipart/byteranges body: each "--boundary", headers, an empty line, then its bytes. */
function multipartParts(body: Uint8Array, boundary: string, size: number): Array<{ begin: number; bytes: Uint8Array }> {
  const parts = [];
  const text = new TextDecoder('latin1');
  let offset = 0;
  for (;;) {
    const headEnd = indexOf(body, CRLF_CRLF, offset);
    if (headEnd < 0) break;
    const head = text.decode(body.subarray(offset, headEnd));
    if (!head.includes(`--${boundary}`)) break;
    const range = parseContentRange(/content-range:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null, size);
    const start = headEnd + 4;
    const bytes = body.subarray(start, start + range.end - range.begin);
    if (bytes.length !== range.end - range.begin) throw new Error('A range read was cut short');
    parts.push({ begin: range.begin, bytes });
    offset = start + bytes.length;
  }
  return parts;
}

const CRLF_CRLF = [13, 10, 13, 10];

function indexOf(bytes: Uint8Array, pattern: number[], from: number): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
