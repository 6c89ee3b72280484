#!/usr/bin/env node
// @ts-check
// npm run bench: seeds a large data set into a fresh database, starts the product and a baseline beside it, and
// prints one line per figure: `bench <name>: <value> <unit> (ratio <project/baseline> vs <baseline name>)`.
// Results are also written to bench/RESULTS.md with the date and the machine.
//   node bench/run.mjs [--no-build] [--db postgres|pglite] [--duration 10] [--connections 50] [--rounds 2]
//                      [--mixed-duration 60] [--mixed-only] [--no-front-end]
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { insertRows, LARGE_FILE, writeFiles, PAPERS, SUBJECTS, VARIANTS_PER_PAPER } from './lib/dataset.mjs';
import { startBenchBff } from './lib/bench-bff.mjs';
import { measureFrontEnd } from './lib/front-end.mjs';
import { measureMixed } from './mixed.mjs';
import { compare } from './lib/load.mjs';
import { peakRssMb, resetPeak, rssMb } from './lib/memory.mjs';
import { writeResults } from './lib/results.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    'mixed-duration': { type: 'string', default: '60' },
    'mixed-only': { type: 'boolean', default: false },
    'no-front-end': { type: 'boolean', default: false },
    'mixed-file-delivery': { type: 'string', default: 'x-accel' },
    results: { type: 'string' },
  },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Math.max(1, Number(opts.rounds));
const MIXED_SECONDS = Number(opts['mixed-duration']);
const MIXED_ONLY = opts['mixed-only'] ?? false;
const DB = opts.db === 'pglite' ? 'pglite' : 'postgres';
/**
 * Who sends stored files in the mixed run: the front door, handed them by the BFF (`x-accel`, as `npm start`), or
 * the BFF through the proxy (`bff`). The single-kind figures always measure the BFF's own download.
 */
const MIXED_FILE_DELIVERY = opts['mixed-file-delivery'] === 'bff' ? 'bff' : 'x-accel';
const X_ACCEL_PREFIX = '/_protected_files/';
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip' };
/** The BFF's heap cap as deployed (scripts/start.mjs, docker/bff.Dockerfile); BFF_NODE_FLAGS replaces it. */
const BFF_HEAP_FLAG = '--max-old-space-size=192';
/** Lets the shell's server follow the BFF's data versions (its rendered pages are cached until data changes). */
const INTERNAL_TOKEN = randomBytes(32).toString('base64url');

/** @type {Array<{ name: string; value: number; unit: string; ratio: number; baseline: string; goal: string; met: boolean }>} */
const figures = [];
/** @param {string} name @param {number} value @param {string} unit @param {number} ratio @param {string} baseline @param {string} goal @param {boolean} met */
function report(name, value, unit, ratio, baseline, goal, met) {
  figures.push({ name, value, unit, ratio, baseline, goal, met });
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
  console.log(`bench ${name}: ${shown} ${unit} (ratio ${ratio.toFixed(2)} vs ${baseline})`);
}

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];
const cleanup = async () => {
  for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** Starts a forked Node script that reports `{ type: 'ready', port }`. @param {string} script @param {Record<string, string>} env */
function forkReady(script, env) {
  return new Promise((resolvePort, reject) => {
    const child = fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => {
      const message = /** @type {{ type?: string; port?: number }} */ (m);
      if (message.type === 'ready' && message.port) resolvePort({ child, port: message.port });
      else reject(new Error(`${script} failed to start`));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  }).then((r) => /** @type {{ child: import('node:child_process').ChildProcess; port: number }} */ (r));
}

async function main() {
  if (!opts['no-build']) {
    const built = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    if (built.status !== 0) throw new Error('build failed');
  }
  const work = join(ROOT, 'bench/.work', `run-${Date.now()}`);
  const uploadDir = join(work, 'uploads');
  mkdirSync(uploadDir, { recursive: true });
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));

  // A fresh database of the chosen kind.
  let databaseUrl;
  if (DB === 'postgres') {
    const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `ppl_bench_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
  } else {
    const db = await forkReady(join(ROOT, 'bff/dist/database/embedded-postgres.worker.cjs'), {
      PGDATA: join(work, 'pgdata'),
      PGPORT: '0',
      PG_MAX_CONNECTIONS: '40',
    });
    databaseUrl = `postgres://postgres@127.0.0.1:${db.port}/postgres`;
    cleanups.push(() => void db.child.kill('SIGTERM'));
  }
  console.log(`Database: ${DB}; writing files...`);
  const { largeSize, hashes } = await writeFiles(uploadDir);

  // The product's BFF (migrations run at its start), then the large data set.
  /** The BFF as deployed; `env` adds to its settings. @param {Record<string, string>} [env] */
  const startBff = async (env = {}) => {
    const started = await startBenchBff({
      root: ROOT,
      databaseUrl,
      dataDir: work,
      admin: { email: 'bench@example.com', password: 'bench-password' },
      nodeFlags: (process.env.BFF_NODE_FLAGS ?? BFF_HEAP_FLAG).split(' ').filter(Boolean),
      env: { UPLOAD_DIR: uploadDir, INTERNAL_TOKEN, ...env },
    });
    cleanups.push(() => void started.child.kill('SIGTERM'));
    return started;
  };
  const { child: bff, url: bffUrl } = await startBff();
  /** The BFF the later phases use (the mixed run may replace the first one). */
  let currentBffUrl = bffUrl;
  console.log(`Seeding ${SUBJECTS} subjects, ${PAPERS} past papers, ${PAPERS * VARIANTS_PER_PAPER} variants...`);
  const { largeVariantId, largePaperId } = await insertRows(databaseUrl, largeSize, hashes);

  const baseline = await forkReady(join(ROOT, 'bench/lib/baseline-server.mjs'), {
    DATABASE_URL: databaseUrl,
    BENCH_FILE: join(uploadDir, LARGE_FILE),
    PORT: '0',
  });
  cleanups.push(() => void baseline.child.kill('SIGTERM'));
  const baseUrl = `http://127.0.0.1:${baseline.port}`;

  const bffRssAtRest = rssMb(bff.pid ?? 0);
  // Peak memory during the load only (not start-up): reset both processes' high-water marks now.
  resetPeak(bff.pid ?? 0);
  resetPeak(baseline.child.pid ?? 0);
  const category = 'cambridge-igcse';
  const scenarios = [
    {
      name: 'api papers list (one category)',
      project: `/backend/api/past_papers.php?category=${category}`,
      base: `/papers?category=${category}`,
    },
    // The compact shape (?view=summary) is what the public listing and the admin tables load.
    {
      name: 'api papers list (one category, compact view)',
      project: `/backend/api/past_papers.php?category=${category}&view=summary`,
      base: `/papers-summary?category=${category}`,
    },
    {
      name: 'api paper by id',
      project: `/backend/api/past_papers.php?id=${largePaperId + 4321}`,
      base: `/paper?id=${largePaperId + 4321}`,
    },
    { name: 'api subjects list', project: '/backend/api/subjects.php', base: '/subjects' },
  ];
  /** @type {string[]} */
  const phasePeaks = [];
  let loadPeak = 0;
  /** The BFF's peak during one phase, kept for the report; the high-water mark is reset for the next. */
  const endPhase = (/** @type {string} */ name) => {
    const peak = peakRssMb(bff.pid ?? 0);
    loadPeak = Math.max(loadPeak, peak);
    phasePeaks.push(`${name} ${peak.toFixed(0)} MB`);
    resetPeak(bff.pid ?? 0);
  };
  for (const s of MIXED_ONLY ? [] : scenarios) {
    const { base, project } = await compare(`${baseUrl}${s.base}`, `${bffUrl}${s.project}`, {
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
      headers: BROWSER_HEADERS,
    });
    endPhase(s.name);
    report(
      `${s.name} throughput`,
      project.rps,
      'req/s',
      project.rps / base.rps,
      'node:http + pg',
      'ratio >= 0.7',
      project.rps / base.rps >= 0.7,
    );
    report(
      `${s.name} p99 latency`,
      project.p99,
      'ms',
      project.p99 / base.p99,
      'node:http + pg',
      'p99 < 50 ms',
      project.p99 < 50,
    );
    if (project.errors || base.errors) console.log(`  (errors: project ${project.errors}, baseline ${base.errors})`);
  }
  if (!MIXED_ONLY) {
    const downloadPath = `/backend/api/past_papers.php?download_variant_id=${largeVariantId}&variant_document_type=document`;
    const { base: baseFile, project: projectFile } = await compare(`${baseUrl}/file`, `${bffUrl}${downloadPath}`, {
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
    });
    endPhase('downloads');
    if (projectFile.errors || baseFile.errors)
      console.log(`  (errors: project ${projectFile.errors}, baseline ${baseFile.errors})`);
    report(
      'download 5 MB PDF throughput',
      projectFile.rps,
      'req/s',
      projectFile.rps / baseFile.rps,
      'read stream (sendfile) baseline',
      'ratio >= 0.8',
      projectFile.rps / baseFile.rps >= 0.8,
    );
    report(
      'download 5 MB PDF bandwidth',
      projectFile.bytesPerSec / 1024 / 1024,
      'MB/s',
      projectFile.bytesPerSec / baseFile.bytesPerSec,
      'read stream (sendfile) baseline',
      'ratio >= 0.8',
      projectFile.bytesPerSec / baseFile.bytesPerSec >= 0.8,
    );

    const basePeak = peakRssMb(baseline.child.pid ?? 0);
    report(
      'BFF peak RSS under load',
      loadPeak,
      'MB',
      loadPeak / basePeak,
      'baseline server peak RSS',
      '<= 300 MB',
      loadPeak <= 300,
    );
  }
  const memoryNote = `BFF resident memory at rest before the load ${bffRssAtRest.toFixed(0)} MB; peak by phase: ${phasePeaks.join(', ')}`;
  console.log(`  (${memoryNote})`);

  /** @type {string[]} */
  const mixedNotes = [];
  if (MIXED_SECONDS > 0) {
    // The mix runs against the product as `npm start` runs it: a BFF that hands stored files to the front door.
    let mixedBff = { child: bff, url: bffUrl };
    if (MIXED_FILE_DELIVERY === 'x-accel') {
      bff.kill('SIGTERM');
      await new Promise((r) => (bff.exitCode !== null ? r(undefined) : bff.once('exit', r)));
      mixedBff = await startBff({ FILE_DELIVERY: 'x-accel', X_ACCEL_PREFIX });
      currentBffUrl = mixedBff.url;
    }
    mixedNotes.push(
      `stored files sent by ${MIXED_FILE_DELIVERY === 'x-accel' ? 'the front door (X-Accel-Redirect)' : 'the BFF through the proxy'}`,
    );
    mixedNotes.push(
      ...(await mixedTraffic(mixedBff.url, mixedBff.child.pid ?? 0, `${baseUrl}/file`, largeVariantId, largePaperId, {
        root: uploadDir,
        prefix: X_ACCEL_PREFIX,
      })),
    );
  }
  /** @type {string[]} */
  const feNotes = [];
  if (!MIXED_ONLY && !opts['no-front-end']) {
    const fe = await measureFrontEnd(ROOT, currentBffUrl, INTERNAL_TOKEN, {
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
    });
    report(
      'first public page JS (gzip)',
      fe.publicJsKb,
      'KB',
      fe.publicJsKb / 150,
      '150 KB budget',
      '<= 150 KB',
      fe.publicJsKb <= 150,
    );
    report(
      'first admin page JS (gzip)',
      fe.adminJsKb,
      'KB',
      fe.adminJsKb / 300,
      '300 KB budget',
      '<= 300 KB',
      fe.adminJsKb <= 300,
    );
    report(
      'home page LCP (desktop, no throttling)',
      fe.homeLcpMs,
      'ms',
      fe.homeLcpMs / fe.staticLcpMs,
      'static HTML page on the same server',
      '< 1000 ms',
      fe.homeLcpMs < 1000,
    );
    for (const page of fe.mobile) {
      report(
        `${page.name} LCP, mobile profile`,
        page.lcpMs,
        'ms',
        page.lcpMs / page.staticLcpMs,
        `the same page's rendered DOM as static HTML (${page.staticLcpMs.toFixed(0)} ms)`,
        'ratio <= 1.3',
        page.lcpMs / page.staticLcpMs <= 1.3,
      );
    }
    report(
      'server-rendered page throughput',
      fe.ssr.project.rps,
      'req/s',
      fe.ssr.project.rps / fe.ssr.base.rps,
      `the shell's static index.html on the same server (${fe.ssr.base.rps.toFixed(0)} req/s)`,
      'ratio >= 0.5',
      fe.ssr.project.rps / fe.ssr.base.rps >= 0.5 && fe.ssr.project.errors === 0,
    );
    report(
      'server-rendered page p99',
      fe.ssr.project.p99,
      'ms',
      fe.ssr.project.p99 / Math.max(fe.ssr.base.p99, 1),
      `static index.html p99 (${fe.ssr.base.p99} ms)`,
      '< 50 ms',
      fe.ssr.project.p99 < 50,
    );
    feNotes.push(...fe.notes);
  }

  // A mixed-only run has its own page; a whole run writes the main results.
  const resultsFile = opts.results ?? join(ROOT, MIXED_ONLY ? 'bench/results/mixed.md' : 'bench/RESULTS.md');
  writeResults(resultsFile, {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}`,
    database: DB,
    settings: `${MIXED_ONLY ? '' : `${CONNECTIONS} connections × ${DURATION} s per run, each side's best of ${ROUNDS} runs taken in turns; `}mixed traffic ${CONNECTIONS} connections × ${MIXED_SECONDS} s; ${PAPERS} papers, ${PAPERS * VARIANTS_PER_PAPER} variants, ${SUBJECTS} subjects`,
    figures,
    notes: [...(MIXED_ONLY ? [] : [memoryNote]), ...mixedNotes, ...feNotes],
  });
}

/**
 * The mixed-traffic figures (bench/mixed.mjs): page cache hit rate, p99 per kind, downloads against a read stream
 * under the same load, errors, and the BFF's peak resident memory during the mix.
 * @param {string} bffUrl @param {number} bffPid @param {string} readStreamUrl @param {number} largeVariantId
 * @param {number} firstPaperId @param {{ root: string; prefix: string }} uploads the stored files, for the front door
 * @returns {Promise<string[]>} notes for the results
 */
async function mixedTraffic(bffUrl, bffPid, readStreamUrl, largeVariantId, firstPaperId, uploads) {
  console.log(`Mixed traffic: ${CONNECTIONS} connections for ${MIXED_SECONDS} s...`);
  const mixed = await measureMixed({
    root: ROOT,
    bffUrl,
    bffPid,
    internalToken: INTERNAL_TOKEN,
    readStreamUrl,
    largeVariantId,
    firstPaperId,
    papers: PAPERS,
    variants: PAPERS * VARIANTS_PER_PAPER,
    connections: CONNECTIONS,
    seconds: MIXED_SECONDS,
    files: MIXED_FILE_DELIVERY === 'x-accel' ? uploads : undefined,
    admin: { email: 'bench@example.com', password: 'bench-password' },
  });
  const { page, api, download, view } = mixed.kinds;
  report(
    'mixed: page cache hit rate',
    mixed.hitRate * 100,
    '%',
    mixed.hitRate / 0.95,
    'the 95 % goal',
    '>= 95 %',
    mixed.hitRate >= 0.95,
  );
  report(
    'mixed: pages p99',
    page?.p99 ?? NaN,
    'ms',
    (page?.p99 ?? NaN) / 100,
    'the 100 ms goal',
    '< 100 ms',
    (page?.p99 ?? Infinity) < 100,
  );
  report(
    'mixed: API reads p99',
    api?.p99 ?? NaN,
    'ms',
    (api?.p99 ?? NaN) / 100,
    'the 100 ms goal',
    '< 100 ms',
    (api?.p99 ?? Infinity) < 100,
  );
  report(
    'mixed: 5 MB download speed',
    mixed.kinds['large product']?.medianMbps ?? NaN,
    'MB/s',
    mixed.largeRatio,
    `a plain read stream under the same load (${(mixed.kinds['large read stream']?.medianMbps ?? NaN).toFixed(1)} MB/s, median per request)`,
    'ratio >= 0.8',
    mixed.largeRatio >= 0.8,
  );
  report('mixed: errors', mixed.errors, 'requests', mixed.errors, 'none', '0', mixed.errors === 0);
  report(
    'mixed: BFF peak RSS',
    mixed.bffPeakMb,
    'MB',
    mixed.bffPeakMb / 300,
    'the 300 MB goal',
    '<= 300 MB',
    mixed.bffPeakMb <= 300,
  );
  const fmt = (
    /** @type {{ requests: number; rps: number; p50: number; p99: number; errors: number } | undefined} */ k,
  ) =>
    k
      ? `${k.requests} requests (${k.rps.toFixed(0)}/s), p50 ${k.p50.toFixed(0)} ms, p99 ${k.p99.toFixed(0)} ms, ${k.errors} errors`
      : 'none';
  const notes = [
    `mixed traffic over ${mixed.seconds.toFixed(0)} s: pages ${fmt(page)}; downloads ${fmt(download)}; views ${fmt(view)}; API ${fmt(api)}`,
    `mixed traffic pages by X-Render: ${JSON.stringify(mixed.renders)}; admin edits ${mixed.edits.length} (p99 ${Math.max(0, ...mixed.edits.map((e) => e.ms)).toFixed(0)} ms, statuses ${[...new Set(mixed.edits.map((e) => e.status))].join(', ')}); errors by kind and status ${JSON.stringify(mixed.errorStatuses)}; renderer cache ${JSON.stringify(mixed.cache)}`,
    `mixed traffic pages by kind: ${Object.entries(mixed.pagesByLabel)
      .map(
        ([label, p]) =>
          `${label} ${p.requests} (p50 ${p.p50.toFixed(0)} ms, p99 ${p.p99.toFixed(0)} ms, ${JSON.stringify(p.states)})`,
      )
      .join('; ')}`,
  ];
  for (const note of notes) console.log(`  (${note})`);
  return notes;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
