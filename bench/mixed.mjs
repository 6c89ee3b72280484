// @ts-check
// The mixed-traffic figure: the product as `npm start` serves it (the front door, lib/front-door.mjs, in
// its own process: the shell's server with its page renderer and cache, the API proxied to the BFF) under one mix
// of requests at once, as a busy day sends them, instead of one kind at a time. Run by bench/run.mjs (`npm run bench`; `--mixed-only` runs only this).
//
// The mix, per 100 requests: 70 public pages (subject 30, category 15, home 15, search 10), 20 downloads and views
// (downloads of stored papers 12, counted views 8), 10 API reads (subjects, a category's compact list, one paper);
// plus one admin edit of a subject every 10 s (a content change: its page and every listing, home and search are
// dropped). Each request comes from one of 2,000 visitor addresses (X-Forwarded-For, believed from the loopback
// proxy) in turn. Beside the mix, two in every 100 requests download the 5 MB paper, one through the product and one from a plain read stream
// (the baseline server), so that downloads are compared with a read stream under the same load.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { peakRssMb, resetPeak } from './lib/memory.mjs';

/** @typedef {'page' | 'download' | 'view' | 'api' | 'large product' | 'large read stream'} Kind */
/** @typedef {{ kind: Kind; label: string; method?: string; url: string; body?: string; bytes?: boolean }} Planned */

/** A small deterministic generator (mulberry32), so every run sends the same sequence. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The address a request comes from, as the front door hears it from its proxy: 2,000 students in turn (a busy day
 * has many, and the product's per-visitor rules, the read cache's "your own download shows at once" and the
 * renderer's per-visitor budget, treat each one on its own).
 * @param {number} n
 */
const visitorOf = (n) => `198.51.${Math.floor((n % 2000) / 250)}.${(n % 250) + 1}`;

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * The mix as a list of 102 request makers, shuffled; each worker takes the next one in turn.
 * @param {{ subjects: string[]; categories: string[]; firstVariantId: number; variants: number; largeVariantId: number;
 *   paperIds: number[]; productOrigin: string; readStreamUrl: string; next: () => number }} data
 * @returns {Array<() => Planned>}
 */
function schedule(data) {
  const pick = (/** @type {readonly any[]} */ list) => list[Math.floor(data.next() * list.length)];
  const searches = ['bench subject 7', 'paper 2', 'may june 2019', 'BENCH004', 'benchmark subject'];
  const o = data.productOrigin;
  /** @type {Array<[number, () => Planned]>} */
  const kinds = [
    [30, () => ({ kind: 'page', label: 'subject', url: `${o}/subjects/${pick(data.subjects)}` })],
    [15, () => ({ kind: 'page', label: 'category', url: `${o}/past-papers/${pick(data.categories)}` })],
    [15, () => ({ kind: 'page', label: 'home', url: `${o}/` })],
    [10, () => ({ kind: 'page', label: 'search', url: `${o}/search?q=${encodeURIComponent(pick(searches))}` })],
    [
      12,
      () => ({
        kind: 'download',
        label: 'download',
        url: `${o}/backend/api/past_papers.php?download_variant_id=${data.firstVariantId + 1 + Math.floor(data.next() * (data.variants - 1))}&variant_document_type=document`,
      }),
    ],
    [
      8,
      () => ({
        kind: 'view',
        label: 'view',
        method: 'POST',
        url: `${o}/backend/api/document_views.php`,
        body: JSON.stringify({
          variant_id: data.firstVariantId + 1 + Math.floor(data.next() * (data.variants - 1)),
          document_type: 'document',
        }),
      }),
    ],
    [4, () => ({ kind: 'api', label: 'subjects', url: `${o}/backend/api/subjects.php` })],
    [
      3,
      () => ({
        kind: 'api',
        label: 'category list',
        url: `${o}/backend/api/past_papers.php?category=${pick(data.categories)}&view=summary`,
      }),
    ],
    [3, () => ({ kind: 'api', label: 'paper', url: `${o}/backend/api/past_papers.php?id=${pick(data.paperIds)}` })],
    [
      1,
      () => ({
        kind: 'large product',
        label: 'large',
        url: `${o}/backend/api/past_papers.php?download_variant_id=${data.largeVariantId}&variant_document_type=document`,
        bytes: true,
      }),
    ],
    [1, () => ({ kind: 'large read stream', label: 'large', url: data.readStreamUrl, bytes: true })],
  ];
  /** @type {Array<() => Planned>} */
  const slots = kinds.flatMap(([n, make]) => Array.from({ length: n }, () => make));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(data.next() * (i + 1));
    [slots[i], slots[j]] = [/** @type {() => Planned} */ (slots[j]), /** @type {() => Planned} */ (slots[i])];
  }
  return slots;
}

/**
 * One request; resolves with its status, duration, size and X-Render header (never rejects: a socket error is a
 * status of 0).
 * @param {Agent} agent @param {Planned} planned @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number; ms: number; bytes: number; render: string }>}
 */
function send(agent, planned, headers = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      planned.url,
      {
        agent,
        method: planned.method ?? 'GET',
        headers: {
          'Accept-Encoding': 'gzip',
          ...(planned.body ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            bytes,
            render: String(res.headers['x-render'] ?? ''),
          }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes, render: '' }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes: 0, render: '' }));
    req.end(planned.body);
  });
}

/**
 * Runs the mixed traffic and returns its figures.
 * @param {{ root: string; bffUrl: string; bffPid: number; internalToken: string; readStreamUrl: string;
 *   largeVariantId: number; firstPaperId: number; papers: number; variants: number; connections: number;
 *   seconds: number; admin: { email: string; password: string }; files?: { root: string; prefix: string } }} options
 *   `files`: the stored files the BFF hands to the front door (FILE_DELIVERY=x-accel), as `npm start` runs them
 */
export async function measureMixed(options) {
  const frontDoor = fork(join(options.root, 'bench/lib/front-door.mjs'), [], {
    env: {
      ...process.env,
      BFF_URL: options.bffUrl,
      INTERNAL_TOKEN: options.internalToken,
      ...(options.files ? { FRONTDOOR_FILES_ROOT: options.files.root, X_ACCEL_PREFIX: options.files.prefix } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolvePort, reject) => {
    frontDoor.once('message', (m) => resolvePort(/** @type {{ port: number }} */ (m).port));
    frontDoor.once('exit', (code) => reject(new Error(`the front door exited (${code})`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  /** The renderer's counters, from the front door's process. */
  const cacheStats = () =>
    new Promise((resolveStats) => {
      frontDoor.once('message', (m) => resolveStats(/** @type {{ stats: unknown }} */ (m).stats));
      frontDoor.send({ type: 'stats' });
    });
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections + 4 });
  try {
    const subjectsAnswer = /** @type {{ data: Array<{ id: number; code: string; level: string }> }} */ (
      await (await fetch(`${origin}/backend/api/subjects.php`)).json()
    );
    const subjects = subjectsAnswer.data.slice(0, 10).map((s) => encodeURIComponent(s.code));
    const categories = [...new Set(subjectsAnswer.data.map((s) => s.level))].slice(0, 5);
    const next = random(25);
    const paperIds = Array.from({ length: 50 }, () => options.firstPaperId + Math.floor(next() * options.papers));
    const slots = schedule({
      subjects,
      categories,
      firstVariantId: options.largeVariantId,
      variants: options.variants,
      largeVariantId: options.largeVariantId,
      paperIds,
      productOrigin: origin,
      readStreamUrl: options.readStreamUrl,
      next,
    });

    // The admin: signed in once, then one edit of a subject's description every 10 s.
    const login = await fetch(`${origin}/backend/api/auth_login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(options.admin),
    });
    if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
    const { token } = /** @type {{ token: string }} */ (await login.json());
    const edited = /** @type {{ id: number; name: string; code: string; level: string }} */ (subjectsAnswer.data[0]);
    /** @type {Array<{ status: number; ms: number }>} */
    const edits = [];
    const edit = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}/backend/api/subjects.php?id=${edited.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: edited.name,
          code: edited.code,
          level: edited.level,
          description: `Edited during the mixed bench at ${new Date().toISOString()}`,
        }),
      }).catch(() => null);
      await response?.arrayBuffer();
      edits.push({ status: response?.status ?? 0, ms: performance.now() - started });
    };

    // Warm-up: each page until the server renders it (the renderer first reads the release, which a loaded
    // machine may take a while to give), so the measured window starts with the cache as a running site has it.
    const warmUntil = Date.now() + 60_000;
    for (const planned of slots.map((make) => make()).filter((p) => p.kind === 'page')) {
      while (!/^(render|cache)/.test((await send(agent, planned)).render) && Date.now() < warmUntil) {
        await new Promise((r) => setTimeout(r, 500));
      }
    }

    /** @type {Map<Kind, { ms: number[]; errors: number; bytes: number; mbps: number[] }>} */
    const byKind = new Map();
    /** @type {Record<string, number>} */
    const renders = {};
    /** Pages by their label (subject, category, home, search): times and X-Render states. */
    /** @type {Map<string, { ms: number[]; renders: Record<string, number> }>} */
    const pagesByLabel = new Map();
    /** @type {Record<string, number>} */
    const errorStatuses = {};
    let turn = 0;
    resetPeak(options.bffPid);
    const ends = Date.now() + options.seconds * 1000;
    const editTimer = setInterval(() => void edit(), 10_000);
    const worker = async () => {
      while (Date.now() < ends) {
        const make = /** @type {() => Planned} */ (slots[turn++ % slots.length]);
        const planned = make();
        const result = await send(agent, planned, { 'X-Forwarded-For': visitorOf(turn) });
        let entry = byKind.get(planned.kind);
        if (!entry) byKind.set(planned.kind, (entry = { ms: [], errors: 0, bytes: 0, mbps: [] }));
        entry.ms.push(result.ms);
        entry.bytes += result.bytes;
        if (planned.bytes) entry.mbps.push(result.bytes / 1024 / 1024 / (result.ms / 1000));
        if (result.status < 200 || result.status >= 400) {
          entry.errors++;
          errorStatuses[`${planned.label} ${result.status}`] =
            (errorStatuses[`${planned.label} ${result.status}`] ?? 0) + 1;
        }
        if (planned.kind === 'page') {
          // 'browser; <why>' keeps its reason (no render slot for the visitor, overall, api busy...).
          const state = result.render || 'none';
          renders[state] = (renders[state] ?? 0) + 1;
          let labelled = pagesByLabel.get(planned.label);
          if (!labelled) pagesByLabel.set(planned.label, (labelled = { ms: [], renders: {} }));
          labelled.ms.push(result.ms);
          labelled.renders[state] = (labelled.renders[state] ?? 0) + 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.connections }, worker));
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(editTimer);
    const bffPeakMb = peakRssMb(options.bffPid);

    /** @param {Kind} kind */
    const summary = (kind) => {
      const entry = byKind.get(kind) ?? { ms: [], errors: 0, bytes: 0, mbps: [] };
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const mbps = [...entry.mbps].sort((a, b) => a - b);
      return {
        requests: sorted.length,
        rps: sorted.length / elapsed,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        errors: entry.errors,
        medianMbps: quantile(mbps, 0.5),
      };
    };
    const pages = summary('page');
    const pageCount = Object.values(renders).reduce((a, b) => a + b, 0);
    const kinds = /** @type {Kind[]} */ (['page', 'download', 'view', 'api', 'large product', 'large read stream']);
    const all = Object.fromEntries(kinds.map((k) => [k, summary(k)]));
    const errors =
      kinds.reduce((sum, k) => sum + (all[k]?.errors ?? 0), 0) +
      edits.filter((e) => e.status >= 400 || e.status === 0).length;
    return {
      seconds: elapsed,
      pages,
      kinds: all,
      // Answered from the renderer's page cache: a cached page, or one a content change dropped a moment ago answered
      // while it is rendered again ('stale'); the details below keep the two apart.
      hitRate: pageCount ? ((renders.cache ?? 0) + (renders.stale ?? 0)) / pageCount : 0,
      renders,
      pagesByLabel: Object.fromEntries(
        [...pagesByLabel].map(([label, { ms, renders: states }]) => {
          const sorted = [...ms].sort((a, b) => a - b);
          return [label, { requests: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), states }];
        }),
      ),
      edits,
      errors,
      errorStatuses,
      bffPeakMb,
      largeRatio: (all['large product']?.medianMbps ?? 0) / (all['large read stream']?.medianMbps ?? 1),
      cache: await cacheStats(),
    };
  } finally {
    agent.destroy();
    frontDoor.kill('SIGTERM');
  }
}
