#!/usr/bin/env node
// @ts-check
// Split mode: serve one front end alone on its own port.
//   --role shell       the host: /remotes.json from PUBLIC_SITE_MANIFEST_URL / ADMIN_CONSOLE_MANIFEST_URL,
//                      /backend/api proxied to BFF_URL, SPA fallback; public pages rendered on the server with
//                      the public site's release (its server/render.js next to the manifest; SSR=false turns it
//                      off; INTERNAL_TOKEN, shared with the BFF, lets rendered pages be cached;
//                      PUBLIC_SITE_SERVER_MANIFEST_URL is where this server reads the release when the browser's
//                      address does not reach it from here, as in docker/compose.yaml: the renderer unit)
//   --role remote      a remote's release folder, loadable by shells on other origins (CORS); it is also the
//                      remote's own standalone site (SPA fallback, /backend/api proxied to BFF_URL)
// Limits (connections, timeouts, overload): FRONTDOOR_* as for `npm start` (docs/security-frontdoor.md).
// Usage: node scripts/serve.mjs --role shell --dir shell/dist --port 3000
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { createFrontDoorServer, createGateway, limitsFromEnv } from './gateway.mjs';
import { createServerRenderer } from './ssr.mjs';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'remote' },
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
  },
});

const role = values.role ?? 'remote';
if (!['shell', 'remote'].includes(role)) {
  console.error(`Unknown --role ${role} (use shell or remote)`);
  process.exit(64);
}
const port = Number(values.port);
let limits;
try {
  limits = limitsFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(64);
}
// A fault in one request is logged; it never ends the process (and every other visitor's connection with it).
process.on('uncaughtException', (error) => console.error('uncaught exception (kept running):', error));
process.on('unhandledRejection', (error) => console.error('unhandled rejection (kept running):', error));
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:3001';

const dir = values.dir ?? 'dist';
const remotes =
  role === 'shell'
    ? {
        public_site: process.env.PUBLIC_SITE_MANIFEST_URL ?? 'http://localhost:3002/mf-manifest.json',
        admin_console: process.env.ADMIN_CONSOLE_MANIFEST_URL ?? 'http://localhost:3003/mf-manifest.json',
      }
    : undefined;
const ssr =
  remotes && process.env.SSR !== 'false'
    ? createServerRenderer({
        shellIndex: join(resolve(dir), 'index.html'),
        manifestUrl: process.env.PUBLIC_SITE_SERVER_MANIFEST_URL || remotes.public_site,
        remotes,
        apiOrigin: bff,
        internalToken: process.env.INTERNAL_TOKEN,
        publicOrigin: process.env.PUBLIC_ORIGIN,
      })
    : undefined;

// The public site's service worker lives at the shell's root (scope /), read from the public site's release
// (docs/offline.md); PUBLIC_SW=off serves its kill switch.
const serviceWorkerOff = /^(off|false|0)$/i.test(process.env.PUBLIC_SW ?? '');
/** The public site's release address (absolute), or undefined when the remotes config gives a relative one. */
const publicRelease = (/** @type {string} */ manifest) => {
  try {
    return new URL('./', manifest).href;
  } catch {
    return undefined;
  }
};
const serviceWorker = remotes
  ? { from: publicRelease(process.env.PUBLIC_SITE_SERVER_MANIFEST_URL || remotes.public_site), off: serviceWorkerOff }
  : { dir, off: serviceWorkerOff };

const app = createGateway({
  mounts: [{ path: '/', dir, spa: true, cors: role !== 'shell' }],
  serviceWorker,
  apiTarget: bff,
  remotes,
  ssr,
  limits,
});

const server = createFrontDoorServer(app, limits);
server.listen(port, values.host ?? '0.0.0.0', () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`${role} serving ${values.dir} on http://localhost:${actual}`);
});

const stop = () => {
  ssr?.close();
  app.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
