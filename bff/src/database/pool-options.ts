import { Client, type ClientConfig } from 'pg';

/** Opening a connection gives up after this: the database is away, so requests answer 503 at once. */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * Waiting for a free pooled connection gives up after this. Longer than connecting: a burst (hundreds of downloads
 * at once) queues for a few seconds behind a busy pool, and those requests should be served, not refused.
 */
const POOL_WAIT_TIMEOUT_MS = 15_000;
/**
 * No query of this application runs for long: one that has not answered after this is abandoned (503) instead of
 * holding its request, and its connection, for as long as a hung database takes.
 */
const QUERY_TIMEOUT_MS = 30_000;

/**
 * pg-pool uses one `connectionTimeoutMillis` for both waits; the pool keeps the long one and every connection it
 * opens gets the short one.
 */
class QuickConnectClient extends Client {
  constructor(config?: string | ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

/** The options of this application's `pg` pools (TypeORM's `extra`, and search's own connections). */
export function poolOptions(poolSize: number, queryTimeoutMs = QUERY_TIMEOUT_MS) {
  return {
    max: poolSize,
    Client: QuickConnectClient,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    query_timeout: queryTimeoutMs,
  };
}
