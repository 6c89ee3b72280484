#!/usr/bin/env node
// @ts-check
// The production topology on this machine (docs/deploy.md), each figure a ratio taken in one run.
//   1. A 5 MB PDF download through nginx with X-Accel-Redirect (the BFF authorises and counts, nginx sends the file)
//      against nginx serving the same file as a static file.
//   2. API reads through nginx with two BFF replicas against one replica (on 2 cores expect about 1x: the point is
//      that a second replica costs nothing and stays correct, not a speed-up here).
// Writes bench/results/topology.md.   node bench/topology.mjs [--duration 10] [--connections 50] [--rounds 2]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { insertRows, LARGE_FILE, writeFiles } from './lib/dataset.mjs';
import { compare } from './lib/load.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
  },
});
const load = { connections: Number(opts.connections), seconds: Number(opts.duration), rounds: Number(opts.rounds) };
const X_ACCEL_PREFIX = '/_protected_files/';

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];
const cleanup = async () => {
  for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
};

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** @param {string} url */
async function waitFor(url) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Starts a process and registers its stop. @param {string[]} args @param {Record<string, string>} env */
function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGTERM'));
  return child;
}

/** One of the project's nginx configurations with the real binary (scripts/nginx-local.mjs). */
async function nginx(/** @type {string[]} */ args) {
  const port = await freePort();
  start([join(ROOT, 'scripts/nginx-local.mjs'), '--port', String(port), ...args]);
  await waitFor(`http://127.0.0.1:${port}/`).catch(() => undefined);
  return `http://127.0.0.1:${port}`;
}

async function main() {
  const work = join(ROOT, 'bench/.work', `topology-${Date.now()}`);
  const uploads = join(work, 'uploads');
  mkdirSync(uploads, { recursive: true });
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ppl_bench_topology_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const { largeSize, hashes } = await writeFiles(uploads);

  const token = randomBytes(24).toString('base64url');
  const replica = async (/** @type {number} */ n) => {
    const port = await freePort();
    mkdirSync(join(work, `bff-${n}`), { recursive: true });
    start([join(ROOT, 'bff/dist/main.js')], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(work, `bff-${n}`),
      UPLOAD_DIR: uploads,
      JWT_SECRET: 'bench-topology-secret-bench-topology-secret-01',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      INTERNAL_TOKEN: token,
      FILE_DELIVERY: 'x-accel',
      X_ACCEL_PREFIX,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-topology',
    });
    await waitFor(`http://127.0.0.1:${port}/backend/api/health`);
    return `127.0.0.1:${port}`;
  };
  const first = await replica(1);
  console.log('Seeding the large data set...');
  const { largeVariantId } = await insertRows(databaseUrl, largeSize, hashes);
  const second = await replica(2);

  const edge = async (/** @type {string} */ upstreams) =>
    nginx([
      '--template',
      'edge.conf.template',
      '--var',
      'RENDERER_UPSTREAM=127.0.0.1:9',
      '--var',
      `NGINX_INTERNAL_LISTEN=127.0.0.1:${await freePort()}`,
      '--var',
      `NGINX_ROOT=${join(ROOT, 'shell/dist')}`,
      '--var',
      `X_ACCEL_PREFIX=${X_ACCEL_PREFIX}`,
      '--var',
      `UPLOADS_ROOT=${uploads}`,
      '--env',
      `BFF_UPSTREAMS=${upstreams}`,
      '--script',
      '30-security-headers.sh',
      '--script',
      '35-bff-upstream.sh',
      '--include',
      'renderer-proxy.inc',
    ]);
  const two = await edge(`${first},${second}`);
  const one = await edge(first);
  // nginx serving the very same file as a static file (a remote's configuration, its folder the uploads).
  const statics = await nginx([
    '--template',
    'frontend.conf.template',
    '--var',
    'BFF_UPSTREAM=http://127.0.0.1:9',
    '--var',
    'CORS_ALLOW_ORIGIN=*',
    '--var',
    `NGINX_ROOT=${uploads}`,
    '--script',
    '30-security-headers.sh',
  ]);

  /** "0 errors", or how many of which kind (over every run of that side). @param {import('./lib/load.mjs').LoadResult} side */
  const errorsOf = (side) =>
    side.errors === 0
      ? '0 errors'
      : `${side.errors} errors (${Object.entries(side.errorKinds)
          .filter(([, n]) => n > 0)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ')})`;
  /** @type {string[]} */
  const lines = [];
  /** @type {string[]} */
  const rows = [];
  const before = loadavg()[0]?.toFixed(2);
  const download = `/backend/api/past_papers.php?download_variant_id=${largeVariantId}&variant_document_type=document`;
  const files = await compare(`${statics}/${LARGE_FILE}`, `${two}${download}`, { ...load, connections: 10 });
  const ratio = files.project.bytesPerSec / files.base.bytesPerSec;
  rows.push(
    `| 5 MB PDF download, nginx with X-Accel-Redirect (10 connections) | ${(files.project.bytesPerSec / 1e6).toFixed(0)} MB/s, ${files.project.rps.toFixed(1)} req/s, p99 ${files.project.p99} ms | nginx static: ${(files.base.bytesPerSec / 1e6).toFixed(0)} MB/s, ${files.base.rps.toFixed(1)} req/s | ${ratio.toFixed(2)} | ≥ 0.95 | ${ratio >= 0.95 ? 'met' : '**not met**'} |`,
  );
  lines.push(
    `bench x-accel download: ${(files.project.bytesPerSec / 1e6).toFixed(0)} MB/s (ratio ${ratio.toFixed(2)} vs nginx static)`,
  );
  for (const [label, path] of [
    ['API subjects list', '/backend/api/subjects.php'],
    [
      'API papers list (one category, compact view)',
      '/backend/api/past_papers.php?category=cambridge-igcse&view=summary',
    ],
    ['API paper by id', '/backend/api/past_papers.php?id=4321'],
  ]) {
    const api = await compare(`${one}${path}`, `${two}${path}`, { ...load, headers: { 'Accept-Encoding': 'gzip' } });
    const r = api.project.rps / api.base.rps;
    rows.push(
      `| ${label}: 2 replicas (${load.connections} connections) | ${api.project.rps.toFixed(0)} req/s, p99 ${api.project.p99} ms, ${errorsOf(api.project)} | 1 replica: ${api.base.rps.toFixed(0)} req/s, p99 ${api.base.p99} ms, ${errorsOf(api.base)} | ${r.toFixed(2)} | ~1 on 2 cores, no loss | ${r >= 0.9 && api.project.errors === 0 ? 'met' : '**not met**'} |`,
    );
    lines.push(
      `bench ${label} with 2 replicas: ${api.project.rps.toFixed(0)} req/s (ratio ${r.toFixed(2)} vs 1 replica)`,
    );
  }
  const after = loadavg()[0]?.toFixed(2);
  for (const line of lines) console.log(line);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/topology.md'),
    `# Topology benchmark

Written by \`node bench/topology.mjs\` (after \`npm run build\`): the project's own nginx configurations
(docker/nginx, run with the real nginx binary by scripts/nginx-local.mjs) in front of BFF replicas on one
PostgreSQL, with the large data set of the main bench (10,000 papers, one 5 MB PDF). Each ratio is taken in one
run, the two sides in turns, each side's best of ${load.rounds} runs of ${load.seconds} s.

- Date: ${new Date().toISOString()}
- Machine: ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; load average ${before} before, ${after} after

| Figure | Product | Baseline (same run) | Ratio | Goal | |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
