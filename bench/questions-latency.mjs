#!/usr/bin/env node
// @ts-check
// `GET /backend/api/papers/{id}/questions` at 50 connections against the built BFF on a fresh
// PostgreSQL database with the demo content (each demo paper read in the background and split into its questions). Two reads:
// the public one (what students' viewers ask: served from the read cache after the first) and an admin's (never
// cached: the documents' detections read from the database and put together on every request).
// Writes bench/results/questions-latency.md.
//   node bench/questions-latency.mjs [--duration 10] [--connections 50] (build first: npm run build -w @ppl/bff)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load } from './lib/load.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    results: { type: 'string', default: join(ROOT, 'bench/results/questions-latency.md') },
  },
});
const SECONDS = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
/** The goal for reading a paper's questions: p99 under 50 ms at the bench's connections. */
const GOAL_P99_MS = 50;

/** @type {Array<() => void>} */
const cleanups = [];
/** @type {() => Promise<void>} */
let dropDatabase = async () => undefined;
const cleanup = () => {
  for (const step of cleanups.reverse()) {
    try {
      step();
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** @param {string} url @param {(response: Response) => Promise<boolean>} accept @param {number} timeoutMs */
async function waitUntil(url, accept, timeoutMs, headers = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      if (await accept(response)) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer as expected in ${timeoutMs} ms`);
}

async function main() {
  const work = join(ROOT, 'bench/.work', `questions-latency-${Date.now()}`);
  mkdirSync(join(work, 'uploads'), { recursive: true });
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));

  // A fresh PostgreSQL database (BENCH_POSTGRES_URL names the server), dropped at the end.
  const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ppl_bench_questions_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(server);
  databaseUrl.pathname = `/${name}`;
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };

  const port = await freePort();
  const bff = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_BFF_FLAGS ?? '').split(' ').filter(Boolean),
      '--max-old-space-size=192',
      join(ROOT, 'bff/dist/main.js'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: work,
        UPLOAD_DIR: join(work, 'uploads'),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
        ADMIN_EMAIL: 'bench@example.com',
        ADMIN_PASSWORD: 'bench-password',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  cleanups.push(() => void bff.kill('SIGTERM'));
  const api = `http://127.0.0.1:${port}/backend/api`;
  await waitUntil(`${api}/health`, async (r) => r.ok, 120_000);

  const login = await fetch(`${api}/auth_login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const { token } = /** @type {{ token: string }} */ (await login.json());
  const papers =
    /** @type {{ data: Array<{ id: number; variants: Array<{ id: number; examiner_report_path: string | null }> }> }} */ (
      await (await fetch(`${api}/past_papers.php`)).json()
    ).data;
  // The first demo paper (read first) with an examiner report: all three documents linked.
  const paper = [...papers].sort((a, b) => a.id - b.id).find((p) => p.variants.some((v) => v.examiner_report_path));
  if (!paper) throw new Error('no demo paper');
  const variant = paper.variants.find((v) => v.examiner_report_path) ?? paper.variants[0];
  const url = `${api}/papers/${paper.id}/questions?variant=${variant?.id}`;
  console.log(`Waiting for ${url} to be ready...`);
  const started = Date.now();
  await waitUntil(url, async (r) => r.ok && (await r.json()).data.status === 'ready', 180_000);
  const readyAfter = Date.now() - started;
  // The rest of the demo documents are read too before the load: a reading moves the read cache's index version
  // (dropping cached questions) and takes a core, which would measure the reader rather than the read.
  const reading = new pg.Client({ connectionString: databaseUrl.toString() });
  await reading.connect();
  const readDeadline = Date.now() + 900_000;
  for (;;) {
    const { rows } = await reading.query(
      "SELECT count(*)::int AS n FROM document_texts WHERE status IN ('pending', 'working')",
    );
    if (rows[0].n === 0) break;
    if (Date.now() > readDeadline) throw new Error(`${rows[0].n} documents still being read`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  await reading.end();
  const allReadAfter = Date.now() - started;
  const body = /** @type {{ data: { questions: unknown[] } }} */ (await (await fetch(url)).json());

  const publicRun = await load(url, CONNECTIONS, SECONDS, { 'Accept-Encoding': 'gzip' });
  const adminRun = await load(url, CONNECTIONS, SECONDS, {
    'Accept-Encoding': 'gzip',
    Authorization: `Bearer ${token}`,
  });
  // A reference in the same conditions: the smallest cached public read (the site settings), to tell the machine's
  // load from the questions read's own cost.
  const referenceRun = await load(`${api}/settings.php`, CONNECTIONS, SECONDS, { 'Accept-Encoding': 'gzip' });
  // And the same settings read signed in (never cached: one small query behind the admin's authentication), to tell
  // what any admin read costs from what putting the questions together costs.
  const adminReferenceRun = await load(`${api}/settings.php`, CONNECTIONS, SECONDS, {
    'Accept-Encoding': 'gzip',
    Authorization: `Bearer ${token}`,
  });
  const row = (/** @type {string} */ name, /** @type {Awaited<ReturnType<typeof load>>} */ run) =>
    `| ${name} | ${run.p99} ms | ${Math.round(run.rps)} | ${run.errors} | < ${GOAL_P99_MS} ms | ${run.p99 < GOAL_P99_MS && run.errors === 0 ? 'met' : 'not met'} |`;
  const text = [
    '# Questions read benchmark',
    '',
    'Written by `node bench/questions-latency.mjs`: the built BFF (`bff/dist`, heap capped at 192 MB as deployed) on',
    'PostgreSQL with the demo content, once the background reading has split the first demo paper with',
    `an examiner report into its questions; autocannon, ${CONNECTIONS} connections, ${SECONDS} s per read after a`,
    "2 s warm-up, on a fresh PostgreSQL database. Public: anonymous, answered from the read cache after the first request (as students' viewers",
    "ask). Admin: signed in, never cached: every request reads the variant's documents and their stored detections",
    'and puts the questions together.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
    `- Read: \`GET /backend/api/papers/${paper.id}/questions?variant=${variant?.id}\` (${body.data.questions.length} questions, ready ${(readyAfter / 1000).toFixed(1)} s after the start's seed, every demo document read after ${(allReadAfter / 1000).toFixed(0)} s; measured after that)`,
    '',
    '| Read | p99 | Requests/s | Errors | Goal | |',
    '| --- | --- | --- | --- | --- | --- |',
    row('Public (read cache)', publicRun),
    row('Admin (uncached)', adminRun),
    `| Reference: public settings (read cache), same conditions | ${referenceRun.p99} ms | ${Math.round(referenceRun.rps)} | ${referenceRun.errors} | | |`,
    `| Reference: settings signed in (uncached), same conditions | ${adminReferenceRun.p99} ms | ${Math.round(adminReferenceRun.rps)} | ${adminReferenceRun.errors} | | |`,
    '',
  ].join('\n');
  writeFileSync(opts.results, text);
  console.log(`bench questions-public-p99: ${publicRun.p99} ms (${Math.round(publicRun.rps)} req/s)`);
  console.log(`bench questions-admin-p99: ${adminRun.p99} ms (${Math.round(adminRun.rps)} req/s)`);
  console.log(`bench questions-reference-settings-p99: ${referenceRun.p99} ms (${Math.round(referenceRun.rps)} req/s)`);
  console.log(
    `bench questions-reference-admin-settings-p99: ${adminReferenceRun.p99} ms (${Math.round(adminReferenceRun.rps)} req/s)`,
  );
  console.log(`Wrote ${opts.results}`);
}

/** Stops the BFF, then drops its database once it has let go of it. @param {number} code */
async function finish(code) {
  cleanup();
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase().catch((error) => console.error('dropping the bench database failed', error));
  process.exit(code);
}

main().then(
  () => finish(0),
  (error) => {
    console.error(error);
    return finish(1);
  },
);
