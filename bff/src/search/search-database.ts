import type { Pool } from 'pg';
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

export interface SearchDatabaseBounds {
  /** Every search waits for a slot here first (the overall bound on searches computed at once). */
  gate: SearchGate;
  /**
   * The longest one statement may run (ms), set for the search's own read-only transaction; 0: none. Only for
   * PostgreSQL: PGlite ignores statement_timeout, and a transaction there would keep every other request's statements
   * out of the one session until the whole search ended (without one, they run between the search's statements).
   */
  statementTimeoutMs: number;
}

/** PostgreSQL's error for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * Statements straight on the pg pool TypeORM's connection runs on (as the text extraction worker does): search is a
 * read-only statement or a few per request, and going through TypeORM's query runner (one created, connected and
 * released per statement) cost about 0.2 ms of the BFF's CPU per search (bench, code queries, 2.07 → 1.84 ms).
 * Errors are pg's own (their `code` is what the exception filter reads), except a statement over its time: 503.
 */
export function poolSearchDatabase(pool: Pool, bounds: SearchDatabaseBounds): SearchDatabase {
  const timeoutMs = Math.round(bounds.statementTimeoutMs);
  return {
    session: (work) =>
      bounds.gate.run(async () => {
        const outcome = await withPoolClient(pool, async (client) => {
          const statements: SearchStatements = { query: async (sql, params) => (await client.query(sql, params)).rows };
          if (timeoutMs <= 0) return { value: await work(statements) };
          // One round trip opens the transaction and sets its limit (SET takes no parameters: a checked integer).
          await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeoutMs}`);
          try {
            const value = await work(statements);
            await client.query('COMMIT');
            return { value };
          } catch (error) {
            // Rolled back, the connection is as good as new and goes back to the pool (a failing ROLLBACK throws:
            // that connection is dropped).
            await client.query('ROLLBACK');
            return { error };
          }
        });
        if ('error' in outcome) {
          const code = (outcome.error as { code?: unknown } | null)?.code;
          if (code === QUERY_CANCELED) throw new SearchUnavailableException(SEARCH_TOO_COSTLY);
          throw outcome.error;
        }
        return outcome.value;
      }),
  };
}
