#!/usr/bin/env node
// @ts-check
// Search at 10,000 papers, 30,000 documents and 300,000 pages of text in a fresh PostgreSQL
// database, against a baseline running the BFF's own search (the same statements) from a bare node:http + pg
// server; then text extraction throughput, and the API's p99 while a 1,000-document reindex runs.
// Writes bench/results/search.md.
//   node bench/search.mjs [--duration 8] [--connections 50] [--rounds 2] [--papers 10000] [--before DIST]
//   (build the BFF first: npm run build -w @ppl/bff). --before: the bff/dist folder of an earlier build (e.g. main's,
//   built in a scratch copy): its SearchService is run by a second bare server, for before/after figures in one run.
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { startBenchBff } from './lib/bench-bff.mjs';
import { searchQueries, seedSearchDataset, vocabulary } from './lib/search-dataset.mjs';
import { explainSearch } from './lib/search-explain.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    // A smaller library, to try the script quickly (the recorded figures are at 10,000).
    papers: { type: 'string', default: '10000' },
    before: { type: 'string' },
    // An existing database already holding the data set (made by an earlier run with --keep): not seeded, not dropped.
    database: { type: 'string' },
    // Keep the database made by this run (its name is printed), for --database later.
    keep: { type: 'boolean', default: false },
    // Leave out the extraction figures (they change the data set: 1,000 documents get new files).
    'no-extraction': { type: 'boolean', default: false },
  },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Math.max(1, Number(opts.rounds));
const REINDEX_DOCUMENTS = 1_000;

/** The machine's load average (1, 5 and 15 minutes). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * @typedef {{ rps: number; p50: number; p99: number; errors: number; loadBefore: string; loadAfter: string }} Figure
 * @param {string} url @param {number} connections @param {number} seconds @param {string[]} paths
 * @returns {Promise<Figure>}
 */
async function drive(url, connections, seconds, paths) {
  let n = 0;
  const requests = [
    { setupRequest: (/** @type {{ path: string }} */ req) => ({ ...req, path: paths[n++ % paths.length] ?? '/' }) },
  ];
  await autocannon({ url, connections: Math.min(connections, 10), duration: 2, requests });
  const loadBefore = loadAverage();
  const r = await autocannon({ url, connections, duration: seconds, requests });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts + r.non2xx,
    loadBefore,
    loadAfter: loadAverage(),
  };
}

/** A small real PDF of four pages of the data set's text (for the extraction figures). @param {number} i */
function pdf(i) {
  const words = vocabulary();
  let seed = i + 1;
  const next = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  return new Promise((res, rej) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => res(Buffer.concat(chunks)));
    doc.on('error', rej);
    for (let p = 0; p < 4; p++) {
      doc.addPage();
      const text = Array.from({ length: 150 }, () => words[Math.floor((words.length + 1) ** next()) - 1]);
      doc.fontSize(11).text(text.join(' '));
    }
    doc.end();
  });
}

async function main() {
  const work = join(ROOT, 'bench/.work', `search-${Date.now()}`);
  const uploadDir = join(work, 'uploads');
  mkdirSync(join(uploadDir, 'papers'), { recursive: true });
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const existing = opts.database ?? null;
  const name = existing ?? `ppl_bench_search_${Date.now()}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('--database: a database name of [a-z0-9_]');
  if (existing === null) {
    const adminClient = new pg.Client({ connectionString: admin });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    await adminClient.end();
  }
  if (opts.keep || existing !== null) console.log(`database ${name} is kept`);
  const dbUrl = new URL(admin);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const loadAtStart = loadAverage();
  /** @type {Array<() => void | Promise<void>>} */
  const cleanups = [
    () => rmSync(work, { recursive: true, force: true }),
    async () => {
      if (opts.keep || existing !== null) return;
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  ];
  /** Starts a BFF on the bench database. @param {Record<string, string>} env */
  const startBff = async (env) => {
    const started = await startBenchBff({
      root: ROOT,
      databaseUrl,
      dataDir: work,
      admin: { email: 'bench@example.com', password: 'bench-password' },
      env: {
        UPLOAD_DIR: uploadDir,
        // The bench is one client standing for many students: the per-client search budget would refuse nearly all
        // of its requests (429), which earlier runs counted as answers.
        SEARCH_RATE_LIMIT: '0',
        ...env,
      },
    });
    cleanups.unshift(() => void started.child.kill('SIGTERM'));
    return started;
  };
  try {
    // The extraction is measured on its own below; while the data set is made and searched it would only compete.
    const bff = await startBff({ DOCUMENT_TEXT_WORKER: 'false' });

    // The data set (bench/lib/search-dataset.mjs), set-based. The triggers enqueue every document; they are marked
    // done with their pages. VACUUM ANALYZE, as autovacuum would have done by the time a library is searched.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let t = Date.now();
    if (existing === null) await seedSearchDataset(db, { papers: Number(opts.papers) });
    const seeded = Date.now();
    await db.query('VACUUM ANALYZE subjects, past_papers, variants, document_texts, document_pages, search_words');
    console.log(
      `data set made in ${((seeded - t) / 1000).toFixed(0)} s, vacuumed in ${((Date.now() - seeded) / 1000).toFixed(0)} s`,
    );
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM past_papers)::int AS papers, (SELECT count(*) FROM document_texts)::int AS documents,
                (SELECT count(*) FROM document_pages)::int AS pages, (SELECT count(*) FROM subjects)::int AS subjects`,
      )
    ).rows[0];
    const seedSeconds = (Date.now() - t) / 1000;
    console.log(`data set: ${JSON.stringify(counts)} in ${seedSeconds.toFixed(0)} s`);

    // The same product with its read cache off: every answer computed, as the baseline computes it.
    const uncached = await startBff({ DOCUMENT_TEXT_WORKER: 'false', READ_CACHE_MB: '0' });
    // The baseline: the BFF's own SearchService (bff/dist/search/) from node:http + pg; with --before, the same
    // server running an earlier build's SearchService on the same database.
    const startBaseline = (/** @type {string | undefined} */ dist) =>
      new Promise((res, rej) => {
        const child = fork(join(ROOT, 'bench/lib/search-baseline.mjs'), [], {
          env: { ...process.env, DATABASE_URL: databaseUrl, ...(dist ? { SEARCH_SERVICE_DIST: resolve(dist) } : {}) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('message', (/** @type {any} */ m) =>
          m.type === 'ready' ? res({ child, port: m.port }) : rej(new Error('the baseline did not start')),
        );
        child.once('exit', (code) => rej(new Error(`baseline exited ${code}`)));
      }).then((r) => {
        const started = /** @type {{ child: import('node:child_process').ChildProcess; port: number }} */ (r);
        cleanups.unshift(() => void started.child.kill('SIGTERM'));
        return `http://127.0.0.1:${started.port}`;
      });
    const baseUrl = await startBaseline(undefined);
    const beforeUrl = opts.before ? await startBaseline(opts.before) : null;

    const mixes = await searchQueries(db);
    const kinds = /** @type {const} */ (['code', 'subject', 'word']);

    // What each kind of query runs: EXPLAIN ANALYZE of a few of them (the statements SearchService sends).
    const relaxedCode = mixes.code.find((q) => /(?<![0-9])(?:20)?26(?![0-9])/.test(q));
    const samples = [mixes.code[0], relaxedCode, mixes.subject[0], mixes.word[0], 'density', 'physics density'];
    const explained = [];
    for (const q of samples.filter((s) => s !== undefined)) explained.push(await explainSearch(db, q));

    /** @type {Array<{ kind: string; base: Figure[]; uncached: Figure[]; cached: Figure[]; before: Figure[]; statements: number }>} */
    const rows = [];
    for (const kind of kinds) {
      const queries = mixes[kind];
      const productPaths = queries.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}`);
      const basePaths = queries.map((q) => `/search?q=${encodeURIComponent(q)}`);
      /** @type {{ kind: string; base: Figure[]; uncached: Figure[]; cached: Figure[]; before: Figure[]; statements: number }} */
      const row = { kind, base: [], uncached: [], cached: [], before: [], statements: 0 };
      await fetch(`${baseUrl}/stats`);
      for (let round = 0; round < ROUNDS; round++) {
        // In turns, so that a drift of the machine's load favours no side.
        row.base.push(await drive(baseUrl, CONNECTIONS, DURATION, basePaths));
        row.uncached.push(await drive(uncached.url, CONNECTIONS, DURATION, productPaths));
        row.cached.push(await drive(bff.url, CONNECTIONS, DURATION, productPaths));
        if (beforeUrl) row.before.push(await drive(beforeUrl, CONNECTIONS, DURATION, basePaths));
      }
      const stats = /** @type {{ statements: number; searches: number }} */ (
        await (await fetch(`${baseUrl}/stats`)).json()
      );
      row.statements = stats.statements / Math.max(1, stats.searches);
      rows.push(row);
      const b = best(row.base);
      const u = best(row.uncached);
      const c = best(row.cached);
      const was = row.before.length ? best(row.before) : null;
      console.log(
        `bench search ${kind}: computed ${u.rps.toFixed(0)} req/s p99 ${u.p99} ms, cached ${c.rps.toFixed(0)} req/s p99 ${c.p99} ms (baseline ${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms; ratio ${(u.rps / b.rps).toFixed(2)}${was ? `; before: ${was.rps.toFixed(0)} req/s, p99 ${was.p99} ms, baseline/before ${(b.rps / was.rps).toFixed(2)}` : ''}); ${row.statements.toFixed(2)} statements per query`,
      );
    }

    const extraction = opts['no-extraction']
      ? null
      : await (async () => {
          // Extraction: 1,000 real PDFs (4 pages each) given to 1,000 documents, read by the BFF's worker while the
          // API is under load; the same load before, for its p99 without the reindex.
          t = Date.now();
          const files = await Promise.all(Array.from({ length: 20 }, (_, i) => pdf(i)));
          for (let i = 0; i < REINDEX_DOCUMENTS; i++)
            writeFileSync(join(uploadDir, 'papers', `r${i}.pdf`), files[i % files.length] ?? Buffer.alloc(0));
          bff.child.kill('SIGTERM');
          uncached.child.kill('SIGTERM');
          await new Promise((r) => bff.child.once('exit', r));
          const bff2 = await startBff({ DOCUMENT_TEXT_POLL_MS: '200' });
          const wordPaths = (/** @type {number} */ page) =>
            mixes.word.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}&page=${page}`);
          const quietAgain = await drive(bff2.url, CONNECTIONS, DURATION, wordPaths(3));
          // 1,000 documents get new files: the triggers drop their pages and enqueue them.
          await db.query(
            `UPDATE documents SET storage_key = 'papers/r' || (rn - 1) || '.pdf'
               FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM documents
                      WHERE kind = 'question-paper' ORDER BY id LIMIT $1) x
              WHERE documents.id = x.id`,
            [REINDEX_DOCUMENTS],
          );
          const started = Date.now();
          const during = await drive(bff2.url, CONNECTIONS, DURATION, wordPaths(4));
          let left = REINDEX_DOCUMENTS;
          while (left > 0 && Date.now() - started < 600_000) {
            left = (
              await db.query(`SELECT count(*)::int AS n FROM document_texts WHERE status IN ('pending', 'working')`)
            ).rows[0].n;
            if (left > 0) await new Promise((r) => setTimeout(r, 500));
          }
          const extractionSeconds = (Date.now() - started) / 1000;
          const extracted = (
            await db.query(`SELECT count(*)::int AS docs, coalesce(sum(page_count), 0)::int AS pages FROM document_texts t
                           JOIN documents d ON d.id = t.document_id
                           WHERE d.storage_key LIKE 'papers/r%' AND t.status = 'done'`)
          ).rows[0];
          const pagesPerSecond = extracted.pages / extractionSeconds;
          console.log(
            `bench extraction: ${extracted.docs} documents, ${extracted.pages} pages in ${extractionSeconds.toFixed(1)} s under load (${pagesPerSecond.toFixed(0)} pages/s); API p99 ${quietAgain.p99} ms before, ${during.p99} ms during`,
          );
          return { extracted, extractionSeconds, pagesPerSecond, quietAgain, during };
        })();
    await db.end();

    writeFileSync(
      join(ROOT, 'bench/results/search.md'),
      report({
        admin,
        counts,
        seedSeconds,
        rows,
        mixes,
        explained,
        extraction,
        loadAtStart,
        existing,
      }),
    );
    console.log('Wrote bench/results/search.md');
  } finally {
    for (const step of cleanups) await Promise.resolve(step()).catch(() => undefined);
  }
}

/**
 * With --before: the earlier build's search and this one's, each from the same bare server on the same database in
 * the same run (the ratio is this build's over the earlier one's).
 * @param {any[]} rows
 */
function beforeAfter(rows) {
  if (!rows.some((row) => row.before.length > 0)) return [];
  const f = (/** @type {Figure} */ x) =>
    `${x.rps.toFixed(0)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms${x.errors ? `, **${x.errors} not answered** (non-2xx, errors, timeouts)` : ''}`;
  return [
    '## Before and after',
    '',
    "The same bare server (bench/lib/search-baseline.mjs) runs the earlier build's SearchService (`--before`: main before the candidate cap and index slices, its SQL on this database) and this build's (the baseline above), in turns in the same run; the product computing every answer is this build behind the BFF.",
    '',
    '| Queries | Before (earlier build) | After (this build) | Throughput after / before | Product computing every answer | p99 < 100 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => {
      const was = best(row.before);
      const now = best(row.base);
      const u = best(row.uncached);
      return `| ${row.kind} | ${f(was)} | ${f(now)} | ${(now.rps / was.rps).toFixed(2)} | ${f(u)} | ${u.p99 < 100 && !u.errors ? 'met' : '**not met**'} |`;
    }),
    '',
  ];
}

/** The run with the most requests per second. @param {Figure[]} figures */
const best = (figures) => figures.reduce((a, b) => (b.rps > a.rps ? b : a));

/** @param {any} r */
function report(r) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const f = (/** @type {Figure} */ x) =>
    `${x.rps.toFixed(0)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms${x.errors ? `, **${x.errors} not answered** (non-2xx, errors, timeouts)` : ''}`;
  const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');
  const lines = [
    '# Search benchmark',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GB; PostgreSQL at ${new URL(r.admin).host}; ${CONNECTIONS} connections, ${DURATION} s per figure after a 2 s warm-up, ${ROUNDS} rounds in turns (best round shown); \`node bench/search.mjs${opts.before ? ' --before …' : ''}\`. Load average (1, 5, 15 min) at the start: ${r.loadAtStart}.`,
    '',
    `Data set (bench/lib/search-dataset.mjs): ${r.counts.subjects} subjects, ${r.counts.papers.toLocaleString('en-US')} papers (one per subject, year and session), ${r.counts.documents.toLocaleString('en-US')} documents, ${r.counts.pages.toLocaleString('en-US')} pages of about 150 words drawn with Zipf's law from 3,400 words (${r.existing ? `made by an earlier run and kept (\`--database\`), vacuumed again in ${r.seedSeconds.toFixed(0)} s` : `made with set-based SQL and VACUUM ANALYZE in ${r.seedSeconds.toFixed(0)} s`}).`,
    '',
    "Three servers answer the same queries: the **baseline**, a bare node:http + pg server running the BFF's compiled SearchService (the same parser and the same SQL statements, in the same order: bench/lib/search-baseline.mjs); the **product computing every answer** (the BFF with READ_CACHE_MB=0), which is what the throughput ratio compares; and the **product as deployed** (its read cache on: the mixes cycle through 600 distinct queries, so after the first pass most answers come from memory).",
    '',
    '| Queries | Statements per query | Baseline | Product, every answer computed | Ratio (goal ≥ 0.7) | p99 < 100 ms | Product as deployed (cache) | p99 < 100 ms | Load before → after (computed) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.rows.map((/** @type {any} */ row) => {
      const b = best(row.base);
      const u = best(row.uncached);
      const c = best(row.cached);
      return `| ${row.kind} (${r.mixes[row.kind].length} distinct) | ${row.statements.toFixed(2)} | ${f(b)} | ${f(u)} | ${(u.rps / b.rps).toFixed(2)} ${verdict(u.rps / b.rps >= 0.7 && !u.errors)} | ${verdict(u.p99 < 100 && !u.errors)} | ${f(c)} (ratio ${(c.rps / b.rps).toFixed(2)}) | ${verdict(c.p99 < 100 && !c.errors)} | ${u.loadBefore} → ${u.loadAfter} |`;
    }),
    '',
    ...beforeAfter(r.rows),
    'Every round (req/s, p99 ms):',
    '',
    ...r.rows.map(
      (/** @type {any} */ row) =>
        `- ${row.kind}: baseline ${row.base.map((/** @type {Figure} */ x) => `${x.rps.toFixed(0)}/${x.p99}`).join(', ')}; computed ${row.uncached.map((/** @type {Figure} */ x) => `${x.rps.toFixed(0)}/${x.p99}`).join(', ')}; cached ${row.cached.map((/** @type {Figure} */ x) => `${x.rps.toFixed(0)}/${x.p99}`).join(', ')}${row.before.length ? `; before ${row.before.map((/** @type {Figure} */ x) => `${x.rps.toFixed(0)}/${x.p99}`).join(', ')}` : ''}${[...row.base, ...row.uncached, ...row.cached, ...row.before].some((/** @type {Figure} */ x) => x.errors) ? ' (errors!)' : ''}`,
    ),
    '',
    'Queries: codes of papers that exist as students type them (`9702_s23_qp_12`, `9702/12/M/J/23`, `9702 s23 ms 12`, `9702 may june 2023 paper 1`, `wph11 oct nov 2021 paper 1`), one in six naming a variant or a year the library does not have (answered by relaxing); subjects with a year and sometimes a session (`igcse chemistry 2011 oct nov`); one or two subject terms, sometimes with a common word, one in twenty with a typo (`photosynthesis`, `enzyme activity`, `density scholars`).',
    '',
    '## What the statements cost (EXPLAIN ANALYZE, same data set, one connection)',
    '',
    '| Query | Answer | Statement | Planning | Execution | Buffers | Index and table access |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...r.explained.flatMap((/** @type {any} */ e) =>
      e.statements.map(
        (/** @type {any} */ s, /** @type {number} */ i) =>
          `| ${i === 0 ? `\`${e.q}\`` : ''} | ${i === 0 ? `${e.total} results${e.relaxed.length ? `, relaxed: ${e.relaxed.join(', ')}` : ''}` : ''} | \`${s.statement}…\` | ${s.planningMs.toFixed(2)} ms | ${s.executionMs.toFixed(2)} ms | ${s.buffers} | ${s.access.slice(0, 4).join('; ')} |`,
      ),
    ),
    '',
    ...(r.extraction === null
      ? ['## Extraction', '', 'Not measured in this run (`--no-extraction`).']
      : [
          '## Extraction',
          '',
          `The BFF's worker (pdfjs in a child process at nice 19, one document at a time, while ${CONNECTIONS} connections search): ${r.extraction.extracted.docs} documents, ${r.extraction.extracted.pages} pages in ${r.extraction.extractionSeconds.toFixed(1)} s = **${r.extraction.pagesPerSecond.toFixed(0)} pages/s**.`,
          '',
          `Word-query p99 of the same BFF (cache on) before the reindex: ${r.extraction.quietAgain.p99} ms (${r.extraction.quietAgain.rps.toFixed(0)} req/s, load ${r.extraction.quietAgain.loadBefore} → ${r.extraction.quietAgain.loadAfter}); during the reindex: ${r.extraction.during.p99} ms (${r.extraction.during.rps.toFixed(0)} req/s, load ${r.extraction.during.loadBefore} → ${r.extraction.during.loadAfter}).`,
        ]),
  ];
  return `${lines.join('\n')}\n`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
