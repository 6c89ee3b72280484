// @ts-check
// The embedded database process: PGlite persisted in PGDATA, served with the PostgreSQL wire protocol on a
// loopback port. Runs as its own process (forked by embedded-postgres.ts) so that database work never blocks the
// BFF's event loop, and so that it can be stopped and started again like a real server.
'use strict';

const { mkdirSync } = require('node:fs');
const { SessionQueue } = require('./pglite-session-queue.cjs');

async function main() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pgdata = process.env.PGDATA;
  if (!pgdata) throw new Error('PGDATA is required');
  mkdirSync(pgdata, { recursive: true });
  const db = await PGlite.create(pgdata);
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: Number(process.env.PGPORT || 0),
    maxConnections: Number(process.env.PG_MAX_CONNECTIONS || 16),
  });
  // pglite-socket's own queue lets concurrent clients' extended-protocol messages interleave (see
  // pglite-session-queue.cjs). Its handlers take the server's queue when a client connects, so swapping it before
  // start() is enough.
  Object.assign(server, { queryQueue: new SessionQueue(db) });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());

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
  process.send?.({ type: 'ready', port });
}

main().catch((error) => {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
