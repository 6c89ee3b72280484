// @ts-check
// The embedded database process: PGlite persisted in PGDATA, served with the PostgreSQL wire protocol on a Unix
// socket (PGSOCKET, mode 0600 in a 0700 folder: only the BFF's own user can connect; there is no password). Runs as its own process (forked by embedded-postgres.ts) so that database work never blocks the
// BFF's event loop, and so that it can be stopped and started again like a real server.
'use strict';

const { chmodSync, mkdirSync, rmSync } = require('node:fs');
const { SessionQueue } = require('./pglite-session-queue.cjs');

async function main() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // Trigram similarity (typo-tolerant search): PGlite loads contrib extensions given to its constructor;
  // the migration then runs CREATE EXTENSION like on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pgdata = process.env.PGDATA;
  const socket = process.env.PGSOCKET;
  if (!pgdata || !socket) throw new Error('PGDATA and PGSOCKET are required');
  // Every file this process creates (the data files, the socket) is private to the user.
  process.umask(0o077);
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  chmodSync(pgdata, 0o700);
  const db = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  // A socket file left by a process that was killed would make listen() fail.
  rmSync(socket, { force: true });
  const server = new PGLiteSocketServer({
    db,
    path: socket,
    maxConnections: Number(process.env.PG_MAX_CONNECTIONS || 16),
  });
  // pglite-socket's own queue lets concurrent clients' extended-protocol messages interleave (see
  // pglite-session-queue.cjs). Its handlers take the server's queue when a client connects, so swapping it before
  // start() is enough.
  Object.assign(server, { queryQueue: new SessionQueue(db) });
  await server.start();
  chmodSync(socket, 0o600);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (message) => {
    if (message && typeof message === 'object' && /** @type {{ type?: string }} */ (message).type === 'stop')
      void stop();
  });
  // The parent went away: never outlive it (PGlite allows one process per data folder).
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.send?.({ type: 'ready' });
}

main().catch((error) => {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
