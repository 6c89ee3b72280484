import { createHash } from 'node:crypto';
import { gzip } from 'node:zlib';

export interface CachedResponse {
  etag: string;
  body: Buffer;
  /** Filled in the background after the entry is stored; sent to clients that accept gzip once ready. */
  gzip?: Buffer;
}

interface Entry extends CachedResponse {
  contentVersion: number;
  counterVersion: number | null;
  indexVersion: number | null;
  storedAt: number;
}

export interface Versions {
  content: number;
  counters: number;
  /** Moves when the documents' searchable text changed (issue 15: extraction finishes after the write). */
  index: number;
}

/**
 * Finished JSON answers of public reads, kept until the data behind them changes.
 *
 * Two version counters say when that is: `content` moves after every committed admin write, `counters` after every
 * counted download. An entry is stored with the versions seen when its request *started*, so a read that overlaps a
 * write can never outlive it; entries that include download counts also follow `counters`. A maximum age bounds what
 * a second BFF instance (which does not see this one's writes) could serve. Search answers also follow `index`, which
 * moves when this process stored a document's text. Memory is bounded (least recently used entries go first).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private contentVersion = 0;
  private counterVersion = 0;
  private indexVersion = 0;
  private readonly listeners = new Set<(versions: Versions) => void>();

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  versions(): Versions {
    return { content: this.contentVersion, counters: this.counterVersion, index: this.indexVersion };
  }

  contentChanged(): void {
    this.contentVersion++;
    this.notify();
  }

  countersChanged(): void {
    this.counterVersion++;
    this.notify();
  }

  searchIndexChanged(): void {
    this.indexVersion++;
    this.notify();
  }

  /** Calls `listener` after every change of either version (the internal versions stream); returns the unsubscribe. */
  onChange(listener: (versions: Versions) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    const versions = this.versions();
    for (const listener of this.listeners) listener(versions);
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const stale =
      entry.contentVersion !== this.contentVersion ||
      (entry.counterVersion !== null && entry.counterVersion !== this.counterVersion) ||
      (entry.indexVersion !== null && entry.indexVersion !== this.indexVersion) ||
      this.now() - entry.storedAt > this.maxAgeMs;
    if (stale) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores an answer computed from data as of `seen` (taken when the request started). Returns the entry's ETag, or
   * undefined when it was not kept (data changed meanwhile, too large, or caching off).
   */
  store(
    key: string,
    body: Buffer,
    seen: Versions,
    includesCounters: boolean,
    includesIndex = false,
  ): string | undefined {
    const etag = etagOf(body);
    if (!this.enabled || body.length > this.maxBytes / 4) return etag;
    if (
      seen.content !== this.contentVersion ||
      (includesCounters && seen.counters !== this.counterVersion) ||
      (includesIndex && seen.index !== this.indexVersion)
    )
      return etag;
    this.delete(key);
    const entry: Entry = {
      etag,
      body,
      contentVersion: seen.content,
      counterVersion: includesCounters ? seen.counters : null,
      indexVersion: includesIndex ? seen.index : null,
      storedAt: this.now(),
    };
    this.entries.set(key, entry);
    this.bytes += body.length;
    this.evict();
    gzip(body, { level: 6 }, (error, compressed) => {
      if (!error && this.entries.get(key) === entry) {
        entry.gzip = compressed;
        this.bytes += compressed.length;
        this.evict();
      }
    });
    return etag;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + (entry.gzip?.length ?? 0);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.delete(key);
    }
  }
}

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}
