#!/usr/bin/env node
// @ts-check
// The benchmark's baseline: a minimal node:http + pg server running the same SQL as the BFF (imported from its
// build) on the same database, and serving the same file with a plain read stream. No framework, no validation,
// no auth, no logging: what the product is compared with.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream';
import pg from 'pg';

const require = createRequire(import.meta.url);
// The BFF's own compiled query modules: the baseline runs its exact SQL. (A computed path keeps the type checker
// out of the BFF's build output; the JSDoc types say what is used.)
const BFF_DIST = '../../bff/dist/';
/**
 * @typedef {(filter: { id?: number; levels?: string[] }) => { sql: string; params: unknown[] }} PaperSql
 * @type {{ pastPaperListSql: PaperSql; pastPaperSummarySql: PaperSql; VARIANTS_OF_PAPERS_SQL: string }}
 */
const paperQueries = require(`${BFF_DIST}past-papers/past-paper.queries.js`);
/** @type {{ subjectListSql: (level?: string) => { sql: string; params: unknown[] } }} */
const subjectQueries = require(`${BFF_DIST}subjects/subject.queries.js`);
/** @type {{ levelsForCategory: (category: string) => string[] }} */
const domain = require(`${BFF_DIST}common/domain-values.js`);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
const file = process.env.BENCH_FILE ?? '';
const fileSize = file ? statSync(file).size : 0;

/** @param {{ id?: number; levels?: string[] }} filter */
async function papers(filter) {
  const { sql, params } = paperQueries.pastPaperListSql(filter);
  const { rows } = await pool.query(sql, params);
  if (rows.length === 0) return [];
  const variants = await pool.query(paperQueries.VARIANTS_OF_PAPERS_SQL, [rows.map((p) => p.id)]);
  /** @type {Map<number, unknown[]>} */
  const byPaper = new Map(rows.map((p) => [p.id, []]));
  for (const v of variants.rows) byPaper.get(v.past_paper_id)?.push(v);
  return rows.map((p) => ({ ...p, variants: byPaper.get(p.id) ?? [] }));
}

/** @param {import('node:http').ServerResponse} res @param {unknown} body */
const json = (res, body) => {
  const text = JSON.stringify({ data: body });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const categoryLevels = () => domain.levelsForCategory(url.searchParams.get('category') ?? '');
  const handle = async () => {
    switch (url.pathname) {
      case '/papers':
        return json(res, await papers({ levels: categoryLevels() }));
      case '/papers-summary': {
        const { sql, params } = paperQueries.pastPaperSummarySql({ levels: categoryLevels() });
        return json(res, (await pool.query(sql, params)).rows);
      }
      case '/paper':
        return json(res, (await papers({ id: Number(url.searchParams.get('id')) }))[0]);
      case '/subjects': {
        const { sql, params } = subjectQueries.subjectListSql();
        return json(res, (await pool.query(sql, params)).rows);
      }
      case '/file':
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': fileSize });
        return pipeline(createReadStream(file), res, () => undefined);
      default:
        res.writeHead(404).end();
    }
  };
  handle().catch(() => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
