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

/**
 * What a content change can have changed on the public pages: only what shows these subjects (their own pages; any
 * page that lists or searches subjects shows every one of them). No scope: anything.
 */
export interface ContentScope {
  subjects: number[];
}

/** A scope naming more subjects than this is sent as "anything". */
export const MAX_SCOPE_SUBJECTS = 100;

/** The scope as announced between instances (`subjects=1,2`), or undefined for anything. */
export function formatContentScope(scope: ContentScope | undefined): string {
  return scope ? `subjects=${scope.subjects.join(',')}` : '';
}

/** Reads an announced scope back; anything not exactly a list of subject ids is "anything" (undefined). */
export function parseContentScope(text: string): ContentScope | undefined {
  const match = /^subjects=(\d{1,10}(?:,\d{1,10}){0,99})$/.exec(text);
  if (!match) return undefined;
  return contentScopeOf(match[1]!.split(',').map(Number));
}

/** A scope for these subject ids, or undefined (anything) when they are not a short list of positive integers. */
export function contentScopeOf(ids: readonly unknown[]): ContentScope | undefined {
  if (ids.length === 0 || ids.length > MAX_SCOPE_SUBJECTS) return undefined;
  if (!ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) return undefined;
  return { subjects: [...new Set(ids as number[])] };
}

export interface Versions {
  content: number;
  counters: number;
  /** Moves when the documents' searchable text changed (extraction finishes after the write). */
  index: number;
}

/**
 * Finished JSON answers of public reads, kept until the data behind them changes.
 *
 * Two version counters say when that is: `content` moves after every committed admin write, `counters` after every
 * counted download or view. An entry is stored with the versions seen when its request *started*, so a read that
 * overlaps a write can never outlive it. Entries that include download counts also follow `counters`, but only once
 * they are `countsMaxAgeMs` old: a download changes a number, not the page, and in exam season one arrives every
 * moment, so counts are eventually consistent (at most that far behind) rather than every count-carrying answer
 * being computed again after each download. The client whose download or view moved them is the exception: its own
 * next read is computed again (`countedBy`), so a student sees their download counted at once. Search answers also follow
 * `index`, which moves when a document's text was stored. Memory is bounded (least recently used entries go first).
 *
 * Several BFF instances: each change made here is announced to the others (`onLocalChange`, published by
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
  private readonly listeners = new Set<(versions: Versions, scope?: ContentScope) => void>();
  private readonly localListeners = new Set<ChangeListener>();
  private liveFeed = true;
  /**
   * The counters version each client's (an address's) last counted download or view moved them to; an answer computed
   * under an older version is stale for that client. The oldest forgotten past MAX_CLIENTS.
   */
  private readonly countedBy = new Map<string, number>();

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly countsMaxAgeMs = 0,
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
  announceContentChange(scope?: ContentScope): Promise<void> {
    return this.changed('content', true, undefined, scope);
  }

  /** A counted download or view; `client` (its address), when known, reads its own count at once. */
  countersChanged(client?: string): void {
    const announced = this.changed('counters', true, client);
    this.rememberCounting(client);
    void announced;
  }

  searchIndexChanged(): void {
    void this.changed('index', true);
  }

  /**
   * A change another instance made (it announced it; this one does not announce it again). `clients`: for counters,
   * the addresses that counted (each reads its own count at once here too).
   */
  applyRemote(kind: ChangeKind, clients: readonly string[] = [], scope?: ContentScope): void {
    void this.changed(kind, false, undefined, kind === 'content' ? scope : undefined);
    if (kind === 'counters') for (const client of clients) this.rememberCounting(client);
  }

  private rememberCounting(client: string | undefined): void {
    if (!client) return;
    this.countedBy.delete(client);
    this.countedBy.set(client, this.counterVersion);
    if (this.countedBy.size > MAX_CLIENTS) this.countedBy.delete(this.countedBy.keys().next().value!);
  }

  /** Calls `listener` with every change made by this instance (to announce it to the others). */
  onLocalChange(listener: ChangeListener): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  private changed(kind: ChangeKind, local: boolean, client?: string, scope?: ContentScope): Promise<void> {
    if (kind === 'content') this.contentVersion++;
    else if (kind === 'counters') this.counterVersion++;
    else this.indexVersion++;
    this.notify(scope);
    if (!local || this.localListeners.size === 0) return Promise.resolve();
    return Promise.all([...this.localListeners].map((listener) => Promise.resolve(listener(kind, client, scope)))).then(
      () => undefined,
    );
  }

  /**
   * Calls `listener` after every change of any version (the internal versions stream), with the scope of a content
   * change that named one; returns the unsubscribe.
   */
  onChange(listener: (versions: Versions, scope?: ContentScope) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(scope?: ContentScope): void {
    const versions = this.versions();
    for (const listener of this.listeners) listener(versions, scope);
  }

  /** The stored answer for `key`, if still fresh for `client` (the reader's address: see countersChanged). */
  get(key: string, client?: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    const countsMoved = entry.counterVersion !== null && entry.counterVersion !== this.counterVersion;
    const countedSince =
      client !== undefined && entry.counterVersion !== null && (this.countedBy.get(client) ?? 0) > entry.counterVersion;
    const stale =
      entry.contentVersion !== this.contentVersion ||
      (countsMoved && (age >= this.countsMaxAgeMs || countedSince)) ||
      (entry.indexVersion !== null && entry.indexVersion !== this.indexVersion) ||
      age > this.maxAgeMs;
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
      // Counts that moved while it was computed are only as stale as any cached count (see get): kept, unless counts
      // must be exact (countsMaxAgeMs 0).
      (includesCounters && seen.counters !== this.counterVersion && this.countsMaxAgeMs === 0) ||
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

/** Hears every change made by this instance: a counted download's client, a content change's scope. */
type ChangeListener = (kind: ChangeKind, client?: string, scope?: ContentScope) => Promise<void> | void;

/** Clients remembered as having just counted something (bounded memory under a flood of addresses). */
const MAX_CLIENTS = 10_000;

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}
