import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

export const ROOT = resolve(__dirname, '../..');

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function waitForUrl(url: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function stopProcess(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the whole product exactly as `npm start` does (scripts/start.mjs, built output, one origin) on a free
 * port, with a fresh data folder unless `dataDir` names one (the product's stop() then leaves it in place).
 */
export async function startProduct(env: Record<string, string> = {}, dataDir?: string): Promise<RunningProduct> {
  const port = await freePort();
  const ownsData = dataDir === undefined;
  dataDir ??= mkdtempSync(join(tmpdir(), 'ppl-e2e-'));
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseUrl}/backend/api/health`, 120_000, child);
    await waitForUrl(`${baseUrl}/remotes.json`, 10_000, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    async stop() {
      await stopProcess(child);
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where a run of several suites keeps one data folder of the product with the demo seeded and its whole library
 * read (run-ci.sh makes the folder and removes it afterwards).
 */
const TEMPLATE_ENV = 'PPL_E2E_PRODUCT_TEMPLATE';

/**
 * The product with the demo content, as `npm start` seeds it. Within a run that names a template folder, the first
 * suite seeds it and waits until every demo document has been read (text, page pictures, questions); every suite
 * then starts from a copy (a restart, not a seed and a minute of a core reading 306 PDFs). Alone, a suite seeds its
 * own.
 */
export async function startSeededProduct(env: Record<string, string>): Promise<RunningProduct> {
  const seeded = { ...env, SEED_DEMO: 'true' };
  const template = process.env[TEMPLATE_ENV];
  if (!template) return startProduct(seeded);
  const templateData = join(template, 'data');
  await seedTemplate(template, templateData, seeded);
  const dataDir = mkdtempSync(join(tmpdir(), 'ppl-e2e-'));
  cpSync(templateData, dataDir, { recursive: true });
  const product = await startProduct(seeded, dataDir);
  return {
    ...product,
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeds the template folder once per run: the suite that takes the lock makes it, the others wait for it (and fail
 * at once with the maker's error if it could not be made).
 */
async function seedTemplate(template: string, data: string, env: Record<string, string>): Promise<void> {
  const ready = join(template, 'ready');
  const failed = join(template, 'failed');
  if (existsSync(ready)) return;
  try {
    mkdirSync(join(template, 'lock'));
  } catch {
    const deadline = Date.now() + 300_000;
    while (!existsSync(ready)) {
      if (existsSync(failed))
        throw new Error(`the product template could not be made: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`the product template in ${template} was not ready within 300 s`);
      await sleep(250);
    }
    return;
  }
  try {
    mkdirSync(data);
    const product = await startProduct(env, data);
    try {
      await libraryRead(data);
    } finally {
      // A clean stop lets the reader finish the document in hand, its questions included.
      await product.stop();
    }
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
  writeFileSync(ready, '');
}

/** Resolves once the product in `dataDir` has read every document it holds (none pending or being read). */
async function libraryRead(dataDir: string, timeoutMs = 300_000): Promise<void> {
  const db = new Client({ host: join(dataDir, 'run'), user: 'postgres', database: 'postgres' });
  await db.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ documents: number; unread: number }>(
        `SELECT count(*)::int AS documents, count(*) FILTER (WHERE status IN ('pending', 'working'))::int AS unread
           FROM document_texts`,
      );
      const { documents, unread } = rows[0]!;
      if (documents > 0 && unread === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${unread} of ${documents} documents still unread after ${timeoutMs} ms`);
      await sleep(500);
    }
  } finally {
    await db.end();
  }
}
