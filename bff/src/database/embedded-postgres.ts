import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';

export interface EmbeddedPostgres {
  /** A postgres:// URL the ordinary `pg` driver connects to. */
  readonly url: string;
  readonly port: number;
  readonly maxConnections: number;
  /** The database process's id (it changes when the process is started again). */
  readonly pid: number | undefined;
  /** Stops the database process cleanly (flushes PGlite to disk). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (the BFF's pool reconnects by itself). */
  restart(): Promise<void>;
}

const MAX_CONNECTIONS = 16;
const START_TIMEOUT_MS = 60_000;
/** Waits before starting a database process that died again: 0.25 s, doubling up to 5 s. */
const RESPAWN_DELAYS_MS = [250, 500, 1000, 2000, 5000];

function workerPath(): string {
  // Beside this file in src/ (tests) and dist/ (tsc copies it with allowJs).
  const path = join(__dirname, 'embedded-postgres.worker.cjs');
  if (!existsSync(path)) throw new Error('embedded-postgres.worker.cjs is missing from the build');
  return path;
}

function spawnWorker(
  pgdata: string,
  port: number,
  maxConnections: number,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath(), [], {
      env: { ...process.env, PGDATA: pgdata, PGPORT: String(port), PG_MAX_CONNECTIONS: String(maxConnections) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The embedded database did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('message', (message: { type?: string; port?: number; message?: string }) => {
      clearTimeout(timer);
      if (message.type === 'ready' && typeof message.port === 'number') resolve({ child, port: message.port });
      else reject(new Error(`The embedded database failed to start: ${message.message ?? 'unknown error'}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database exited during start-up (code ${code})`));
    });
  });
}

function stopWorker(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

/**
 * Starts PGlite persisted under `${dataDir}/pgdata` in its own process and serves it on a loopback port with the
 * PostgreSQL wire protocol, so the application reaches it through the same `pg` driver and TypeORM `postgres`
 * type as a real server: one code path for both. `maxConnections` is the socket server's limit (the reliability
 * tests serve it to a BFF with a larger pool).
 *
 * The process is supervised: if it dies (a crash, the OOM killer, a stray kill), it is started again on the same
 * port and folder, like a database server under systemd, and the BFF's pool reconnects by itself. PGlite recovers
 * its committed data from its write-ahead log.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; maxConnections?: number } = {},
): Promise<EmbeddedPostgres> {
  const logger = new Logger('EmbeddedDatabase');
  const pgdata = join(dataDir, 'pgdata');
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  let { child, port } = await spawnWorker(pgdata, options.port ?? 0, maxConnections);
  /** True while the database is meant to be down (stopped, or being restarted on request). */
  let intentionallyDown = false;
  let respawning: Promise<void> | undefined;

  const respawn = async (): Promise<void> => {
    for (let attempt = 0; !intentionallyDown; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, RESPAWN_DELAYS_MS[Math.min(attempt, RESPAWN_DELAYS_MS.length - 1)]),
      );
      if (intentionallyDown) return;
      try {
        ({ child, port } = await spawnWorker(pgdata, port, maxConnections));
        supervise(child);
        logger.warn(`The embedded database is running again on port ${port}`);
        return;
      } catch (error) {
        logger.error(
          `The embedded database did not start again: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  const supervise = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (intentionallyDown || current !== child) return;
      logger.error(
        `The embedded database process exited unexpectedly (${signal ?? `code ${code}`}); starting it again`,
      );
      respawning = respawn().finally(() => {
        respawning = undefined;
      });
    });
  };
  supervise(child);

  return {
    get url() {
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },
    get pid() {
      return child.pid;
    },
    maxConnections,
    async stop() {
      intentionallyDown = true;
      await respawning;
      await stopWorker(child);
    },
    async restart() {
      intentionallyDown = true;
      await respawning;
      await stopWorker(child);
      ({ child, port } = await spawnWorker(pgdata, port, maxConnections));
      intentionallyDown = false;
      supervise(child);
    },
  };
}
