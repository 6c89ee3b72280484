// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Each request may be rewritten before it is sent (a different path per request). */
    requests?: Array<{ setupRequest?: (request: { path: string }) => { path: string } }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
