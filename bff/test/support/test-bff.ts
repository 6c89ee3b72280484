import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createBff } from '../../src/bootstrap';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import {
  copyPgliteTemplate,
  databaseUrl as databaseUrlFor,
  pgliteTemplate,
  postgresTemplate,
} from './database-templates';

declare const DB_TARGET: 'pglite' | 'postgres';

export interface TestBff {
  app: INestApplication;
  config: AppConfig;
  db: DataSource;
  /** supertest bound to the running application (requests go through the real HTTP stack). */
  http: () => ReturnType<typeof request>;
  dataDir: string;
  /** Stops the app and throws away its database and folders. */
  close(): Promise<void>;
  /** Stops the app but keeps database and folders, for restart tests. */
  stop(): Promise<void>;
}

export interface TestBffOptions {
  /** Seed the demo content (default false: tests create what they need). */
  seedDemo?: boolean;
  /** Extra environment, e.g. ADMIN_EMAIL. */
  env?: Record<string, string>;
  /** Reuse the data folder and database of an earlier instance (restart tests). */
  reuse?: Pick<TestBff, 'dataDir'> & { databaseUrl?: string };
}

export const ADMIN_EMAIL = 'admin@test.example';
export const ADMIN_PASSWORD = 'correct-horse-battery';

/** Which database this jest project runs against. */
export const dbTarget = (): 'pglite' | 'postgres' => (typeof DB_TARGET === 'string' ? DB_TARGET : 'pglite');

/** A new database copied from the migrated template (test/support/global-setup.ts makes it). */
async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const template = process.env.PPL_TEST_POSTGRES_TEMPLATE ?? (await postgresTemplate(adminUrl));
  const name = `ppl_it_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The PostgreSQL databases this test process made, by URL, with how to drop each. An instance started with `reuse`
 * (a restart test) shares the database it reuses: the first of them to be closed drops it, the others find it gone.
 */
const madeDatabases = new Map<string, () => Promise<void>>();

/** Boots the real application (the same createBff as main.ts) on a fresh database and data folder. */
export async function startTestBff(options: TestBffOptions = {}): Promise<TestBff & { databaseUrl?: string }> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'ppl-bff-'));
  let databaseUrl = options.reuse?.databaseUrl;
  if (dbTarget() === 'pglite' && !options.reuse) {
    copyPgliteTemplate(process.env.PPL_TEST_PGLITE_TEMPLATE ?? (await pgliteTemplate()), dataDir);
  }
  if (dbTarget() === 'postgres' && !databaseUrl) {
    const fresh = await freshPostgresDatabase();
    databaseUrl = fresh.url;
    madeDatabases.set(fresh.url, fresh.drop);
  }
  const ownDatabase = databaseUrl;
  const dropDatabase = async () => {
    const drop = ownDatabase === undefined ? undefined : madeDatabases.get(ownDatabase);
    if (!drop) return;
    madeDatabases.delete(ownDatabase!);
    await drop();
  };
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    ...options.env,
  });
  const bff = await createBff(config);
  const server = bff.app.getHttpServer();
  const db = bff.app.get<DataSource>(getDataSourceToken());
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await bff.close();
  };
  return {
    app: bff.app,
    config,
    db,
    dataDir,
    databaseUrl,
    http: () => request(server),
    stop,
    async close() {
      await stop();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
