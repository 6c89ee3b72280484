import pg, { type Pool } from 'pg';
import { poolOptions } from '../database/pool-options';
import { withPoolClient } from '../database/pool-client';
import { SEARCH_TOO_COSTLY, SearchUnavailableException, type SearchGate } from './search-gate';

/** Statements of one search: the rows of each. */
export interface SearchStatements {
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
}

/**
 * What search asks of the database. The benchmark's baseline (bench/lib/search-baseline.mjs) gives SearchService a
 * pg pool the same way, so both send the same statements by the same driver.
 */
export abstract class SearchDatabase {
  /** Runs one search's statements on one connection, taken from the pool once. */
  abstract session<T>(work: (db: SearchStatements) => Promise<T>): Promise<T>;
}

/** PostgreSQL's error for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';
const cancelled = (error: unknown) => (error as { code?: unknown } | null)?.code === QUERY_CANCELED;

/**
 * Search's own connections on PostgreSQL: as many as searches computed at once (`connections`), each opened
 * read-only and with `statementTimeoutMs` as its statement_timeout (0: none). Both are startup parameters of the
 * connection, so no search spends a round trip setting them (a transaction per search for `SET LOCAL` cost two more
 * statements than its own one or two). An idle connection the server closes is dropped, never thrown.
 */
export function searchConnections(databaseUrl: string, connections: number, statementTimeoutMs: number): Pool {
  const pool = new pg.Pool({
    ...poolOptions(connections),
    connectionString: databaseUrl,
    application_name: 'ppl-bff-search',
    options: '-c default_transaction_read_only=on',
    ...(statementTimeoutMs > 0 ? { statement_timeout: Math.round(statementTimeoutMs) } : {}),
  });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Statements straight on a pg pool (as the text extraction worker does): search is a read-only statement or a few
 * per request, and going through TypeORM's query runner (one created, connected and released per statement) cost
 * about 0.2 ms of the BFF's CPU per search. On PostgreSQL the pool is searchConnections' (read-only, with its
 * statement timeout); on the embedded database, which cannot interrupt a statement, TypeORM's own (its one session:
 * other requests' statements run between the search's). Errors are pg's own (their `code` is what the exception
 * filter reads), except a statement over its time: 503. Every search first waits for a slot at `gate`.
 */
export function poolSearchDatabase(pool: Pool, gate: SearchGate): SearchDatabase {
  return {
    session: (work) =>
      gate.run(async () => {
        try {
          return await withPoolClient(
            pool,
            (client) => work({ query: async (sql, params) => (await client.query(sql, params)).rows }),
            // Outside a transaction, a cancelled statement leaves its connection as good as new.
            cancelled,
          );
        } catch (error) {
          if (cancelled(error)) throw new SearchUnavailableException(SEARCH_TOO_COSTLY);
          throw error;
        }
      }),
  };
}
