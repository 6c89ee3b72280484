#!/usr/bin/env node
// @ts-check
// The front door of `npm start`, run by its supervisor (scripts/start.mjs) as a child process: one origin serving the
// shell at /, the remotes under /remotes/*, the API (proxied to the BFF) at /backend/api, public pages rendered on the
// server. The supervisor tells it, over IPC, whether the BFF is up ({ type: 'api', up }); while it is not, the API
// answers 503 at once and pages are still served (rendered in the browser when the renderer cannot reach the API).
// Environment (set by start.mjs): PORT, HOST, BFF_URL, APP_ROOT, INTERNAL_TOKEN, SSR, PUBLIC_ORIGIN, FRONTDOOR_*;
// FRONTDOOR_FILES_ROOT with X_ACCEL_PREFIX: the BFF's upload folder, whose files it hands over by X-Accel-Redirect.
import { join } from 'node:path';
import { createFrontDoorServer, createGateway, limitsFromEnv } from './gateway.mjs';
import { createServerRenderer } from './ssr.mjs';

const root = process.env.APP_ROOT ?? process.cwd();
const port = Number(process.env.PORT ?? 3000);
const bffUrl = process.env.BFF_URL ?? 'http://127.0.0.1:3001';

/** @param {string} what @param {unknown} error */
const log = (what, error) =>
  process.stderr.write(
    `[front door] ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );

// A fault in one request (a throw from an event handler, a rejected promise nobody awaited) must not end every
// other visitor's connection: it is logged and the process goes on. The request it belonged to is ended by its own
// timeouts (server.requestTimeout, the idle socket timeout) if nothing answered it.
process.on('uncaughtException', (error) => log('uncaught exception (kept running)', error));
process.on('unhandledRejection', (error) => log('unhandled rejection (kept running)', error));

let limits;
try {
  limits = limitsFromEnv(process.env);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(64);
}

const remotes = {
  public_site: '/remotes/public-site/mf-manifest.json',
  admin_console: '/remotes/admin-console/mf-manifest.json',
};
// Public pages arrive rendered (SSR=false turns it off: every page is rendered by the browser).
const ssr =
  process.env.SSR === 'false'
    ? undefined
    : createServerRenderer({
        shellIndex: join(root, 'shell/dist/index.html'),
        manifestUrl: remotes.public_site,
        remotes,
        apiOrigin: bffUrl,
        internalToken: process.env.INTERNAL_TOKEN,
        publicOrigin: process.env.PUBLIC_ORIGIN,
      });
const filesRoot = process.env.FRONTDOOR_FILES_ROOT;
const gateway = createGateway({
  apiTarget: bffUrl,
  files: filesRoot ? { root: filesRoot, prefix: process.env.X_ACCEL_PREFIX ?? '/_protected_files/' } : undefined,
  remotes,
  ssr,
  limits,
  // The public site's service worker at /sw.js (docs/offline.md); PUBLIC_SW=off serves its kill switch.
  serviceWorker: { dir: join(root, 'public-site/dist'), off: /^(off|false|0)$/i.test(process.env.PUBLIC_SW ?? '') },
  mounts: [
    { path: '/remotes/public-site', dir: join(root, 'public-site/dist') },
    { path: '/remotes/admin-console', dir: join(root, 'admin-console/dist') },
    { path: '/', dir: join(root, 'shell/dist'), spa: true },
  ],
});

process.on('message', (message) => {
  const m = /** @type {{ type?: string; up?: boolean }} */ (message);
  if (m && m.type === 'api' && typeof m.up === 'boolean') gateway.setApiAvailable(m.up);
});

const server = createFrontDoorServer(gateway, limits);
server.listen(port, process.env.HOST ?? '0.0.0.0', () => {
  process.send?.({ type: 'listening', port });
  if (!process.send) console.log(`Front door on http://localhost:${port}`);
});
server.on('error', (error) => {
  // The port is taken or cannot be bound: nothing to serve; the supervisor restarts this process after a pause.
  log('cannot listen', error);
  process.exit(1);
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  ssr?.close();
  gateway.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Downloads still running are cut after a short grace: stopping must not wait on a slow reader.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 3_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
