/** One stretch of a document's bytes, fetched or being fetched. */
interface Block {
  begin: number;
  end: number;
  data: Promise<Uint8Array>;
}

/** A read waiting for the next request. */
interface Wanted {
  begin: number;
  end: number;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: unknown) => void;
}

export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The server answers several ranges in one request (multipart/byteranges) when it sends this header. */
const MULTIPART_HEADER = 'X-Multipart-Ranges';
/** Reads asked for within this time go out as one request (pdf.js asks for scattered objects all at once). */
const BATCH_MS = 10;
/** At most this many ranges in one request (the server's limit is higher). */
const RANGES_PER_REQUEST = 32;

/**
 * A stored document's bytes, read with HTTP Range requests only (never the whole file) and kept for the visit.
 * Every byte is asked for once: a read that overlaps bytes already fetched, or on their way, waits for those and
 * asks only for the gaps. So the viewer can start fetching the first and last bytes of a document (its header and
 * its cross-reference table, which pdf.js reads first) while pdf.js itself is still loading, and pdf.js's own
 * requests are then answered from them.
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
  private queue: Wanted[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly url: string,
    /** The document's size in bytes, as the API gives it. */
    readonly size: number,
    private readonly fetchRange: RangeFetch = (url, init) => fetch(url, init),
  ) {}

  /** Bytes received so far (the data budget the viewer shows). */
  get fetched(): number {
    return this.received;
  }

  /** Range requests made so far. */
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
    if (to <= from || this.blocks.some((b) => b.begin <= from && b.end >= to)) return;
    const block: Block = { begin: from, end: to, data: this.preloaded(from, to) };
    this.blocks.push(block);
    block.data.catch(() => this.blocks.splice(this.blocks.indexOf(block), 1));
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
      if (block.begin > position) parts.push(this.fetchBlock(position, block.begin));
      if (block.end > position) {
        parts.push(block);
        position = block.end;
      }
    }
    if (position < to) parts.push(this.fetchBlock(position, to));
    if (parts.length === 1 && parts[0]!.begin === from && parts[0]!.end === to) return parts[0]!.data;
    const datas = await Promise.all(parts.map((p) => p.data));
    const out = new Uint8Array(to - from);
    parts.forEach((part, i) => {
      const start = Math.max(part.begin, from);
      const stop = Math.min(part.end, to);
      out.set(datas[i]!.subarray(start - part.begin, stop - part.begin), start - from);
    });
    return out;
  }

  /** Stops every request under way (the document was closed). */
  abort(): void {
    this.controller.abort();
    this.flush();
  }

  private fetchBlock(begin: number, end: number): Block {
    const block: Block = { begin, end, data: this.download(begin, end) };
    this.blocks.push(block);
    // A failed read is forgotten, so that the next read of those bytes asks again.
    block.data.catch(() => this.blocks.splice(this.blocks.indexOf(block), 1));
    return block;
  }

  private async preloaded(begin: number, end: number): Promise<Uint8Array> {
    this.requests++;
    const response = await this.fetchRange(queryRangeUrl(this.url, begin, end), {
      signal: this.controller.signal,
      credentials: 'same-origin',
    });
    if (response.status !== 206) throw new Error(`A range read answered ${response.status}`);
    if (response.headers.get(MULTIPART_HEADER) === '1') this.multipart = true;
    const part = this.part(response.headers.get('Content-Range'), await this.readBody(response));
    if (part.begin !== begin || part.end !== end) throw new Error('A range read answered another range');
    return part.bytes;
  }

  private download(begin: number, end: number): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ begin, end, resolve, reject });
      if (!this.multipart) this.flush();
      else this.flushTimer ??= setTimeout(() => this.flush(), BATCH_MS);
    });
  }

  /** Sends what is queued: one request per batch of ranges (one range each until the server says it can). */
  private flush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const wanted = this.queue.sort((a, b) => a.begin - b.begin);
    this.queue = [];
    const size = this.multipart ? RANGES_PER_REQUEST : 1;
    for (let i = 0; i < wanted.length; i += size) {
      const batch = wanted.slice(i, i + size);
      this.request(batch).catch((error: unknown) => batch.forEach((w) => w.reject(error)));
    }
  }

  private async request(batch: Wanted[]): Promise<void> {
    this.requests++;
    const response = await this.fetchRange(this.url, {
      headers: { Range: `bytes=${batch.map((w) => `${w.begin}-${w.end - 1}`).join(',')}` },
      signal: this.controller.signal,
      credentials: 'same-origin',
    });
    if (response.status !== 206 && response.status !== 200) throw new Error(`A range read answered ${response.status}`);
    if (response.headers.get(MULTIPART_HEADER) === '1') this.multipart = true;
    const body = await this.readBody(response);
    const parts = this.partsOf(response, body);
    for (const w of batch) {
      const part = parts.find((p) => p.begin <= w.begin && p.end >= w.end);
      if (part) w.resolve(part.bytes.subarray(w.begin - part.begin, w.end - part.begin));
      else w.reject(new Error(`Range ${w.begin}-${w.end - 1} was not in the answer`));
    }
  }

  /** The byte ranges an answer holds: the whole file (200), one range, or the parts of a multipart/byteranges. */
  private partsOf(response: Response, body: Uint8Array): Array<{ begin: number; end: number; bytes: Uint8Array }> {
    if (response.status === 200) {
      // The server ignored the Range and sent the whole file: keep all of it (nothing is asked twice).
      if (body.length !== this.size) throw new Error('The document changed while it was read');
      this.blocks.push({ begin: 0, end: this.size, data: Promise.resolve(body) });
      return [{ begin: 0, end: this.size, bytes: body }];
    }
    const type = response.headers.get('Content-Type') ?? '';
    const boundary = /^multipart\/byteranges;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return [this.part(response.headers.get('Content-Range'), body)];
    // Each part: "--boundary", headers, an empty line, then exactly as many bytes as its Content-Range says.
    const parts = [];
    const text = new TextDecoder('latin1');
    let offset = 0;
    for (;;) {
      const headEnd = indexOf(body, CRLF_CRLF, offset);
      if (headEnd < 0) break;
      const head = text.decode(body.subarray(offset, headEnd));
      if (!head.includes(`--${boundary}`)) break;
      const contentRange = /content-range:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null;
      const start = headEnd + 4;
      const range = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
      if (!range) break;
      const length = Number(range[2]) - Number(range[1]) + 1;
      parts.push(this.part(contentRange, body.subarray(start, start + length)));
      offset = start + length;
    }
    return parts;
  }

  private part(contentRange: string | null, bytes: Uint8Array) {
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '');
    if (!range) throw new Error(`A range read answered ${contentRange ?? 'no range'}`);
    if (range[3] !== '*' && Number(range[3]) !== this.size) throw new Error('The document changed while it was read');
    const begin = Number(range[1]);
    if (bytes.length !== Number(range[2]) - begin + 1) throw new Error('A range read was cut short');
    return { begin, end: begin + bytes.length, bytes };
  }

  /** The body, counting bytes as they arrive (the viewer's "fetched" figure moves during a long read). */
  private async readBody(response: Response): Promise<Uint8Array> {
    const reader = response.body?.getReader();
    if (!reader) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      this.count(bytes.length);
      return bytes;
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
      this.count(value.length);
    }
    if (chunks.length === 1) return chunks[0]!;
    const out = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  private count(bytes: number): void {
    this.received += bytes;
    this.listeners.forEach((listener) => listener());
  }
}

const CRLF_CRLF = [13, 10, 13, 10];

function indexOf(bytes: Uint8Array, pattern: number[], from: number): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * A stream read of one range named in the query (`&range=0-65535`), for reads the page's HTML starts as
 * `<link rel="preload">` (which cannot send a Range header).
 */
export function queryRangeUrl(url: string, begin: number, end: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}range=${begin}-${end - 1}`;
}
