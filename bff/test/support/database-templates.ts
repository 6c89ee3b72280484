import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { ENTITIES } from '../../src/database/entities';
import { MIGRATIONS } from '../../src/database/migrations';

/**
 * Migrated databases that every integration test file starts from, made once per set of migrations instead of
 * once per file: a PostgreSQL template database (`CREATE DATABASE … TEMPLATE`) and, for PGlite, a prepared data
 * folder that is copied. The name carries a hash of the migrations, so a changed migration makes a new template.
 */
const MIGRATIONS_DIR = join(__dirname, '../../src/database/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 12);
}

async function migrate(url: string): Promise<void> {
  const db = new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
  });
  await db.initialize();
  try {
    await db.runMigrations();
  } finally {
    await db.destroy();
  }
}

/** The PGlite data folder (a `pgdata` inside it) with every migration applied. */
export async function pgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), 'ppl-test-templates', `pglite-${migrationsHash()}`);
  if (existsSync(join(dir, 'ready'))) return dir;
  const building = `${dir}.${process.pid}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const embedded = await startEmbeddedPostgres(building);
  try {
    await migrate(embedded.url);
  } finally {
    await embedded.stop();
  }
  writeFileSync(join(building, 'ready'), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  cpSync(building, dir, { recursive: true });
  rmSync(building, { recursive: true, force: true });
  return dir;
}

/** Copies the migrated PGlite folder into a test's data folder. */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated template database on the server behind TEST_DATABASE_URL; its name. */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `ppl_tpl_${migrationsHash()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    await migrate(databaseUrl(adminUrl, building));
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

export { databaseUrl };
