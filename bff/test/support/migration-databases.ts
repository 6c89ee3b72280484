import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource, type MigrationInterface } from 'typeorm';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { databaseUrl } from './database-templates';
import { dbTarget } from './test-bff';

/**
 * A database of its own, empty, for a migration test: an embedded PGlite folder, or a new database on the PostgreSQL
 * server named after `name` (and this process).
 */
export async function emptyDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dbTarget() === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `ppl-${name.replace(/_/g, '-')}-`));
    const embedded = await startEmbeddedPostgres(dir);
    return {
      url: embedded.url,
      drop: async () => {
        await embedded.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const database = `ppl_${name}_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  return {
    url: databaseUrl(adminUrl, database),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The database at `url` brought up to (exactly) the given migrations, as a release holding them would. */
export async function migrated(url: string, migrations: Array<new () => MigrationInterface>): Promise<DataSource> {
  const db = new DataSource({ type: 'postgres', url, migrations, migrationsTransactionMode: 'each' });
  await db.initialize();
  await db.runMigrations();
  return db;
}
