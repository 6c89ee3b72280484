import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';

export interface EmbeddedPostgres {
  /** A postgres:// URL the ordinary `pg` driver connects to. */
  readonly url: string;
  /** The Unix socket it listens on (mode 0600, in a 0700 folder). */
  readonly socketPath: string;
  readonly maxConnections: number;
  /** The database process's id (it changes when the process is started again). */
  readonly pid: number | undefined;
  /** Stops the database process cleanly (flushes PGlite to disk). */
  stop(): Promise<void>;
  /** Starts it again on the same socket and folder (the BFF's pool reconnects by itself). */
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

/** The socket's file name: the one `pg` looks for in a socket folder given as `host`, with the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** Unix socket paths are limited to about 107 bytes; a deeper data folder gets a private folder under the temp dir. */
const MAX_SOCKET_PATH = 100;

/**
 * The folder for the socket: `${dataDir}/run`, or for a data folder too deep for a socket path a folder under the
 * temp dir named after it (so other tools, e.g. `npm run backup`, find it too). Mode 0700.
 */
export function socketFolder(dataDir: string): string {
  const preferred = join(dataDir, 'run');
  const folder =
    join(preferred, SOCKET_NAME).length > MAX_SOCKET_PATH
      ? join(tmpdir(), `ppl-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`)
      : preferred;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  return folder;
}

/** The URL of the embedded database of a data folder (its socket; the process must be running). */
export const embeddedUrl = (folder: string): string =>
  `postgres://postgres@localhost/postgres?host=${encodeURIComponent(folder)}`;

export const embeddedSocket = (dataDir: string): string => join(socketFolder(dataDir), SOCKET_NAME);

function spawnWorker(pgdata: string, socket: string, maxConnections: number): Promise<{ child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath(), [], {
      env: { ...process.env, PGDATA: pgdata, PGSOCKET: socket, PG_MAX_CONNECTIONS: String(maxConnections) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The embedded database did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('message', (message: { type?: string; message?: string }) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve({ child });
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
 * Starts PGlite persisted under `${dataDir}/pgdata` (mode 0700) in its own process and serves it on a Unix socket
 * in `${dataDir}/run` (mode 0600: only this user can connect, no TCP port, no password to leak) with the
 * PostgreSQL wire protocol, so the application reaches it through the same `pg` driver and TypeORM `postgres`
 * type as a real server: one code path for both. `maxConnections` is the socket server's limit (the reliability
 * tests serve it to a BFF with a larger pool).
 *
 * The process is supervised: if it dies (a crash, the OOM killer, a stray kill), it is started again on the same
 * socket and folder, like a database server under systemd, and the BFF's pool reconnects by itself. PGlite recovers
 * its committed data from its write-ahead log.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { maxConnections?: number } = {},
): Promise<EmbeddedPostgres> {
  const logger = new Logger('EmbeddedDatabase');
  const pgdata = join(dataDir, 'pgdata');
  const folder = socketFolder(dataDir);
  const socket = join(folder, SOCKET_NAME);
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  let { child } = await spawnWorker(pgdata, socket, maxConnections);
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
        ({ child } = await spawnWorker(pgdata, socket, maxConnections));
        supervise(child);
        logger.warn('The embedded database is running again');
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
    // `host` names the socket folder (pg's convention); the URL's host part is only there for parsers that want one.
    url: embeddedUrl(folder),
    socketPath: socket,
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
      ({ child } = await spawnWorker(pgdata, socket, maxConnections));
      intentionallyDown = false;
      supervise(child);
    },
  };
}
