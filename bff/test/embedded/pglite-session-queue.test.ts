import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/database/embedded-postgres';

/**
 * The embedded database shared by many `pg` connections at once, through the worker's session queue: each
 * connection gets its own answers (extended-protocol sequences never interleave), a transaction is isolated until
 * it ends, and a connection that drops mid-transaction is rolled back without blocking the others.
 */
describe('embedded database: one PGlite session shared by many connections', () => {
  let dir: string;
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ppl-session-queue-'));
    server = await startEmbeddedPostgres(dir);
    // A query that never gets its answer fails after 10 s instead of hanging the test.
    pool = new Pool({ connectionString: server.url, max: 10, query_timeout: 10_000 });
    pool.on('error', () => undefined);
    await pool.query('CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)');
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every concurrent query with its own result, transactions among them', async () => {
    // pg sends a parameterised query as Parse, Bind, Describe, Execute, Sync. Interleaved with another
    // connection's, one binds its parameters to the other's statement, runs a portal the other's Sync closed, or
    // waits forever for a transaction the session lost track of. Each query is different (a literal in the text).
    const one = async (n: number): Promise<string> => {
      if (n % 3 === 0) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const { rows } = await client.query<{ n: number; text: string }>(
            `INSERT INTO notes (text) VALUES ('note ' || $1::int) RETURNING ${n} AS n, text`,
            [n],
          );
          await client.query('COMMIT');
          return `${rows[0]?.n}: ${rows[0]?.text}`;
        } finally {
          client.release();
        }
      }
      const { rows } = await pool.query<{ n: number; text: string }>(
        `SELECT $1::int AS n, 'query ' || ${n} || ' of ' || count(*) OVER () AS text FROM (SELECT 1) one`,
        [n],
      );
      return `${rows[0]?.n}: ${rows[0]?.text}`;
    };
    const expected = (n: number) => (n % 3 === 0 ? `${n}: note ${n}` : `${n}: query ${n} of 1`);
    for (let round = 0; round < 3; round++) {
      const ns = Array.from({ length: 300 }, (_, i) => round * 300 + i);
      const results = await Promise.all(ns.map((n) => one(n).catch((error: Error) => `${n}: ${error.message}`)));
      expect(results).toEqual(ns.map(expected));
    }
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 300 }]);
    await pool.query('DELETE FROM notes');
  }, 60_000);

  it("keeps a transaction's writes to itself until it commits, while other connections wait their turn", async () => {
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query("INSERT INTO notes (text) VALUES ('inside')");
      // Another connection's read waits for the session: it must not see, or run inside, the open transaction.
      const reader = pool.query<{ n: number }>("SELECT count(*)::int AS n FROM notes WHERE text = 'inside'");
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.query('COMMIT');
      expect((await reader).rows).toEqual([{ n: 1 }]);
    } finally {
      writer.release();
    }
  });

  it('rolls back the transaction of a connection that drops, and serves the others afterwards', async () => {
    const dropped = new Client({ connectionString: server.url });
    dropped.on('error', () => undefined);
    await dropped.connect();
    await dropped.query('BEGIN');
    await dropped.query("INSERT INTO notes (text) VALUES ('lost')");
    const waiting = pool.query<{ n: number }>("SELECT count(*)::int AS n FROM notes WHERE text = 'lost'");
    // The connection goes away mid-transaction, as when a client process dies.
    (dropped as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows).toEqual([{ n: 0 }]);
    expect((await pool.query<{ n: number }>('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
  });
});
