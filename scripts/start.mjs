#!/usr/bin/env node
// @ts-check
// One command for the whole product on one origin (default http://localhost:3000):
//   builds whatever is not built (Nx cache), starts the BFF on a loopback port with the embedded database
//   (or DATABASE_URL), and serves the shell at /, the remotes under /remotes/*, the API at /backend/api.
// Options: --no-build (use the existing dist folders). Environment: PORT, DATA_DIR, SSR=false (browser rendering
// only), PUBLIC_ORIGIN (canonical URLs), INTERNAL_TOKEN and every BFF variable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { createGateway } from './gateway.mjs';
import { createServerRenderer } from './ssr.mjs';

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

/** @param {string} url @param {number} timeoutMs */
async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The BFF did not become healthy within ${timeoutMs / 1000} s`);
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
// The shell's server follows the BFF's data versions with this secret (SSR cache invalidation, issue 13).
const internalToken = process.env.INTERNAL_TOKEN ?? randomBytes(32).toString('base64url');
const bff = spawn(process.execPath, [join(root, 'bff/dist/main.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(bffPort),
    HOST: '127.0.0.1',
    INTERNAL_TOKEN: internalToken,
    DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'),
  },
});
let stopping = false;
bff.once('exit', (code) => {
  if (!stopping) {
    console.error(`The BFF stopped (exit code ${code}).`);
    process.exit(code || 1);
  }
});

const bffUrl = `http://127.0.0.1:${bffPort}`;
try {
  await waitForHealth(`${bffUrl}/backend/api/health`, 120_000);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  bff.kill('SIGTERM');
  process.exit(1);
}

const remotes = {
  public_site: '/remotes/public-site/mf-manifest.json',
  admin_console: '/remotes/admin-console/mf-manifest.json',
};
// Public pages arrive rendered (SSR=false turns it off: every page is rendered by the browser, as before).
const ssr =
  process.env.SSR === 'false'
    ? undefined
    : createServerRenderer({
        shellIndex: join(root, 'shell/dist/index.html'),
        manifestUrl: remotes.public_site,
        remotes,
        apiOrigin: bffUrl,
        internalToken,
        publicOrigin: process.env.PUBLIC_ORIGIN,
      });
const gateway = createGateway({
  apiTarget: bffUrl,
  remotes,
  ssr,
  mounts: [
    { path: '/remotes/public-site', dir: join(root, 'public-site/dist') },
    { path: '/remotes/admin-console', dir: join(root, 'admin-console/dist') },
    { path: '/', dir: join(root, 'shell/dist'), spa: true },
  ],
});
const server = gateway.listen(port, process.env.HOST ?? '0.0.0.0', () => {
  console.log(`\n  Past Paper Library is running on http://localhost:${port}\n`);
});

const stop = () => {
  if (stopping) return;
  stopping = true;
  ssr?.close();
  server.close();
  bff.once('exit', () => process.exit(0));
  bff.kill('SIGTERM');
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
