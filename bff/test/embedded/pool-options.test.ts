import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { isDatabaseUnavailable } from '../../src/common/all-exceptions.filter';
import { poolOptions } from '../../src/database/pool-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the BFF's database pool", () => {
  it('gives up on a database that accepts connections but never answers after about 3 s, as "database unavailable"', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const pool = new Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, ...poolOptions(2) });
    pool.on('error', () => undefined);
    try {
      const started = Date.now();
      const error: unknown = await pool.query('SELECT 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      const ms = Date.now() - started;
      expect(ms).toBeGreaterThanOrEqual(2_900);
      expect(ms).toBeLessThan(5_000);
      expect(isDatabaseUnavailable(error as Error)).toBe(true);
    } finally {
      await pool.end();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 20_000);

  it('abandons a query the database does not answer in time, as "database unavailable"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ppl-pool-'));
    const server = await startEmbeddedPostgres(dir);
    const pool = new Pool({ connectionString: server.url, ...poolOptions(2, 500) });
    pool.on('error', () => undefined);
    try {
      const started = Date.now();
      const error: unknown = await pool.query('SELECT pg_sleep(3)').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(error as Error)).toBe(true);
      await sleep(3_000); // the abandoned statement ends; the pool serves the next query
      await expect(pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await pool.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('lets a request wait longer than that for a free connection while the pool is busy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ppl-pool-'));
    const server = await startEmbeddedPostgres(dir);
    const pool = new Pool({ connectionString: server.url, ...poolOptions(1) });
    try {
      const held = await pool.connect();
      const waiting = pool.query<{ n: number }>('SELECT 42 AS n');
      await sleep(4_000);
      held.release();
      expect((await waiting).rows).toEqual([{ n: 42 }]);
    } finally {
      await pool.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
