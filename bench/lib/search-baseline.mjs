#!/usr/bin/env node
// @ts-check
// The search benchmark's baseline: a minimal node:http + pg server running the BFF's own search (its
// compiled SearchService: the same parser, the same SQL statements in the same order) on the same database. No
// framework, no validation, no rate limit, no read cache, no logging: what the product is compared with.
// GET /stats answers how many statements it ran for how many searches since the last /stats (the same service
// code decides the statements, so that is also what the product runs for the same queries).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
// A computed path keeps the type checker out of the BFF's build output. SEARCH_SERVICE_DIST: another build's dist
// folder (an earlier commit's, for a before/after figure in one run: bench/search.mjs --before).
const BFF_DIST = process.env.SEARCH_SERVICE_DIST
  ? `${process.env.SEARCH_SERVICE_DIST.replace(/\/$/, '')}/`
  : '../../bff/dist/';
/**
 * @typedef {{ query: (sql: string, params: unknown[]) => Promise<unknown[]> }} Statements
 * @type {{ SearchService: new (db: { session: (work: (db: Statements) => Promise<unknown>) => Promise<unknown> }) => { search: (q: Record<string, unknown>) => Promise<unknown> } }}
 */
const { SearchService } = require(`${BFF_DIST}search/search.service.js`);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
let statements = 0;
let searches = 0;
// As the BFF's search-database.ts: one pooled connection per search, plain pg statements on it.
const service = new SearchService({
  session: async (work) => {
    const client = await pool.connect();
    try {
      const answer = await work({
        query: async (sql, params) => {
          statements++;
          return (await client.query(sql, params)).rows;
        },
      });
      client.release();
      return answer;
    } catch (error) {
      client.release(/** @type {Error} */ (error));
      throw error;
    }
  },
});

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (url.pathname === '/stats') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statements, searches }));
    statements = 0;
    searches = 0;
    return;
  }
  if (url.pathname !== '/search') return void res.writeHead(404).end();
  const page = Number(url.searchParams.get('page') ?? 1);
  searches++;
  service
    .search({ q: url.searchParams.get('q') ?? '', page })
    .then((answer) => {
      const text = JSON.stringify({ data: answer });
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
    })
    .catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
