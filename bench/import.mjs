#!/usr/bin/env node
// @ts-check
// Issue 16, measured: a bulk import of 200 files of 1 MB through the API (total time, BFF peak RSS), and the zip of
// a 60 MB session against streaming the same bytes as one file in the same run (throughput ratio, RSS).
// Writes bench/results/import.md.
//   node bench/import.mjs [--no-build] [--files 200] [--rounds 3]   (PostgreSQL at BENCH_POSTGRES_URL)
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { peakRssMb, resetPeak, rssMb } from './lib/memory.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'postgres' },
    files: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const DB = opts.db === 'pglite' ? 'pglite' : 'postgres';
const FILES = Number(opts.files);
const ROUNDS = Math.max(1, Number(opts.rounds));
const MB = 1024 * 1024;
const PARALLEL_UPLOADS = 3; // as the console uploads
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];
const cleanup = async () => {
  for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** A 1 MB document that is a PDF by its first bytes (the BFF checks content, not names); every one different. */
const pdfOf = (/** @type {number} */ bytes) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%bench\n'), randomBytes(bytes - 24), Buffer.from('\n%%EOF\n')]);
const sha256 = (/** @type {Buffer} */ b) => createHash('sha256').update(b).digest('hex');

const freePort = () =>
  new Promise((resolvePort) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolvePort(address.port));
    });
  }).then((p) => /** @type {number} */ (p));

/** @param {string} url */
async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Samples a process's resident memory every 50 ms until stopped; returns the highest. @param {number} pid */
function sampleRss(pid) {
  let max = rssMb(pid);
  const timer = setInterval(() => (max = Math.max(max, rssMb(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(max, rssMb(pid));
  };
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
  const work = join(ROOT, 'bench/.work', `import-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));

  let databaseUrl;
  if (DB === 'postgres') {
    const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `ppl_bench_import_${Date.now()}`;
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
    throw new Error('bench/import.mjs measures on PostgreSQL (BENCH_POSTGRES_URL); --db pglite is not supported');
  }

  const port = await freePort();
  const bff = spawn(
    process.execPath,
    [...(process.env.BFF_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), join(ROOT, 'bff/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: work,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_ZIP_LIMIT: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  cleanups.push(() => void bff.kill('SIGTERM'));
  const pid = bff.pid ?? 0;
  const api = `http://127.0.0.1:${port}/backend/api`;
  await waitFor(`${api}/health`);
  const login = await fetch(`${api}/auth_login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = /** @type {{ token: string }} */ (await login.json());
  /** @param {string} path @param {RequestInit} [init] */
  const call = async (path, init = {}) => {
    const res = await fetch(`${api}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return /** @type {any} */ (await res.json());
  };

  // Ten Cambridge syllabuses; each gets two sessions × five papers × (question paper, mark scheme).
  const codes = Array.from({ length: Math.ceil(FILES / 20) }, (_, i) => String(9701 + i));
  for (const code of [...codes, '9799']) {
    await call('/subjects.php', {
      method: 'POST',
      body: JSON.stringify({ name: `Bench ${code}`, code, level: 'cambridge-a-levels' }),
    });
  }
  /** @type {Array<{ name: string; bytes: Buffer }>} */
  const files = [];
  for (const code of codes)
    for (const series of ['s23', 'w23'])
      for (const paper of [11, 12, 13, 21, 22])
        for (const type of ['qp', 'ms'])
          files.push({ name: `${code}_${series}_${type}_${paper}.pdf`, bytes: pdfOf(MB) });
  files.length = FILES;

  /** Stages and commits `list` through the API, PARALLEL_UPLOADS at a time; returns the seconds it took. */
  const importFiles = async (/** @type {typeof files} */ list) => {
    const started = performance.now();
    const { data: imp } = await call('/imports', { method: 'POST' });
    const queue = [...list];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const form = new FormData();
        form.set('sha256', sha256(f.bytes));
        form.set('file', new Blob([new Uint8Array(f.bytes)]), f.name);
        await call(`/imports/${imp.id}/files`, { method: 'POST', body: form });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    const { data: report } = await call(`/imports/${imp.id}/commit`, { method: 'POST' });
    const created = report.files.filter((/** @type {{ outcome: string }} */ f) => f.outcome === 'created').length;
    if (created !== list.length) throw new Error(`only ${created} of ${list.length} files were imported`);
    return (performance.now() - started) / 1000;
  };

  console.log(`Importing ${files.length} files of 1 MB through the API (database: ${DB})...`);
  const rssBefore = rssMb(pid);
  resetPeak(pid);
  const importSeconds = await importFiles(files);
  const importPeak = peakRssMb(pid);
  console.log(
    `bench import ${files.length} files: ${importSeconds.toFixed(1)} s, BFF peak RSS ${importPeak.toFixed(0)} MB`,
  );

  // A 60 MB session: 30 papers × (question paper, mark scheme) of 1 MB each.
  const papers = [...Array(9).keys()].flatMap((v) => [10 + v + 1, 20 + v + 1, 30 + v + 1, 40 + v + 1]).slice(0, 30);
  const session = papers.flatMap((p) =>
    ['qp', 'ms'].map((type) => ({ name: `9799_s24_${type}_${p}.pdf`, bytes: pdfOf(MB) })),
  );
  await importFiles(session);
  // The baseline: the same bytes as one file, streamed by a plain node:http server in its own process.
  const single = join(work, 'session.bin');
  writeFileSync(single, Buffer.concat(session.map((f) => f.bytes)));
  const baselinePort = await freePort();
  const baseline = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': ${statSync(single).size} }); require('node:fs').createReadStream(${JSON.stringify(single)}).pipe(s); }).listen(${baselinePort}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  cleanups.push(() => void baseline.kill('SIGTERM'));
  await waitFor(`http://127.0.0.1:${baselinePort}/`);

  /** Downloads `url` to nowhere, 4 clients at once; returns MB/s over the whole set. @param {string} url */
  const throughput = async (url) => {
    const started = performance.now();
    let bytes = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await fetch(url);
        if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
        for await (const chunk of res.body) bytes += /** @type {Uint8Array} */ (chunk).length;
      }),
    );
    return bytes / MB / ((performance.now() - started) / 1000);
  };
  const zipUrl = `${api}/download/sessions/9799/2024/may-june.zip`;
  const zipSize = Number((await fetch(zipUrl, { method: 'HEAD' })).headers.get('content-length'));
  await throughput(zipUrl); // warm-up
  const rssAtRest = rssMb(pid);
  let bestZip = 0;
  let bestBase = 0;
  const stop = sampleRss(pid);
  for (let round = 0; round < ROUNDS; round++) {
    bestBase = Math.max(bestBase, await throughput(`http://127.0.0.1:${baselinePort}/`));
    bestZip = Math.max(bestZip, await throughput(zipUrl));
  }
  const zipPeak = stop();
  const ratio = bestZip / bestBase;
  console.log(
    `bench session zip (60 MB): ${bestZip.toFixed(0)} MB/s (ratio ${ratio.toFixed(2)} vs one file ${bestBase.toFixed(0)} MB/s), RSS ${rssAtRest.toFixed(0)} → peak ${zipPeak.toFixed(0)} MB`,
  );

  const met = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}`;
  writeFileSync(
    join(ROOT, 'bench/results/import.md'),
    `# Bulk import and session zips (issue 16)

Written by \`node bench/import.mjs\`. Everything through the BFF's HTTP API, as the console does it.

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Database: ${DB}

| Figure | Value | Goal | |
| --- | --- | --- | --- |
| Import of ${files.length} files of 1 MB (create, ${PARALLEL_UPLOADS} uploads at a time with SHA-256, commit) | ${importSeconds.toFixed(1)} s | < 60 s | ${met(importSeconds < 60)} |
| BFF peak RSS during that import | ${importPeak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before) | < 300 MB | ${met(importPeak < 300)} |
| Session zip of ${session.length} files (${(zipSize / MB).toFixed(1)} MB), 4 clients | ${bestZip.toFixed(0)} MB/s | ratio ≥ 0.7 | ${met(ratio >= 0.7)} |
| The same bytes as one file (node:http + read stream, own process), 4 clients | ${bestBase.toFixed(0)} MB/s | — | ratio ${ratio.toFixed(2)} |
| BFF RSS while zipping (sampled every 50 ms) | ${rssAtRest.toFixed(0)} MB at rest → ${zipPeak.toFixed(0)} MB peak | constant (not the session's 60 MB) | ${met(zipPeak - rssAtRest < 40)} |

Best of ${ROUNDS} rounds each, baseline and zip in turns. The zip entries are STORED (PDFs are already compressed), so
the zip is the files plus a few hundred bytes of headers; its size is known before the first byte (Content-Length).
`,
  );
  console.log('Wrote bench/results/import.md');
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
