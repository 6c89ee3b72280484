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

/** What changed: admin-written content, download counters, or the documents' searchable text. */
export type ChangeKind = 'content' | 'counters' | 'index';

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
 * write can never outlive it; entries that include download counts also follow `counters`. Search answers also follow
 * `index`, which moves when a document's text was stored. Memory is bounded (least recently used entries go first).
 *
 * Several BFF instances (issue 17): each change made here is announced to the others (`onLocalChange`, published by
 * ClusterInvalidation through PostgreSQL NOTIFY) and theirs arrive through `applyRemote`. While that feed is down the
 * cache is `live: false`: nothing is served from it or stored in it, and it starts empty when the feed is back, so
 * no instance serves what another one changed meanwhile. A maximum age bounds every entry all the same.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private contentVersion = 0;
  private counterVersion = 0;
  private indexVersion = 0;
  private readonly listeners = new Set<(versions: Versions) => void>();
  private readonly localListeners = new Set<(kind: ChangeKind) => Promise<void> | void>();
  private liveFeed = true;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0 && this.liveFeed;
  }

  /** False while the changes of other instances cannot reach this cache (see setLive). */
  get live(): boolean {
    return this.liveFeed;
  }

  /**
   * Whether the changes of other instances reach this cache (see the class comment). Going live again starts from
   * an empty cache with every version moved on: what was cached before the feed was lost may have changed since.
   */
  setLive(live: boolean): void {
    if (live === this.liveFeed) return;
    this.liveFeed = live;
    this.clear();
    this.contentVersion++;
    this.counterVersion++;
    this.indexVersion++;
    this.notify();
  }

  get size(): number {
    return this.entries.size;
  }

  versions(): Versions {
    return { content: this.contentVersion, counters: this.counterVersion, index: this.indexVersion };
  }

  contentChanged(): void {
    void this.changed('content', true);
  }

  /**
   * The same as contentChanged, resolved once the other instances were told: a write answers only after that, so the
   * next request, whichever instance takes it, reads fresh data.
   */
  announceContentChange(): Promise<void> {
    return this.changed('content', true);
  }

  countersChanged(): void {
    void this.changed('counters', true);
  }

  searchIndexChanged(): void {
    void this.changed('index', true);
  }

  /** A change another instance made (it announced it; this one does not announce it again). */
  applyRemote(kind: ChangeKind): void {
    void this.changed(kind, false);
  }

  /** Calls `listener` with every change made by this instance (to announce it to the others). */
  onLocalChange(listener: (kind: ChangeKind) => Promise<void> | void): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  private changed(kind: ChangeKind, local: boolean): Promise<void> {
    if (kind === 'content') this.contentVersion++;
    else if (kind === 'counters') this.counterVersion++;
    else this.indexVersion++;
    this.notify();
    if (!local || this.localListeners.size === 0) return Promise.resolve();
    return Promise.all([...this.localListeners].map((listener) => Promise.resolve(listener(kind)))).then(
      () => undefined,
    );
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
