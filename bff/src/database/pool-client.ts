import type { Pool, PoolClient } from 'pg';

/** The query in flight rejects with the same error; the connection is dropped on release. */
const ignore = () => undefined;

/**
 * Runs `work` on a connection of `pool` and gives it back (a connection that failed is not reused, as pg-pool's own
 * `query()` does). A connection pg-pool lends has no 'error' listener while it is out: the database closing it
 * (a restart, a failover, `pg_terminate_backend`, a dropped database) would be an unhandled 'error' event and stop
 * the whole process. One is attached for the time of the work.
 */
export async function withPoolClient<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  /** Errors after which the connection is still good (a statement the server refused or cancelled). */
  connectionSurvives: (error: unknown) => boolean = () => false,
): Promise<T> {
  const client = await pool.connect();
  client.on('error', ignore);
  try {
    const result = await work(client);
    client.off('error', ignore);
    client.release();
    return result;
  } catch (error) {
    client.off('error', ignore);
    if (connectionSurvives(error)) client.release();
    else client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
