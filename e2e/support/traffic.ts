/**
 * Traffic for the hostile-input tests: visitors told apart by the address the front door forwards (tests run on
 * loopback, which the product trusts as a proxy, so `X-Forwarded-For` names the visitor), and latency probes that
 * time ordinary requests while an attack runs.
 */

/** Headers that make a request come from visitor number `n` (a documentation address, RFC 5737). */
export function asVisitor(n: number): Record<string, string> {
  return { 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` };
}

/** The value at quantile `q` (0..1) of `values` (nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export interface ProbeResult {
  /** Milliseconds of each request, in the order they ended. */
  latencies: number[];
  /** Status of each request (0 when it failed without an answer). */
  statuses: number[];
  p50: number;
  p99: number;
}

/**
 * Sends `request` from `connections` loops, one request after another in each, until `until` settles; returns every
 * latency and status. The attack and the probe overlap exactly: start the attack, pass its promise as `until`.
 */
export async function probeWhile(
  request: () => Promise<Response>,
  until: Promise<unknown>,
  connections = 2,
): Promise<ProbeResult> {
  let done = false;
  const finished = until.then(
    () => undefined,
    () => undefined,
  );
  void finished.then(() => {
    done = true;
  });
  const latencies: number[] = [];
  const statuses: number[] = [];
  const loop = async () => {
    while (!done) {
      const started = performance.now();
      let status = 0;
      try {
        const response = await request();
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - started);
      statuses.push(status);
    }
  };
  await Promise.all([...Array.from({ length: connections }, loop), finished]);
  await until;
  return { latencies, statuses, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

/** Runs `task` `count` times with at most `concurrency` at once; the results in order. */
export async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
