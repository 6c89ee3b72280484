#!/usr/bin/env node
// @ts-check
// One command for the whole product on one origin (default http://localhost:3000):
//   builds whatever is not built (Nx cache), then supervises two child processes: the BFF on a loopback port with
//   the embedded database (or DATABASE_URL), and the front door (scripts/frontdoor.mjs) serving the shell at /, the
//   remotes under /remotes/*, the API at /backend/api. A child that dies is started again after a back-off (logged
//   on stderr as `[supervisor] ...`); while the BFF is down the API answers 503 at once. SIGTERM, SIGINT or SIGHUP
//   stop both children within 10 s; if this process is killed outright, the children notice and stop themselves.
// Options: --no-build (use the existing dist folders). Environment: PORT, HOST, DATA_DIR, SSR=false (browser rendering
// only), PUBLIC_ORIGIN (canonical URLs), INTERNAL_TOKEN, FRONTDOOR_* (docs/security-frontdoor.md) and
// every BFF variable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { supervise } from './supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const build = !process.argv.includes('--no-build');

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const p = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(p));
    });
  });
}

if (build) {
  console.log('Building (cached parts are reused)...');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
for (const dist of [
  'bff/dist/main.js',
  'shell/dist/index.html',
  'public-site/dist/mf-manifest.json',
  'admin-console/dist/mf-manifest.json',
]) {
  if (!existsSync(join(root, dist))) {
    console.error(`Missing ${dist}: run without --no-build`);
    process.exit(1);
  }
}

const bffPort = await freePort();
const bffUrl = `http://127.0.0.1:${bffPort}`;
// The shell's server follows the BFF's data versions with this secret (SSR cache invalidation).
const internalToken = process.env.INTERNAL_TOKEN ?? randomBytes(32).toString('base64url');
const log = (/** @type {string} */ line) => process.stderr.write(`[supervisor] ${line}\n`);

let stopping = false;
/** Whether the BFF answers; the front door is told each change (while down, the API answers 503 at once). */
let apiUp = false;
let everHealthy = false;
/** @type {((error?: Error) => void) | undefined} */
let firstHealth;

/** Polls the BFF started in `run` until it is healthy or another run replaced it. @param {number} run */
async function watchHealth(run) {
  while (!stopping && bffRun === run) {
    try {
      const response = await fetch(`${bffUrl}/backend/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok && bffRun === run) {
        apiUp = true;
        frontDoor?.send({ type: 'api', up: true });
        if (everHealthy) log('the BFF answers again');
        everHealthy = true;
        firstHealth?.();
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
// Stored files on this machine's disk are sent by the front door once the BFF has authorised and counted them
// (X-Accel-Redirect, as nginx does in the container topology): one stream from the disk instead of the BFF's and the
// proxy's. FILE_DELIVERY=bff keeps them in the BFF; a bucket (STORAGE=s3) has its own delivery.
const handOverFiles =
  (process.env.STORAGE ?? 'local') === 'local' && (process.env.FILE_DELIVERY ?? 'x-accel') === 'x-accel';
const xAccelPrefix = process.env.X_ACCEL_PREFIX ?? '/_protected_files/';
const uploadDir = resolve(root, process.env.UPLOAD_DIR ?? join(dataDir, 'uploads'));

let bffRun = 0;
/** @type {ReturnType<typeof supervise> | undefined} */
let frontDoor;
const bff = supervise({
  name: 'BFF',
  modulePath: join(root, 'bff/dist/main.js'),
  cwd: root,
  // The BFF's heap is capped so that its memory stays bounded under load (peak about 230 MB against 390 MB
  // uncapped, bench/results/mixed.md); BFF_NODE_FLAGS replaces the flags ("" runs it uncapped).
  execArgv: (process.env.BFF_NODE_FLAGS ?? '--max-old-space-size=192').split(/\s+/).filter(Boolean),
  env: {
    ...process.env,
    PORT: String(bffPort),
    HOST: '127.0.0.1',
    INTERNAL_TOKEN: internalToken,
    DATA_DIR: dataDir,
    ...(handOverFiles ? { FILE_DELIVERY: 'x-accel', X_ACCEL_PREFIX: xAccelPrefix } : {}),
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  },
  onStart(_child, run) {
    bffRun = run;
    void watchHealth(run);
  },
  onExit(code) {
    apiUp = false;
    frontDoor?.send({ type: 'api', up: false });
    // One that never came up is a start-up failure (a bad setting, a locked data folder): said, not retried.
    if (!everHealthy) {
      firstHealth?.(new Error(`The BFF stopped during start-up (exit code ${code}).`));
      return false;
    }
    return true;
  },
});

process.on('exit', () => {
  frontDoor?.abandon();
  bff.abandon();
});

const stop = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping');
  // Both at once, each given 7 s to finish what it is doing before it is killed: all gone within 10 s.
  await Promise.all([frontDoor?.stop(7_000), bff.stop(7_000)]);
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.once('SIGHUP', () => void stop());

try {
  await new Promise((resolveHealth, reject) => {
    firstHealth = (error) => (error ? reject(error) : resolveHealth(undefined));
    setTimeout(() => reject(new Error('The BFF did not become healthy within 120 s')), 120_000).unref();
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await bff.stop(5_000);
  process.exit(1);
}

if (stopping) await new Promise(() => {}); // stop() ends the process
frontDoor = supervise({
  name: 'front door',
  modulePath: join(root, 'scripts/frontdoor.mjs'),
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: process.env.HOST ?? '0.0.0.0',
    BFF_URL: bffUrl,
    APP_ROOT: root,
    INTERNAL_TOKEN: internalToken,
    ...(handOverFiles ? { FRONTDOOR_FILES_ROOT: uploadDir, X_ACCEL_PREFIX: xAccelPrefix } : {}),
  },
  onMessage(message) {
    const m = /** @type {{ type?: string }} */ (message);
    if (m?.type !== 'listening') return;
    frontDoor?.send({ type: 'api', up: apiUp });
    console.log(`\n  Past Paper Library is running on http://localhost:${port}\n`);
  },
});
