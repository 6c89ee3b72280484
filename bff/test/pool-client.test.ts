import { Pool } from 'pg';
import { withPoolClient } from '../src/database/pool-client';
import { dbTarget } from './support/test-bff';

const onPostgres = dbTarget() === 'postgres' ? describe : describe.skip;

/**
 * A connection the BFF has checked out of its pool (a search, the text worker's transaction) that the database closes
 * must fail that work, not the process: pg emits 'error' on the client, and without a listener that is an unhandled
 * event that stops Node (seen when a benchmark dropped its database under a running BFF). PostgreSQL only: the test
 * ends its own session with pg_terminate_backend.
 */
onPostgres('connections closed by the database while checked out', () => {
  let pool: Pool;

  beforeAll(() => {
    // Its own session ends, nothing is written: the test server's database will do.
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('reject the work and leave the pool usable', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await expect(
        withPoolClient(pool, async (client) => {
          await client.query('BEGIN');
          const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
            { pid: number },
          ];
          // Another session ends this one between two statements (as a restart or DROP DATABASE ... FORCE does).
          await pool.query('SELECT pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await client.query('COMMIT');
        }),
      ).rejects.toThrow(/terminat|not queryable/i);
      expect(uncaught).toEqual([]);
      expect(await withPoolClient(pool, async (client) => (await client.query('SELECT 1 AS one')).rows)).toEqual([
        { one: 1 },
      ]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
