#!/usr/bin/env node
// @ts-check
// The front door's proxy choice, measured: `node bench/frontdoor-proxy.mjs [--downloads 600] [--rounds 3]`.
// One upstream (node:http serving a 1 MB file, as the BFF's downloads) and, in the same process, three ways to put
// it behind /backend/api, each driven with the same bursts of concurrent downloads, in turns:
//   - http-proxy-middleware 3 as the gateway used it (hop-by-hop headers removed in the proxyReq hook): the bug
//   - http-proxy-middleware 3 with those headers removed before proxying (the smallest fix)
//   - scripts/api-proxy.mjs (http-proxy-3, headers removed before proxying, the answer written by the front door):
//     what the product runs
// Prints wall time, throughput, p50/p99 and the exceptions thrown out of the event loop for each, and writes
// bench/results/frontdoor-proxy.md.
import { createServer, request } from 'node:http';
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent } from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { createApiProxy } = await import(join(ROOT, 'scripts/api-proxy.mjs'));
const { values: opts } = parseArgs({
  options: { downloads: { type: 'string', default: '600' }, rounds: { type: 'string', default: '3' } },
});
const DOWNLOADS = Number(opts.downloads);
const ROUNDS = Number(opts.rounds);
const FILE = Buffer.alloc(1024 * 1024, 0x25);

/** Exceptions that reached the event loop, per proxy under test. */
let thrown = 0;
/** @type {Set<string>} */
const messages = new Set();
process.on('uncaughtException', (error) => {
  thrown++;
  messages.add(`${/** @type {NodeJS.ErrnoException} */ (error).code ?? ''} ${error.message}`.trim());
});

/** @param {import('node:http').RequestListener} handler @returns {Promise<import('node:http').Server>} */
const listen = (handler) =>
  new Promise((done) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => done(server));
  });
/** @param {import('node:http').Server} server */
const portOf = (server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

const upstream = await listen((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': FILE.length, Connection: 'keep-alive' });
  res.end(FILE);
});
const target = `http://127.0.0.1:${portOf(upstream)}`;

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
/** @param {boolean} inHook */
function middlewareApp(inHook) {
  const app = express();
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
  if (!inHook)
    app.use((req, _res, next) => {
      for (const name of HOP_BY_HOP) delete req.headers[name];
      next();
    });
  app.use(
    createProxyMiddleware({
      target,
      pathFilter: '/backend/api',
      xfwd: true,
      agent,
      proxyTimeout: 60_000,
      on: inHook
        ? {
            proxyReq(proxyReq) {
              for (const name of HOP_BY_HOP) proxyReq.removeHeader(name);
            },
          }
        : {},
    }),
  );
  return app;
}
function productApp() {
  const app = express();
  app.use(createApiProxy({ target, maxSockets: 256 }).handle);
  return app;
}

const candidates = [
  {
    name: 'http-proxy-middleware 3.0.10, headers removed in proxyReq (before)',
    server: await listen(middlewareApp(true)),
  },
  { name: 'http-proxy-middleware 3.0.10, headers removed before proxying', server: await listen(middlewareApp(false)) },
  { name: 'http-proxy-3 1.23.3 via scripts/api-proxy.mjs (product)', server: await listen(productApp()) },
];

/** One burst of concurrent downloads, each on its own connection with `Connection: keep-alive` sent. @param {number} port */
async function burst(port) {
  /** @type {number[]} */
  const times = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: DOWNLOADS },
      () =>
        new Promise((done) => {
          const t0 = performance.now();
          const req = request(
            {
              port,
              host: '127.0.0.1',
              path: '/backend/api/file.pdf',
              agent: false,
              headers: { Connection: 'keep-alive' },
            },
            (res) => {
              let bytes = 0;
              res.on('data', (chunk) => (bytes += chunk.length));
              res.on('end', () => {
                if (res.statusCode === 200 && bytes === FILE.length) ok++;
                else failed++;
                times.push(performance.now() - t0);
                req.destroy();
                done(undefined);
              });
              res.on('error', () => (failed++, done(undefined)));
            },
          );
          req.on('error', () => (failed++, done(undefined)));
          req.end();
        }),
    ),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN;
  return { wall, ok, failed, p50: at(0.5), p99: at(0.99) };
}

/** @type {Map<string, Array<Awaited<ReturnType<typeof burst>> & { thrown: number }>>} */
const results = new Map(candidates.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const candidate of candidates) {
    thrown = 0;
    const r = await burst(portOf(candidate.server));
    await new Promise((done) => setTimeout(done, 200));
    results.get(candidate.name)?.push({ ...r, thrown });
  }
}

const lines = [
  `# Front door proxy: ${DOWNLOADS} concurrent 1 MB downloads, ${ROUNDS} rounds in turns (best wall time kept)`,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, with other work on the machine: compare within a run.`,
  '',
  '| Proxy | wall (ms) | MB/s | p50 (ms) | p99 (ms) | complete | failed | thrown out of the event loop (all rounds) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const [name, runs] of results) {
  const best = runs.reduce((a, b) => (b.wall < a.wall ? b : a));
  const mbs = (best.ok * FILE.length) / 1024 / 1024 / (best.wall / 1000);
  const allThrown = runs.reduce((n, r) => n + r.thrown, 0);
  const line = `| ${name} | ${best.wall.toFixed(0)} | ${mbs.toFixed(0)} | ${best.p50.toFixed(0)} | ${best.p99.toFixed(0)} | ${best.ok} | ${best.failed} | ${allThrown} |`;
  lines.push(line);
  console.log(`bench frontdoor ${name}: ${best.wall.toFixed(0)} ms, ${mbs.toFixed(0)} MB/s, thrown ${allThrown}`);
}
if (messages.size) lines.push('', `Thrown: ${[...messages].map((m) => `\`${m}\``).join(', ')}`);
writeFileSync(join(ROOT, 'bench/results/frontdoor-proxy.md'), `${lines.join('\n')}\n`);
for (const c of candidates) {
  c.server.closeAllConnections();
  c.server.close();
}
upstream.closeAllConnections();
upstream.close();
process.exit(0);
