import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { formatContentScope, parseContentScope, ReadCache, type ChangeKind } from './read-cache';

/** The PostgreSQL channel every BFF instance of one database announces its changes on. */
export const CHANGES_CHANNEL = 'ppl_changes';
const KINDS: readonly ChangeKind[] = ['content', 'counters', 'index'];
/** The listening connection proves it is alive this often (and says so in cluster_instances). */
const HEARTBEAT_MS = 5_000;
/** An instance whose heartbeat is older than this is not waited for (it crashed, or lost its feed). */
const SILENT_AFTER = '20 seconds';
/** A write waits at most this long for the other instances to apply its announcement. */
const ACK_TIMEOUT_MS = 500;
/**
 * Counted downloads and views of one instance are announced together, at most this often: one NOTIFY names every
 * address that counted meanwhile (a busy day counts hundreds a second; each alone cost two statements per instance).
 */
export const COUNTERS_BATCH_MS = 100;
/** Addresses named by one counters notification (a payload stays far below PostgreSQL's 8,000 bytes). */
const ADDRESSES_PER_NOTIFICATION = 100;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Several BFF instances against one PostgreSQL behave as one.
 *
 * Every change this instance makes to what the read cache shows is announced with NOTIFY (payload
 * `<kind>:<instance>:<sequence>:<detail>`, the detail being the comma-separated addresses that counted downloads or
 * views, or the scope of a content change (`subjects=1,2`; empty: anything)); the
 * others hear it on a LISTEN connection of their own and drop what it changed. A content change (an admin's write)
 * waits until every live instance has applied it (each records the sequence it applied in `cluster_instances`)
 * before the write answers, so the client's next request reads fresh data whichever instance takes it (NOTIFY alone
 * reaches the others a moment after the commit, not before the answer). Download counters and the search index are
 * announced without waiting, and counters at most every COUNTERS_BATCH_MS, one announcement for all counted
 * meanwhile.
 *
 * While an instance's LISTEN connection is down (database restart, network) its read cache stands aside
 * (`live: false`) and it starts empty when the feed is back: nothing another instance changed meanwhile is ever
 * served. The embedded PGlite belongs to one process, so this runs only with DATABASE_URL.
 */
@Injectable()
export class ClusterInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ClusterInvalidation');
  /** Tells this instance's own announcements apart from the others'. */
  readonly instanceId = randomUUID();
  private client: Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  /** Addresses that counted since the last counters announcement; null: none is due. */
  private countedSince: Set<string> | null = null;
  private countersTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly cache: ReadCache,
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  get listening(): boolean {
    return this.client !== null;
  }

  onModuleInit(): void {
    if (!this.config.databaseUrl) return;
    // Until the first LISTEN is in place, changes of other instances would be missed: stand aside.
    this.cache.setLive(false);
    this.unsubscribe = this.cache.onLocalChange((kind, client, scope) =>
      kind === 'counters'
        ? this.counted(client)
        : this.announce(kind, [kind === 'content' ? formatContentScope(scope) : '']),
    );
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.retry) clearTimeout(this.retry);
    await this.announceCounted();
    this.drop();
    // Not waited for any more by the others' writes.
    await this.db.query('DELETE FROM cluster_instances WHERE id = $1', [this.instanceId]).catch(() => undefined);
  }

  /** A counted download or view: announced with the others of its batch (its address, when it is one, named). */
  private counted(client: string | undefined): void {
    this.countedSince ??= new Set();
    if (client && isIP(client)) this.countedSince.add(client);
    this.countersTimer ??= setTimeout(() => void this.announceCounted(), COUNTERS_BATCH_MS);
  }

  private async announceCounted(): Promise<void> {
    if (this.countersTimer) clearTimeout(this.countersTimer);
    this.countersTimer = null;
    const addresses = this.countedSince;
    this.countedSince = null;
    if (!addresses) return;
    const details: string[] = [];
    const all = [...addresses];
    for (let i = 0; i < all.length; i += ADDRESSES_PER_NOTIFICATION)
      details.push(all.slice(i, i + ADDRESSES_PER_NOTIFICATION).join(','));
    await this.announce('counters', details.length > 0 ? details : ['']);
  }

  /**
   * NOTIFY the others, one notification per detail; for content, resolve once every live instance applied it (or
   * ACK_TIMEOUT_MS passed). Never rejects: a lost announcement is bounded by the cache's maximum age, and the write
   * itself has committed.
   */
  private async announce(kind: ChangeKind, details: readonly string[]): Promise<void> {
    try {
      const [row] = await this.db.query<Array<{ seq: string }>>(
        `SELECT max(s.seq)::text AS seq, count(pg_notify($1, $2 || ':' || $3 || ':' || s.seq || ':' || d.detail)) AS sent
         FROM unnest($4::text[]) AS d(detail), (SELECT nextval('cluster_change_seq') AS seq) s`,
        [CHANGES_CHANNEL, kind, this.instanceId, details],
      );
      if (kind === 'content' && row) await this.applied(row.seq);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not announce a change to other instances');
    }
  }

  /** Waits until no live instance other than this one is behind `seq`. */
  private async applied(seq: string): Promise<void> {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    for (let wait = 1; ; wait = Math.min(wait * 2, 20)) {
      const [row] = await this.db.query<Array<{ behind: number }>>(
        `SELECT count(*)::int AS behind FROM cluster_instances
         WHERE id <> $1 AND seen < $2::bigint AND heartbeat_at > now() - $3::interval`,
        [this.instanceId, seq, SILENT_AFTER],
      );
      if ((row?.behind ?? 0) === 0) return;
      if (Date.now() >= deadline) {
        this.logger.warn(`${row!.behind} instance(s) did not confirm a change within ${ACK_TIMEOUT_MS} ms`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private onNotification(payload: string): void {
    // The detail comes last: an IPv6 address holds colons of its own.
    const [kind, origin, seq, ...rest] = payload.split(':');
    if (!KINDS.includes(kind as ChangeKind) || !seq || !/^\d+$/.test(seq)) return;
    const detail = rest.join(':');
    if (origin !== this.instanceId)
      this.cache.applyRemote(
        kind as ChangeKind,
        kind === 'counters' ? detail.split(',').filter((address) => isIP(address) !== 0) : [],
        kind === 'content' ? parseContentScope(detail) : undefined,
      );
    // Applied (synchronously, above): say so, for the writer of a content change waiting on it (the other kinds
    // are not waited for; a later content sequence confirms every one before it).
    if (kind !== 'content') return;
    this.db
      .query('UPDATE cluster_instances SET seen = GREATEST(seen, $2::bigint) WHERE id = $1', [this.instanceId, seq])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not confirm a change'));
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.config.databaseUrl,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      application_name: `ppl-bff-listen-${this.instanceId.slice(0, 8)}`,
    });
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) this.onNotification(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Everything announced so far is behind this instance: it starts from an empty cache.
      await client.query(
        `INSERT INTO cluster_instances (id, seen, heartbeat_at) VALUES ($1, (SELECT last_value FROM cluster_change_seq), now())
         ON CONFLICT (id) DO UPDATE SET seen = EXCLUDED.seen, heartbeat_at = now()`,
        [this.instanceId],
      );
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped) {
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    this.heartbeat = setInterval(() => {
      client
        .query('UPDATE cluster_instances SET heartbeat_at = now() WHERE id = $1', [this.instanceId])
        .catch((error: unknown) => this.lost(client, error));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    this.cache.setLive(true);
    this.logger.log('Following the changes of other instances');
  }

  private lost(client: Client, error?: unknown): void {
    if (this.client !== null && this.client !== client) return;
    const wasListening = this.client === client;
    this.drop();
    this.cache.setLive(false);
    if (this.stopped || this.retry) return;
    if (wasListening)
      this.logger.warn({ err: error }, 'Lost the change feed of other instances; the read cache stands aside');
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }

  private drop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
    }
  }
}
