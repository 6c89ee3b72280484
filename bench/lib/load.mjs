// @ts-check
import autocannon from 'autocannon';

/**
 * Drives one URL with autocannon and returns what the report needs. A short warm-up first, so both sides are measured
 * with warm caches and JIT. API reads send `Accept-Encoding: gzip` as every browser does (a server may use it or not).
 * @param {string} url @param {number} connections @param {number} seconds @param {Record<string, string>} [headers]
 */
export async function load(url, connections, seconds, headers = {}) {
  await autocannon({ url, connections: Math.min(connections, 10), duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytesPerSec: result.throughput.average,
    errors: result.errors + result.timeouts + result.non2xx,
    /** What the errors were: socket errors, timeouts, and answers by status class. */
    errorKinds: /** @type {Record<string, number>} */ ({
      socket: result.errors - result.timeouts,
      timeouts: result.timeouts,
      // autocannon's result has these counters; its types leave them out.
      '4xx': /** @type {Record<string, number>} */ (/** @type {unknown} */ (result))['4xx'] ?? 0,
      '5xx': /** @type {Record<string, number>} */ (/** @type {unknown} */ (result))['5xx'] ?? 0,
    }),
  };
}

/** @typedef {Awaited<ReturnType<typeof load>>} LoadResult */

/**
 * The baseline and the project in turns (baseline, project, baseline, project, ...), `rounds` runs each, keeping
 * each side's best run: on a noisy shared machine a slow run says more about the machine than about the code, and
 * taking turns keeps a drift in the machine's speed from favouring either side. Errors are summed over all runs.
 * @param {string} baseUrl @param {string} projectUrl
 * @param {{ connections: number; seconds: number; rounds: number; headers?: Record<string, string> }} options
 */
export async function compare(baseUrl, projectUrl, { connections, seconds, rounds, headers = {} }) {
  /** @type {LoadResult[]} */
  const base = [];
  /** @type {LoadResult[]} */
  const project = [];
  for (let round = 0; round < rounds; round++) {
    base.push(await load(baseUrl, connections, seconds, headers));
    project.push(await load(projectUrl, connections, seconds, headers));
  }
  const best = (/** @type {LoadResult[]} */ runs) => {
    const top = runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    /** @type {Record<string, number>} */
    const kinds = {};
    for (const run of runs)
      for (const [kind, n] of Object.entries(run.errorKinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
    return { ...top, errors: runs.reduce((sum, r) => sum + r.errors, 0), errorKinds: kinds };
  };
  return { base: best(base), project: best(project) };
}
