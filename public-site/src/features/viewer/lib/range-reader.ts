/** One stretch of a document's bytes, fetched or being fetched. */
interface Block {
  begin: number;
  end: number;
  data: Promise<Uint8Array>;
}

export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A stored document's bytes, read with HTTP Range requests only (never the whole file) and kept for the visit.
 * Every byte is asked for once: a read that overlaps bytes already fetched, or on their way, waits for those and
 * asks only for the gaps. So the viewer can start fetching the first and last bytes of a document (its header and
 * its cross-reference table, which pdf.js reads first) while pdf.js itself is still loading, and pdf.js's own
 * requests are then answered from them.
 */
export class RangeReader {
  private readonly blocks: Block[] = [];
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private received = 0;
  private requests = 0;

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
  }

  private fetchBlock(begin: number, end: number): Block {
    const block: Block = { begin, end, data: this.download(begin, end) };
    this.blocks.push(block);
    // A failed read is forgotten, so that the next read of those bytes asks again.
    block.data.catch(() => this.blocks.splice(this.blocks.indexOf(block), 1));
    return block;
  }

  private async download(begin: number, end: number): Promise<Uint8Array> {
    this.requests++;
    const response = await this.fetchRange(this.url, {
      headers: { Range: `bytes=${begin}-${end - 1}` },
      signal: this.controller.signal,
      credentials: 'same-origin',
    });
    if (response.status !== 206 && response.status !== 200) {
      throw new Error(`Range ${begin}-${end - 1} answered ${response.status}`);
    }
    const body = await this.readBody(response);
    if (response.status === 200) {
      // The server ignored the Range and sent the whole file: keep all of it (nothing is asked twice).
      if (body.length !== this.size) throw new Error('The document changed while it was read');
      this.blocks.push({ begin: 0, end: this.size, data: Promise.resolve(body) });
      return body.subarray(begin, end);
    }
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(response.headers.get('Content-Range') ?? '');
    if (!range || Number(range[1]) !== begin || body.length !== end - begin) {
      throw new Error(`Range ${begin}-${end - 1} answered ${response.headers.get('Content-Range') ?? 'no range'}`);
    }
    if (range[3] !== '*' && Number(range[3]) !== this.size) throw new Error('The document changed while it was read');
    return body;
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
