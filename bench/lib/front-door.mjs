// @ts-check
// The front door as `npm start` runs it (scripts/start.mjs: the shell's server with the page renderer and its
// cache, the API proxied to the BFF), in a process of its own so that the load generator does not share its event
// loop. Forked by bench/mixed.mjs: reports `{ type: 'ready', port }`, answers `{ type: 'stats' }` with the
// renderer's counters, and stops on SIGTERM.
import { join, resolve } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const gatewayModule = await import(join(root, 'scripts/gateway.mjs'));
const { createGateway } = gatewayModule;
// The front door's own limits and server settings where this version of gateway.mjs has them (as npm start).
const limits = gatewayModule.limitsFromEnv?.(process.env);
const { createServerRenderer } = await import(join(root, 'scripts/ssr.mjs'));
const remotes = {
  public_site: '/remotes/public-site/mf-manifest.json',
  admin_console: '/remotes/admin-console/mf-manifest.json',
};
const ssr = createServerRenderer({
  shellIndex: join(root, 'shell/dist/index.html'),
  manifestUrl: remotes.public_site,
  remotes,
  apiOrigin: process.env.BFF_URL,
  internalToken: process.env.INTERNAL_TOKEN,
});
const gateway = createGateway({
  apiTarget: process.env.BFF_URL,
  // Stored files the BFF hands over (X-Accel-Redirect), as npm start's front door (scripts/frontdoor.mjs).
  ...(process.env.FRONTDOOR_FILES_ROOT
    ? { files: { root: process.env.FRONTDOOR_FILES_ROOT, prefix: process.env.X_ACCEL_PREFIX ?? '/_protected_files/' } }
    : {}),
  remotes,
  ssr,
  ...(limits ? { limits } : {}),
  mounts: [
    { path: '/remotes/public-site', dir: join(root, 'public-site/dist') },
    { path: '/remotes/admin-console', dir: join(root, 'admin-console/dist') },
    { path: '/', dir: join(root, 'shell/dist'), spa: true },
  ],
});
/** @type {import('node:http').Server} */
const server = gatewayModule.createFrontDoorServer
  ? gatewayModule.createFrontDoorServer(gateway, limits)
  : (await import('node:http')).createServer(gateway);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (/** @type {{ type?: string }} */ (message)?.type === 'stats')
    process.send?.({ type: 'stats', stats: ssr.stats() });
});
process.on('SIGTERM', () => {
  ssr.close();
  server.close();
  process.exit(0);
});
