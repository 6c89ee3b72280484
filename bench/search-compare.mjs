#!/usr/bin/env node
// @ts-check
// What one search costs, this build against an earlier one, on one connection: each query of the search
// bench's mixes answered by both SearchServices in turns (so a drift of a shared machine's load favours neither),
// wall time per search, which of the two goes first alternating. Complements bench/search.mjs --before (throughput at 50 connections).
//   node bench/search-compare.mjs --database ppl_bench_search_kept --before /tmp/before/bff/dist [--queries 150]
// (the database: one kept by `node bench/search.mjs --keep`).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { searchQueries } from './lib/search-dataset.mjs';

const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    database: { type: 'string' },
    before: { type: 'string' },
    queries: { type: 'string', default: '150' },
  },
});
if (!opts.database || !opts.before) throw new Error('--database and --before are required');
const admin = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
admin.pathname = `/${opts.database}`;
/** @param {string} dist */
const serviceOf = (dist) => require(resolve(dist, 'search/search.service.js')).SearchService;
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
/** @type {any} */
const session = {
  session: (/** @type {any} */ work) =>
    work({
      query: async (/** @type {string} */ sql, /** @type {unknown[]} */ params) =>
        (await client.query(sql, params)).rows,
    }),
};
const after = new (serviceOf(resolve('bff/dist')))(session);
const before = new (serviceOf(opts.before))(session);
const mixes = await searchQueries(client);
/** @param {number[]} xs @param {number} p */
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
for (const kind of /** @type {const} */ (['code', 'subject', 'word'])) {
  /** @type {{ before: number[]; after: number[] }} */
  const ms = { before: [], after: [] };
  for (const [i, q] of mixes[kind].slice(0, Number(opts.queries)).entries()) {
    // Which goes first alternates: the second of a pair finds the first's pages in the caches.
    /** @type {Array<['before' | 'after', any]>} */
    const pair = [
      ['before', before],
      ['after', after],
    ];
    for (const [name, service] of i % 2 === 0 ? pair : pair.reverse()) {
      const t = performance.now();
      await service.search({ q });
      ms[name].push(performance.now() - t);
    }
  }
  const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `| ${kind} (${ms.after.length}) | ${pct(ms.before, 0.5).toFixed(1)} / ${pct(ms.before, 0.99).toFixed(1)} ms | ${pct(ms.after, 0.5).toFixed(1)} / ${pct(ms.after, 0.99).toFixed(1)} ms | ${(sum(ms.before) / sum(ms.after)).toFixed(2)} |`,
  );
}
await client.end();
