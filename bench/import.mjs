#!/usr/bin/env node
// @ts-check
// A bulk import of 200 files of 1 MB through the API (total time, BFF peak RSS), and the zip of
// a 60 MB session against streaming the same bytes as one file in the same run (throughput ratio, RSS).
// Writes bench/results/import.md.
//   node bench/import.mjs [--no-build] [--files 200] [--rounds 5]   (PostgreSQL at BENCH_POSTGRES_URL)
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startBenchBff, waitFor } from './lib/bench-bff.mjs';
import { cpuMs, peakRssMb, resetPeak, rssMb } from './lib/memory.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'postgres' },
    files: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
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

/** The machine's load average (1, 5 and 15 minutes), as /proc/loadavg gives it. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
  const loadAtStart = loadAverage();
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

  const { child: bff, url: bffUrl } = await startBenchBff({
    root: ROOT,
    databaseUrl,
    dataDir: work,
    admin: ADMIN,
    nodeFlags: process.env.BFF_NODE_FLAGS?.split(' ').filter(Boolean) ?? [],
    env: { SESSION_ZIP_LIMIT: '0' },
  });
  cleanups.push(() => void bff.kill('SIGTERM'));
  const pid = bff.pid ?? 0;
  const api = `${bffUrl}/backend/api`;
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
  for (const code of [...codes, '9798', '9799']) {
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
  const sameBytes = Buffer.concat(session.map((f) => f.bytes));

  // Baseline 1, the harsher one: the same bytes as one file, streamed by a plain node:http server in its own process.
  const single = join(work, 'session.bin');
  writeFileSync(single, sameBytes);
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

  // Baseline 2, what zipping costs: the same bytes as one stored file, downloaded through the same BFF
  // (/download/papers/{id}). The API takes files of at most 50 MB, so this one is placed as a restore would: the file
  // under UPLOAD_DIR and its paper and variant rows by SQL.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const storedPath = `papers/${randomUUID()}.pdf`;
  writeFileSync(join(work, 'uploads', storedPath), sameBytes);
  const {
    rows: [paper],
  } = await db.query(
    `INSERT INTO past_papers (subject_id, year, session) SELECT id, 2020, 'May/June' FROM subjects WHERE code = '9798'
     RETURNING id`,
  );
  await db.query(
    `WITH v AS (
       INSERT INTO variants (past_paper_id, name, slug, version) VALUES ($1, 'Paper 11', 'paper-11', 11) RETURNING id)
     INSERT INTO documents (kind, past_paper_id, variant_id, storage_key, size)
     SELECT 'question-paper', $1, id, $2, $3 FROM v`,
    [paper.id, storedPath, sameBytes.length],
  );
  // Every imported document is read for search by the BFF's worker (pdfjs at nice 19): these random "PDFs" fail at
  // once, but that work would otherwise compete with the first figures. Measured when the queue is empty.
  const queueStarted = performance.now();
  while (performance.now() - queueStarted < 300_000) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM document_texts WHERE status IN ('pending', 'working')`,
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const queueSeconds = (performance.now() - queueStarted) / 1000;

  /**
   * Downloads `url` to nowhere, 4 clients at once; returns MB/s over the whole set and the CPU time the serving
   * process spent per GB sent (user + system, from /proc: what the machine's load does not change much).
   * @param {string} url @param {number} serverPid
   */
  const throughput = async (url, serverPid) => {
    const cpuBefore = cpuMs(serverPid);
    const started = performance.now();
    let bytes = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await fetch(url);
        if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
        for await (const chunk of res.body) bytes += /** @type {Uint8Array} */ (chunk).length;
      }),
    );
    return {
      mbs: bytes / MB / ((performance.now() - started) / 1000),
      cpuPerGb: (cpuMs(serverPid) - cpuBefore) / (bytes / 1024 ** 3),
    };
  };
  const zipUrl = `${api}/download/sessions/9799/2024/may-june.zip`;
  const kinds = /** @type {const} */ ({
    zip: { url: zipUrl, pid },
    separate: { url: `http://127.0.0.1:${baselinePort}/`, pid: baseline.pid ?? 0 },
    bffFile: { url: `${api}/download/papers/${paper.id}`, pid },
  });
  const zipSize = Number((await fetch(zipUrl, { method: 'HEAD' })).headers.get('content-length'));
  for (const kind of Object.values(kinds)) await throughput(kind.url, kind.pid); // warm-up
  const rssAtRest = rssMb(pid);
  /** @type {Record<keyof typeof kinds, Array<{ mbs: number; cpuPerGb: number }>>} */
  const runs = { zip: [], separate: [], bffFile: [] };
  const loadBefore = loadAverage();
  const stop = sampleRss(pid);
  for (let round = 0; round < ROUNDS; round++) {
    // In turns, so that a drift of the machine's load favours no side.
    for (const name of /** @type {Array<keyof typeof kinds>} */ (Object.keys(kinds))) {
      runs[name].push(await throughput(kinds[name].url, kinds[name].pid));
    }
  }
  const zipPeak = stop();
  const loadAfter = loadAverage();
  const best = (/** @type {keyof typeof kinds} */ k) => Math.max(...runs[k].map((r) => r.mbs));
  const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
  const mid = (/** @type {keyof typeof kinds} */ k) => median(runs[k].map((r) => r.mbs));
  const cpu = (/** @type {keyof typeof kinds} */ k) => median(runs[k].map((r) => r.cpuPerGb));
  const ratio = best('zip') / best('separate');
  const ratioFile = best('zip') / best('bffFile');
  console.log(
    `bench session zip (60 MB): ${best('zip').toFixed(0)} MB/s (ratio ${ratio.toFixed(2)} vs one file from its own process ${best('separate').toFixed(0)} MB/s; ${ratioFile.toFixed(2)} vs the BFF's own one-file download ${best('bffFile').toFixed(0)} MB/s), RSS ${rssAtRest.toFixed(0)} → peak ${zipPeak.toFixed(0)} MB, load ${loadBefore} → ${loadAfter}`,
  );

  const met = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');
  const figure = (/** @type {keyof typeof kinds} */ k) =>
    `${best(k).toFixed(0)} MB/s (median ${mid(k).toFixed(0)}) | ${cpu(k).toFixed(0)} ms`;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}`;
  writeFileSync(
    join(ROOT, 'bench/results/import.md'),
    `# Bulk import and session zips

Written by \`node bench/import.mjs\`. Everything through the BFF's HTTP API, as the console does it.

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Database: ${DB}
- Load average (1, 5, 15 min): ${loadAtStart} at the start; ${loadBefore} before the zip figures, ${loadAfter} after

| Figure | Value | Goal | |
| --- | --- | --- | --- |
| Import of ${files.length} files of 1 MB (create, ${PARALLEL_UPLOADS} uploads at a time with SHA-256, commit) | ${importSeconds.toFixed(1)} s | < 60 s | ${met(importSeconds < 60)} |
| BFF peak RSS during that import | ${importPeak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before) | < 300 MB | ${met(importPeak < 300)} |
| Session zip ÷ the same bytes as one file from its own process (best runs) | ${ratio.toFixed(2)} (medians ${(mid('zip') / mid('separate')).toFixed(2)}) | ≥ 0.7 | ${met(ratio >= 0.7)} |
| Session zip ÷ the same bytes as one file downloaded through the same BFF (best runs) | ${ratioFile.toFixed(2)} (medians ${(mid('zip') / mid('bffFile')).toFixed(2)}) | ≥ 0.7 | ${met(ratioFile >= 0.7)} |
| BFF RSS while zipping (sampled every 50 ms) | ${rssAtRest.toFixed(0)} MB at rest → ${zipPeak.toFixed(0)} MB peak | constant (not the session's 60 MB) | ${met(zipPeak - rssAtRest < 40)} |

Downloads, 4 clients at once, ${ROUNDS} rounds in turns (best and median run; CPU time of the serving process per GB sent,
median):

| Download | Throughput | CPU per GB |
| --- | --- | --- |
| Session zip, ${session.length} files (${(zipSize / MB).toFixed(1)} MB), \`/download/sessions/9799/2024/may-june.zip\` | ${figure('zip')} |
| The same bytes as one file: node:http + read stream in its own process | ${figure('separate')} |
| The same bytes as one stored file through the same BFF: \`/download/papers/{id}\` | ${figure('bffFile')} |

The zip entries are STORED (PDFs are already compressed), so the zip is the files plus a few kilobytes of headers;
its size is known before the first byte (Content-Length). Before the zip figures the bench waited ${queueSeconds.toFixed(0)} s for the
BFF's text extraction of the imported documents to finish (it would otherwise compete for the same two cores).
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
