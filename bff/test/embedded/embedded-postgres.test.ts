import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/database/embedded-postgres';

describe('embedded database process', () => {
  let dir: string;
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ppl-embedded-'));
    server = await startEmbeddedPostgres(dir);
    pool = new Pool({ connectionString: server.url, max: 2, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined); // idle connections break when the process dies
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on a Unix socket only its own user can open (0600 in a 0700 folder), data folder 0700, no TCP port', async () => {
    expect(server.url).not.toMatch(/127\.0\.0\.1|:\d+\//);
    expect(server.socketPath.startsWith(join(dir, 'run'))).toBe(true);
    expect(statSync(server.socketPath).isSocket()).toBe(true);
    expect(statSync(server.socketPath).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'run')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'pgdata')).mode & 0o777).toBe(0o700);
    // The wire protocol answers on the socket.
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection(server.socketPath, () => {
        socket.write(Buffer.from([0, 0, 0, 8, 4, 0xd2, 0x16, 0x2f])); // SSLRequest
      });
      socket.once('data', (data) => {
        resolve(data.toString() === 'N');
        socket.destroy();
      });
      socket.once('error', () => resolve(false));
    });
    expect(answered).toBe(true);
  });

  it('is started again on the same socket when it dies, with its committed data', async () => {
    await pool.query('CREATE TABLE facts (id int PRIMARY KEY)');
    await pool.query('INSERT INTO facts SELECT generate_series(1, 100)');
    const { pid, url } = server;
    process.kill(pid!, 'SIGKILL');

    const killedAt = Date.now();
    let rows: unknown[] | undefined;
    while (!rows && Date.now() - killedAt < 25_000) {
      rows = await pool.query('SELECT count(*)::int AS n FROM facts').then(
        (r) => r.rows,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return undefined;
        },
      );
    }
    expect(rows).toEqual([{ n: 100 }]);
    expect(server.pid).not.toBe(pid);
    expect(server.url).toBe(url);
  }, 40_000);

  it('stays down when stopped on purpose', async () => {
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(pool.query('SELECT 1')).rejects.toThrow();
    await server.restart();
    expect((await pool.query('SELECT count(*)::int AS n FROM facts')).rows).toEqual([{ n: 100 }]);
  }, 30_000);
});
