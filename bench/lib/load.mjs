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
  };
}
