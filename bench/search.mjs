#!/usr/bin/env node
// @ts-check
// Issue 15, "Measured": search at 10,000 papers, 30,000 documents and 300,000 pages of text in a fresh PostgreSQL
// database, against a baseline running the BFF's own search SQL from a bare node:http + pg server; then text
// extraction throughput, and the API's p99 while a 1,000-document reindex runs. Writes bench/results/search.md.
//   node bench/search.mjs [--duration 8] [--connections 50]     (build the BFF first: npm run build -w @ppl/bff)
import { fork, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import PDFDocument from 'pdfkit';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' } },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const PAPERS = 10_000;
const PAGES_PER_DOCUMENT = 10;
const REINDEX_DOCUMENTS = 1_000;
const SUBJECTS = [
  ['Physics', '9702', 'cambridge-a-levels'],
  ['Chemistry', '9701', 'cambridge-a-levels'],
  ['Biology', '9700', 'cambridge-a-levels'],
  ['Mathematics', '9709', 'cambridge-a-levels'],
  ['Economics', '9708', 'cambridge-a-levels'],
  ['Physics', '0625', 'cambridge-igcse'],
  ['Chemistry', '0620', 'cambridge-igcse'],
  ['Biology', '0610', 'cambridge-igcse'],
  ['Mathematics', '0580', 'cambridge-igcse'],
  ['Computer Science', '0478', 'cambridge-igcse'],
  ['Physics', '5054', 'cambridge-o-levels'],
  ['Accounting', '7707', 'cambridge-o-levels'],
  ['Physics', 'WPH11', 'edexcel-a-levels'],
  ['Mathematics', '4MA1', 'edexcel-igcse'],
  ['Integrated Science', 'CBC-IS9', 'cbc-secondary'],
];
/** The text of the pages: a vocabulary of exam words, common ones often and rare ones seldom (Zipf-like). */
const WORDS = (
  'calculate explain describe state suggest determine show define sketch measure force energy velocity ' +
  'acceleration momentum pressure current voltage resistance wave frequency amplitude photon electron nucleus ' +
  'isotope enzyme membrane osmosis diffusion photosynthesis respiration mitochondria chloroplast gene allele ' +
  'chromosome protein lipid carbohydrate catalyst equilibrium oxidation reduction electrolysis titration ' +
  'molarity polymer alkane alkene ester isomer quadratic integral derivative matrix vector probability ' +
  'histogram gradient tangent logarithm inflation demand supply elasticity monopoly tariff budget ledger ' +
  'depreciation algorithm variable array recursion compiler thermistor capacitor diffraction interference ' +
  'refraction magnetism induction transformer radioactivity halflife spectroscopy chromatography zwitterion'
).split(' ');

/** @param {string} url @param {number} connections @param {number} seconds @param {string[]} paths */
async function drive(url, connections, seconds, paths) {
  let n = 0;
  const requests = [
    { setupRequest: (/** @type {{ path: string }} */ req) => ({ ...req, path: paths[n++ % paths.length] ?? '/' }) },
  ];
  await autocannon({ url, connections: Math.min(connections, 10), duration: 2, requests });
  const r = await autocannon({ url, connections, duration: seconds, requests });
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.timeouts + r.non2xx };
}

/** @param {number} [port] */
function freePort(port = 0) {
  return new Promise((res) => {
    const s = createServer().listen(port, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => res(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** @param {string} url */
async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** A small real PDF of a few pages (for the extraction figures). @param {number} i */
function pdf(i) {
  return new Promise((res, rej) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => res(Buffer.concat(chunks)));
    doc.on('error', rej);
    for (let p = 0; p < 4; p++) {
      doc.addPage();
      doc
        .fontSize(11)
        .text(Array.from({ length: 120 }, (_, k) => WORDS[(i * 7 + p * 13 + k * k) % WORDS.length]).join(' '));
    }
    doc.end();
  });
}

async function main() {
  const work = join(ROOT, 'bench/.work', `search-${Date.now()}`);
  const uploadDir = join(work, 'uploads');
  mkdirSync(join(uploadDir, 'papers'), { recursive: true });
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ppl_bench_search_${Date.now()}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  await adminClient.end();
  const dbUrl = new URL(admin);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  /** @type {Array<() => void | Promise<void>>} */
  const cleanups = [
    () => rmSync(work, { recursive: true, force: true }),
    async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  ];
  try {
    const bffPort = await freePort();
    const bff = spawn(process.execPath, [join(ROOT, 'bff/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(bffPort),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: work,
        UPLOAD_DIR: uploadDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'bench@example.com',
        ADMIN_PASSWORD: 'bench-password',
        // The extraction is measured on its own below; while the data set is made it would only compete.
        DOCUMENT_TEXT_WORKER: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.unshift(() => void bff.kill('SIGTERM'));
    const bffUrl = `http://127.0.0.1:${bffPort}`;
    await waitFor(`${bffUrl}/backend/api/health`);

    // The data set, set-based: papers, three documents each (question paper, mark scheme, examiner report), ten
    // pages of text per document. The triggers enqueue every document; they are marked done with their pages.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let t = Date.now();
    await db.query(
      `INSERT INTO subjects (name, code, level) SELECT s[1], s[2], s[3] FROM jsonb_array_elements($1::jsonb) j,
              LATERAL (SELECT ARRAY(SELECT jsonb_array_elements_text(j))) AS x(s)`,
      [JSON.stringify(SUBJECTS)],
    );
    await db.query(
      `INSERT INTO past_papers (subject_id, year, session)
       SELECT s.id, 2000 + (n / 15) % 26, (ARRAY['Feb/March','May/June','Oct/Nov'])[(n / 390) % 3 + 1]
         FROM generate_series(0, $1::int - 1) n JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM subjects) s
           ON s.k = n % 15`,
      [PAPERS],
    );
    await db.query(
      `INSERT INTO variants (past_paper_id, name, slug, version, document_path, mark_scheme_path, examiner_report_path)
       SELECT p.id, 'Paper ' || v, 'paper-' || v, v, 'papers/q' || p.id || '.pdf', 'papers/m' || p.id || '.pdf',
              'papers/e' || p.id || '.pdf'
         FROM past_papers p, LATERAL (SELECT (ARRAY[11,12,13,21,22,23,31,32,41,42])[p.id % 10 + 1] AS v) x`,
    );
    await db.query(
      `UPDATE document_texts SET status = 'done', page_count = ${PAGES_PER_DOCUMENT}, extracted_at = now()`,
    );
    await db.query(
      `INSERT INTO document_pages (document_text_id, page, body, tsv)
       SELECT d.id, g.page, b.body, to_tsvector('english', b.body)
         FROM document_texts d CROSS JOIN generate_series(1, $2::int) AS g(page),
         LATERAL (SELECT string_agg(($1::text[])[1 + floor(power(random(), 2.2) * array_length($1::text[], 1))::int], ' ') AS body
                    FROM generate_series(1, 60 + d.id % 7 + g.page * 0)) b`,
      [WORDS, PAGES_PER_DOCUMENT],
    );
    await db.query(
      `INSERT INTO search_words (word) SELECT DISTINCT w FROM unnest($1::text[]) w WHERE length(w) >= 4 ON CONFLICT DO NOTHING`,
      [WORDS],
    );
    await db.query('ANALYZE');
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM past_papers)::int AS papers, (SELECT count(*) FROM document_texts)::int AS documents,
                (SELECT count(*) FROM document_pages)::int AS pages`,
      )
    ).rows[0];
    const seedSeconds = (Date.now() - t) / 1000;
    console.log(`data set: ${JSON.stringify(counts)} in ${seedSeconds.toFixed(0)} s`);

    // The baseline: the BFF's own search SQL (bff/dist/search/search.queries.js) from node:http + pg.
    const baseline = await new Promise((res, rej) => {
      const child = fork(join(ROOT, 'bench/lib/search-baseline.mjs'), [], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('message', (/** @type {any} */ m) =>
        m.type === 'ready' ? res({ child, port: m.port }) : rej(new Error('the baseline did not start')),
      );
      child.once('exit', (code) => rej(new Error(`baseline exited ${code}`)));
    }).then((r) => /** @type {{ child: import('node:child_process').ChildProcess; port: number }} */ (r));
    cleanups.unshift(() => void baseline.child.kill('SIGTERM'));

    // Query mixes: many distinct queries per kind, so the product's read cache does not answer them all.
    const letters = { 'Feb/March': 'm', 'May/June': 's', 'Oct/Nov': 'w' };
    const codes = [];
    for (let i = 0; i < 600; i++) {
      const code = /** @type {string[]} */ (SUBJECTS[i % SUBJECTS.length])[1];
      const year = 2000 + ((i * 7) % 26);
      const session = Object.values(letters)[i % 3];
      codes.push(`${code}_${session}${String(year).slice(2)}_qp_${[11, 12, 21, 22, 31, 42][i % 6]}`);
    }
    const subjectQueries = [];
    for (let y = 2000; y < 2026; y++)
      for (const s of ['physics', 'igcse chemistry', 'a level biology', 'maths', 'economics may june', 'comp sci'])
        subjectQueries.push(`${s} ${y}`);
    const wordQueries = [];
    for (let i = 0; i < 400; i++) wordQueries.push(`${WORDS[40 + (i % 60)]} ${WORDS[60 + ((i * 3) % 60)]}`);
    const kinds = /** @type {const} */ ([
      ['code', codes],
      ['subject', subjectQueries],
      ['word', wordQueries],
    ]);
    /** @type {Array<{ kind: string; product: any; base: any }>} */
    const rows = [];
    for (const [kind, queries] of kinds) {
      const productPaths = queries.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}`);
      const basePaths = queries.map((q) => `/search?q=${encodeURIComponent(q)}`);
      const base = await drive(`http://127.0.0.1:${baseline.port}`, CONNECTIONS, DURATION, basePaths);
      const product = await drive(bffUrl, CONNECTIONS, DURATION, productPaths);
      rows.push({ kind, product, base });
      console.log(
        `bench search ${kind}: ${product.rps.toFixed(0)} req/s, p99 ${product.p99} ms (baseline ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms; ratio ${(product.rps / base.rps).toFixed(2)})`,
      );
    }

    // Extraction: 1,000 real PDFs (4 pages each) given to 1,000 documents, read by the BFF's worker while the
    // API is under load; the same load before, for its p99 without the reindex.
    t = Date.now();
    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => pdf(i)));
    for (let i = 0; i < REINDEX_DOCUMENTS; i++)
      writeFileSync(join(uploadDir, 'papers', `r${i}.pdf`), files[i % files.length]);
    const quiet = await drive(
      bffUrl,
      CONNECTIONS,
      DURATION,
      wordQueries.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}&page=2`),
    );
    bff.kill('SIGTERM');
    await new Promise((r) => bff.once('exit', r));
    const bff2Port = await freePort();
    const bff2 = spawn(process.execPath, [join(ROOT, 'bff/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(bff2Port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: work,
        UPLOAD_DIR: uploadDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DOCUMENT_TEXT_POLL_MS: '200',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.unshift(() => void bff2.kill('SIGTERM'));
    const bff2Url = `http://127.0.0.1:${bff2Port}`;
    await waitFor(`${bff2Url}/backend/api/health`);
    const quietAgain = await drive(
      bff2Url,
      CONNECTIONS,
      DURATION,
      wordQueries.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}&page=3`),
    );
    // 1,000 documents get new files: the triggers drop their pages and enqueue them.
    await db.query(
      `UPDATE variants SET document_path = 'papers/r' || (rn - 1) || '.pdf'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM variants ORDER BY id LIMIT $1) x WHERE variants.id = x.id`,
      [REINDEX_DOCUMENTS],
    );
    const started = Date.now();
    const during = await drive(
      bff2Url,
      CONNECTIONS,
      DURATION,
      wordQueries.map((q) => `/backend/api/search?q=${encodeURIComponent(q)}&page=4`),
    );
    let left = REINDEX_DOCUMENTS;
    while (left > 0 && Date.now() - started < 600_000) {
      left = (await db.query(`SELECT count(*)::int AS n FROM document_texts WHERE status IN ('pending', 'working')`))
        .rows[0].n;
      if (left > 0) await new Promise((r) => setTimeout(r, 500));
    }
    const extractionSeconds = (Date.now() - started) / 1000;
    const extracted = (
      await db.query(`SELECT count(*)::int AS docs, coalesce(sum(page_count), 0)::int AS pages FROM document_texts
                       WHERE file_path LIKE 'papers/r%' AND status = 'done'`)
    ).rows[0];
    const pagesPerSecond = extracted.pages / extractionSeconds;
    console.log(
      `bench extraction: ${extracted.docs} documents, ${extracted.pages} pages in ${extractionSeconds.toFixed(1)} s under load (${pagesPerSecond.toFixed(0)} pages/s); API p99 ${quietAgain.p99} ms before, ${during.p99} ms during (first BFF: ${quiet.p99} ms)`,
    );
    await db.end();

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    const goal = (/** @type {any} */ r) => r.product.p99 < 100 && r.product.rps / r.base.rps >= 0.7;
    const lines = [
      '# Search benchmark (issue 15)',
      '',
      `Run ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GB; PostgreSQL at ${new URL(admin).host}; ${CONNECTIONS} connections, ${DURATION} s per figure after a 2 s warm-up; \`node bench/search.mjs\`.`,
      '',
      `Data set: ${counts.papers.toLocaleString('en-US')} papers, ${counts.documents.toLocaleString('en-US')} documents, ${counts.pages.toLocaleString('en-US')} pages of text (made with set-based SQL in ${seedSeconds.toFixed(0)} s).`,
      '',
      '| Queries | Product req/s | Product p99 | Baseline req/s | Baseline p99 | Ratio | Goal (p99 < 100 ms, ratio ≥ 0.7) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.kind} (${kinds.find((k) => k[0] === r.kind)?.[1].length} distinct) | ${r.product.rps.toFixed(0)} | ${r.product.p99} ms | ${r.base.rps.toFixed(0)} | ${r.base.p99} ms | ${(r.product.rps / r.base.rps).toFixed(2)} | ${goal(r) ? 'met' : 'not met'}${r.product.errors + r.base.errors ? ` (${r.product.errors + r.base.errors} errors)` : ''} |`,
      ),
      '',
      `Extraction (the BFF's worker: pdfjs in a child process at nice 19, one document at a time, while ${CONNECTIONS} connections search): ${extracted.docs} documents, ${extracted.pages} pages in ${extractionSeconds.toFixed(1)} s = **${pagesPerSecond.toFixed(0)} pages/s**.`,
      '',
      `Word-query p99 of the same BFF before the reindex: ${quietAgain.p99} ms (${quietAgain.rps.toFixed(0)} req/s); during the reindex: ${during.p99} ms (${during.rps.toFixed(0)} req/s).`,
      '',
      'Queries: codes such as `9702_s23_qp_12`, subjects such as `igcse chemistry 2011`, two words from the text. Each kind cycles through hundreds of distinct queries, so most answers are computed (the read cache helps only with repeats); the baseline runs the same SQL (bench/lib/search-baseline.mjs) without the parser, validation, cache or logging.',
    ];
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/search.md'), `${lines.join('\n')}\n`);
    console.log('Wrote bench/results/search.md');
  } finally {
    for (const step of cleanups) await Promise.resolve(step()).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
