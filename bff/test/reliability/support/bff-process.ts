import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The built BFF (`npm run build -w @ppl/bff`; the test:reliability script builds it first). */
export const BFF_MAIN = join(__dirname, '..', '..', '..', 'dist', 'main.js');
export const API_PATH = '/backend/api';
export const ADMIN = { email: 'admin@reliability.example', password: 'reliability-admin-password' };

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export interface BffProcessOptions {
  dataDir: string;
  /** A postgres:// URL; without one the BFF starts its own embedded PGlite (the default deployment). */
  databaseUrl?: string;
  seedDemo?: boolean;
  env?: Record<string, string>;
}

export interface MemorySample {
  /** Milliseconds since the sampler started. */
  at: number;
  /** VmRSS (resident set) in KiB. */
  rssKb: number;
  /** VmHWM (peak resident set since start) in KiB. */
  peakKb: number;
}

/** The real BFF (`node dist/main.js`) as its own process, as it is deployed. */
export interface BffProcess {
  readonly pid: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly port: number;
  /** Resident memory from /proc/<pid>/status. */
  memory(): MemorySample;
  /** Undefined while it runs; its exit code or signal once it has exited. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** What it printed (stdout and stderr), for failure messages. */
  log(): string;
  /** SIGTERM (a clean shutdown), SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/** The error-level lines of a pino log (level 50 and above), shortened for a failure message. */
export function loggedErrors(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /"level":(5\d|60)\b/.test(line))
    .map((line) => line.slice(0, 2000));
}

/** Removes a test's folder unless PPL_RELIABILITY_KEEP=1 asks to keep it for a post-mortem. */
export function removeFolder(dir: string | undefined): void {
  if (!dir) return;
  if (process.env.PPL_RELIABILITY_KEEP === '1') process.stdout.write(`kept ${dir}\n`);
  else rmSync(dir, { recursive: true, force: true });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `node dist/main.js` on a port the OS picks and resolves once it listens. */
export async function startBffProcess(options: BffProcessOptions): Promise<BffProcess> {
  if (!existsSync(BFF_MAIN)) throw new Error(`${BFF_MAIN} is missing: run npm run build -w @ppl/bff first`);
  const logFile = join(options.dataDir, 'bff.log');
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [BFF_MAIN], {
    cwd: options.dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'reliability-secret-reliability-secret-0001',
      LOG_LEVEL: 'warn',
      // These suites post many contact messages from one address; the per-client limit has its own tests.
      PUBLIC_WRITE_LIMIT: '0',
      ...options.env,
    },
    // A file rather than a pipe: the BFF never waits on this process to read its logs.
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  running.add(child);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child);
      resolve();
    });
  });
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  const port = await new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = /BFF listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log());
      if (match) {
        clearInterval(poll);
        resolve(Number(match[1]));
      } else if (exited) {
        clearInterval(poll);
        reject(new Error(`The BFF exited during start-up (${JSON.stringify(exited)}):\n${log()}`));
      } else if (Date.now() - started > START_TIMEOUT_MS) {
        clearInterval(poll);
        child.kill('SIGKILL');
        reject(new Error(`The BFF did not start within ${START_TIMEOUT_MS} ms:\n${log()}`));
      }
    }, 100);
  });

  const pid = child.pid!;
  const origin = `http://127.0.0.1:${port}`;
  const sampler0 = Date.now();
  return {
    pid,
    port,
    origin,
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
      return { at: Date.now() - sampler0, rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
    },
    exit: () => exited,
    log,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}
