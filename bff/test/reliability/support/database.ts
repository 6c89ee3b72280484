import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../../src/database/embedded-postgres';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server (as in CI). */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A database server the test owns, that the BFF reaches through DATABASE_URL: the embedded PGlite worker served on
 * a loopback port, or a fresh database on the PostgreSQL of TEST_DATABASE_URL.
 */
export interface TestDatabase {
  readonly target: DatabaseTarget;
  readonly url: string;
  /** One query on a short-lived connection (nothing of the test's own stays connected through a fault). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Takes the server away (PGlite: the worker stops; PostgreSQL: the cluster stops, only when opted in). */
  stop(): Promise<void>;
  /** Brings it back on the same port. */
  start(): Promise<void>;
  /** Stops the server or drops the database. */
  close(): Promise<void>;
}

/** A socket limit above the BFF's pool (20 with a DATABASE_URL) plus the test's own connections. */
const PGLITE_MAX_CONNECTIONS = 32;

async function queryOnce<T>(url: string, sql: string, params?: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined); // a server going away while idle must not crash the test process
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startTestDatabase(target: DatabaseTarget, dataDir: string): Promise<TestDatabase> {
  if (target === 'pglite') {
    const server: EmbeddedPostgres = await startEmbeddedPostgres(dataDir, { maxConnections: PGLITE_MAX_CONNECTIONS });
    return {
      target,
      url: server.url,
      query: (sql, params) => queryOnce(server.url, sql, params),
      stop: () => server.stop(),
      start: () => server.restart(), // stopping an already stopped worker is a no-op
      close: () => server.stop(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres target');
  const name = `ppl_rel_${randomBytes(6).toString('hex')}`;
  await queryOnce(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const cluster = () => postgresCluster(Number(url.port || 5432));
  return {
    target,
    url: url.toString(),
    query: (sql, params) => queryOnce(url.toString(), sql, params),
    async stop() {
      const { version, name: clusterName } = cluster();
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, clusterName, 'stop', '-m', 'fast'], {
        stdio: 'pipe',
      });
    },
    async start() {
      const { version, name: clusterName } = cluster();
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, clusterName, 'start'], { stdio: 'pipe' });
    },
    async close() {
      await queryOnce(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The local cluster (pg_lsclusters) that listens on a port. */
function postgresCluster(port: number): { version: string; name: string } {
  const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n');
  for (const line of lines) {
    const [version, name, clusterPort] = line.trim().split(/\s+/);
    if (version && name && Number(clusterPort) === port) return { version, name };
  }
  throw new Error(`No local PostgreSQL cluster listens on port ${port} (pg_lsclusters)`);
}
