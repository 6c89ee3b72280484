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
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Several BFF instances against one PostgreSQL behave as one.
 *
 * Every change this instance makes to what the read cache shows is announced with NOTIFY (payload
 * `<kind>:<instance>:<sequence>:<detail>`, the detail being the address of a counted download, or the scope of a
 * content change (`subjects=1,2`; empty: anything)); the
 * others hear it on a LISTEN connection of their own, drop what it changed and record the sequence they applied in
 * `cluster_instances`. A content change (an admin's write) waits until every
 * live instance has applied it before the write answers, so the client's next request reads fresh data whichever
 * instance takes it (NOTIFY alone reaches the others a moment after the commit, not before the answer). Download
 * counters and the search index are announced without waiting.
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
      this.announce(kind, kind === 'content' ? formatContentScope(scope) : client && isIP(client) ? client : ''),
    );
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.retry) clearTimeout(this.retry);
    this.drop();
    // Not waited for any more by the others' writes.
    await this.db.query('DELETE FROM cluster_instances WHERE id = $1', [this.instanceId]).catch(() => undefined);
  }

  /**
   * NOTIFY the others; for content, resolve once every live instance applied it (or ACK_TIMEOUT_MS passed). Never
   * rejects: a lost announcement is bounded by the cache's maximum age, and the write itself has committed.
   */
  private async announce(kind: ChangeKind, detail: string): Promise<void> {
    try {
      const [row] = await this.db.query<Array<{ seq: string }>>(
        `SELECT pg_notify($1, $2 || ':' || $3 || ':' || s.seq || ':' || $4) AS ok, s.seq::text AS seq
         FROM (SELECT nextval('cluster_change_seq') AS seq) s`,
        [CHANGES_CHANNEL, kind, this.instanceId, detail],
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
        isIP(detail) ? detail : undefined,
        kind === 'content' ? parseContentScope(detail) : undefined,
      );
    // Applied (synchronously, above): say so, for the writer waiting on it.
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
