// The part of autocannon 9's programmatic API the load test uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    requests?: AutocannonRequest[];
  }

  interface AutocannonHistogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }

  interface AutocannonResult {
    errors: number;
    timeouts: number;
    resets: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    latency: AutocannonHistogram;
    /** Requests per second, plus the totals: completed (`total`) and sent. */
    requests: AutocannonHistogram & { total: number; sent: number };
    duration: number;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export = autocannon;
}
