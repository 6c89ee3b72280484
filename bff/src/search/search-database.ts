import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { withPoolClient } from '../database/pool-client';

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

/**
 * Statements straight on the pg pool TypeORM's driver holds (as the text extraction worker does): search is a
 * read-only statement or a few per request, and going through TypeORM's query runner (one created, connected and
 * released per statement) cost about 0.2 ms of the BFF's CPU per search (bench, code queries, 2.07 → 1.84 ms).
 * Errors are pg's own (their `code` is what the exception filter reads).
 */
export function poolSearchDatabase(db: DataSource): SearchDatabase {
  const pool = (db.driver as unknown as { master: Pool }).master;
  return {
    session: (work) =>
      withPoolClient(pool, (client) => work({ query: async (sql, params) => (await client.query(sql, params)).rows })),
  };
}
