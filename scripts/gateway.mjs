// @ts-check
// A small production-like web server for the front ends, mirroring docker/nginx: static folders with the right
// cache headers, SPA fallback, a deploy-time /remotes.json, and /backend/api proxied to the BFF so cookies stay
// first-party. Used by `npm start` (one origin) and by each unit's `serve` script (split mode).
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import compression from 'compression';
import express from 'express';
import { answerJson, createApiProxy } from './api-proxy.mjs';
import { HSTS, remoteOriginsOf, securityHeaders } from './security-headers.mjs';

/**
 * The front door's limits (docs/security-frontdoor.md), each tunable by an environment variable.
 * @typedef {object} FrontDoorLimits
 * @property {number} maxConnections open client connections at once; more are refused at accept (FRONTDOOR_MAX_CONNECTIONS)
 * @property {number} maxInFlight requests being answered at once; more get 503 + Retry-After (FRONTDOOR_MAX_IN_FLIGHT)
 * @property {number} headersTimeoutMs a request's headers must arrive within this (FRONTDOOR_HEADERS_TIMEOUT_MS)
 * @property {number} requestTimeoutMs a whole request (headers and body) must arrive within this (FRONTDOOR_REQUEST_TIMEOUT_MS)
 * @property {number} keepAliveTimeoutMs an idle keep-alive connection is closed after this (FRONTDOOR_KEEP_ALIVE_TIMEOUT_MS)
 * @property {number} idleSocketTimeoutMs a connection with no byte either way for this long is closed (FRONTDOOR_IDLE_SOCKET_TIMEOUT_MS)
 * @property {number} maxRequestsPerSocket requests one keep-alive connection may carry (FRONTDOOR_MAX_REQUESTS_PER_SOCKET)
 * @property {number} upstreamSockets connections to the BFF at once (FRONTDOOR_UPSTREAM_SOCKETS)
 * @property {number} upstreamTimeoutMs the BFF silent this long on a request: 504 (FRONTDOOR_UPSTREAM_TIMEOUT_MS)
 */

/** @type {FrontDoorLimits} */
export const DEFAULT_LIMITS = {
  maxConnections: 4096,
  maxInFlight: 2048,
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 120_000,
  maxRequestsPerSocket: 1000,
  upstreamSockets: 256,
  upstreamTimeoutMs: 60_000,
};

/** @type {Record<keyof FrontDoorLimits, string>} */
const LIMIT_ENV = {
  maxConnections: 'FRONTDOOR_MAX_CONNECTIONS',
  maxInFlight: 'FRONTDOOR_MAX_IN_FLIGHT',
  headersTimeoutMs: 'FRONTDOOR_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'FRONTDOOR_REQUEST_TIMEOUT_MS',
  keepAliveTimeoutMs: 'FRONTDOOR_KEEP_ALIVE_TIMEOUT_MS',
  idleSocketTimeoutMs: 'FRONTDOOR_IDLE_SOCKET_TIMEOUT_MS',
  maxRequestsPerSocket: 'FRONTDOOR_MAX_REQUESTS_PER_SOCKET',
  upstreamSockets: 'FRONTDOOR_UPSTREAM_SOCKETS',
  upstreamTimeoutMs: 'FRONTDOOR_UPSTREAM_TIMEOUT_MS',
};

/**
 * The limits from the environment over the defaults; a value that is not a positive integer stops start-up with a
 * message naming the variable.
 * @param {NodeJS.ProcessEnv} env
 * @returns {FrontDoorLimits}
 */
export function limitsFromEnv(env) {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, name] of /** @type {Array<[keyof FrontDoorLimits, string]>} */ (Object.entries(LIMIT_ENV))) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
    limits[key] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error('FRONTDOOR_HEADERS_TIMEOUT_MS must not be above FRONTDOOR_REQUEST_TIMEOUT_MS');
  return limits;
}

/** How long a refused request's connection stays open to read what its client is still sending. */
const CLIENT_ERROR_LINGER_MS = 2_000;
/** @type {Record<string, string>} The answer to each refusal of Node's HTTP parser (others: 400). */
const CLIENT_ERROR_STATUS = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * An HTTP server for `app` with the connection limits and timeouts: slow or idle sockets are closed instead of being
 * held for ever, connections beyond the cap are refused at accept, and a malformed request or a socket error only
 * ends its own connection.
 * @param {import('node:http').RequestListener} app
 * @param {FrontDoorLimits} limits
 */
export function createFrontDoorServer(app, limits) {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default, 30 s, would let a slow socket live that long).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    app,
  );
  server.maxConnections = limits.maxConnections;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  // No byte either way for this long (a stalled download reader, a half-open connection): closed.
  server.setTimeout(limits.idleSocketTimeoutMs, (socket) => socket.destroy());
  // A request the parser refuses gets its 4xx once; the connection then closes without a reset (what the client
  // still sends is read and dropped for a moment), so the client reads the answer instead of ECONNRESET. The BFF
  // does the same (bff/src/common/client-errors.ts).
  /** @type {WeakSet<import('node:stream').Duplex>} */
  const answered = new WeakSet();
  server.on('clientError', (error, socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (!socket.writable || code === 'ECONNRESET' || code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[code ?? ''] ?? '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  });
  return server;
}

/** Files with fixed names that must always be revalidated; everything content-hashed may be cached forever. */
const NO_CACHE =
  /(^|\/)(index\.html|remoteEntry\.js|federation-runtime\.js|mf-manifest\.json|mf-stats\.json|remotes\.json)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg|jpe?g|webp|gif)(\.map)?$/;

/**
 * @typedef {object} Mount
 * @property {string} path URL prefix, e.g. '/' or '/remotes/public-site'
 * @property {string} dir folder to serve
 * @property {boolean} [spa] answer unknown GETs under this prefix with the folder's index.html
 * @property {boolean} [cors] allow other origins to load these files (a remote served to another origin's shell)
 */

/**
 * @typedef {object} GatewayOptions
 * @property {Mount[]} mounts most specific first
 * @property {string} [apiTarget] BFF origin; /backend/api is proxied there when set
 * @property {import('./api-proxy.mjs').InternalFiles} [files] stored files the BFF hands over (X-Accel-Redirect)
 * @property {Record<string, string>} [remotes] served as /remotes.json when set
 * @property {string[]} [remoteOrigins] other origins the pages load code from (default: those of `remotes`)
 * @property {ReturnType<typeof import('./ssr.mjs').createServerRenderer>} [ssr] renders public pages on the server
 * @property {FrontDoorLimits} [limits] default DEFAULT_LIMITS
 * @property {{ dir?: string; from?: string; off?: boolean }} [serviceWorker] the public site's release (its folder,
 *   or its address in split mode): its service worker at /sw.js (scope /), the web app manifest and icons
 *   (docs/offline.md); `off` serves the kill switch as /sw.js
 */

/** Sets Cache-Control for a served file. @param {import('express').Response} res @param {string} path */
export function setCacheHeaders(res, path) {
  const normalized = path.replace(/\\/g, '/');
  if (NO_CACHE.test(normalized)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(normalized)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'public, max-age=300');
}

/**
 * The public site's service worker and web app manifest at the site's root (docs/offline.md), from the public
 * site's current release: its folder (`dir`, one origin) or, when it is another unit (split mode), its release
 * address (`from`, next to its mf-manifest.json), read on every request. `/sw.js` is always revalidated
 * (`no-cache`: a new release is seen on the next navigation) and allowed the whole site as scope; `off`
 * (`PUBLIC_SW=off`) answers the kill switch (`sw-off.js`) instead. Nothing else of the release is served here.
 * @param {import('express').Express} app
 * @param {{ dir?: string; from?: string; off?: boolean }} options
 */
function serveServiceWorker(app, options) {
  const dir = options.dir ? resolve(options.dir) : undefined;
  /**
   * @param {string} file a fixed file of the release
   * @param {string} type
   * @param {string} cacheControl
   * @returns {import('express').RequestHandler}
   */
  const send = (file, type, cacheControl) => async (_req, res, next) => {
    res.setHeader('Cache-Control', cacheControl);
    if (dir) {
      const path = join(dir, file);
      if (!existsSync(path)) return next();
      res.type(type).sendFile(path);
      return;
    }
    try {
      const upstream = await fetch(new URL(file, options.from), { signal: AbortSignal.timeout(5_000) });
      if (!upstream.ok) return next();
      const body = Buffer.from(await upstream.arrayBuffer());
      res.type(type).send(body);
    } catch {
      // The public site's unit is away: no worker file (browsers keep the installed worker and try again later).
      res.status(503).type('text/plain').send('Unavailable');
    }
  };
  const worker = send(options.off ? 'sw-off.js' : 'sw.js', 'text/javascript', 'no-cache');
  app.get('/sw.js', (req, res, next) => {
    res.setHeader('Service-Worker-Allowed', '/');
    return worker(req, res, next);
  });
  app.get('/manifest.webmanifest', send('manifest.webmanifest', 'application/manifest+json', 'no-cache'));
  for (const size of [192, 512]) {
    app.get(`/icons/icon-${size}.png`, send(`icons/icon-${size}.png`, 'image/png', 'public, max-age=86400'));
  }
}

/**
 * The front door as an Express app, with `setApiAvailable` (the supervisor's word on the BFF) and `close`.
 * @param {GatewayOptions} options
 */
export function createGateway(options) {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', true);
  // Only a TLS terminator on this machine may say the visitor came over https (HSTS below).
  app.set('trust proxy', 'loopback');

  // Overload: past `maxInFlight` requests being answered, a new one is told to come back (503 + Retry-After) at once
  // instead of queueing without bound.
  let inFlight = 0;
  app.use((_req, res, next) => {
    if (inFlight >= limits.maxInFlight) {
      res.setHeader('Connection', 'close');
      answerJson(res, 503, 'The server is busy. Please try again shortly.', 1);
      return;
    }
    inFlight++;
    let counted = true;
    res.once('close', () => {
      if (counted) inFlight--;
      counted = false;
    });
    next();
  });

  const headers = Object.entries(securityHeaders(options.remoteOrigins ?? remoteOriginsOf(options.remotes)));
  app.use((req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    // A URL that does not decode (`/%E0%A4%A`) is a plain 400: no stack, no path.
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).type('text/plain').send('Bad request');
      return;
    }
    next();
  });

  const apiProxy = options.apiTarget
    ? createApiProxy({
        target: options.apiTarget,
        maxSockets: limits.upstreamSockets,
        timeoutMs: limits.upstreamTimeoutMs,
        files: options.files,
      })
    : undefined;
  if (apiProxy) app.use(apiProxy.handle);

  app.use(compression());

  if (options.remotes) {
    const body = JSON.stringify(options.remotes);
    app.get('/remotes.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/json').send(body);
    });
  }

  if (options.serviceWorker?.dir || options.serviceWorker?.from) serveServiceWorker(app, options.serviceWorker);

  if (options.ssr) {
    app.get('/robots.txt', options.ssr.robots);
    app.get('/sitemap.xml', options.ssr.sitemap);
    app.use(options.ssr.handle);
  }

  for (const mount of options.mounts) {
    const dir = resolve(mount.dir);
    const router = express.Router();
    if (mount.cors) {
      router.use((_req, res, next) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      });
    }
    router.use(express.static(dir, { index: false, setHeaders: setCacheHeaders, fallthrough: true }));
    if (mount.spa) {
      const index = join(dir, 'index.html');
      router.get('/{*rest}', (req, res, next) => {
        // Only page navigations fall back to the app; a missing asset is a real 404.
        if (/\.[a-z0-9]{1,8}$/i.test(req.path) || !existsSync(index)) return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(index);
      });
    }
    app.use(mount.path, router);
  }

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  // Anything that went wrong in a static handler: a plain status line, never a stack or a path.
  app.use(
    /** @type {import('express').ErrorRequestHandler} */
    (error, _req, res, _next) => {
      const status =
        typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
      if (res.headersSent) return res.destroy();
      res
        .status(status)
        .type('text/plain')
        .send(status < 500 ? 'Bad request' : 'Internal error');
    },
  );
  return Object.assign(app, {
    /** While false, /backend/api answers 503 at once (the BFF is down or restarting). @param {boolean} up */
    setApiAvailable(up) {
      apiProxy?.setAvailable(up);
    },
    close() {
      apiProxy?.close();
    },
  });
}
