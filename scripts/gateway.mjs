// @ts-check
// A small production-like web server for the front ends, mirroring docker/nginx: static folders with the right
// cache headers, SPA fallback, a deploy-time /remotes.json, and /backend/api proxied to the BFF so cookies stay
// first-party. Used by `npm start` (one origin) and by each unit's `serve` script (split mode).
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { join, resolve } from 'node:path';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { HSTS, remoteOriginsOf, securityHeaders } from './security-headers.mjs';

/**
 * Hop-by-hop headers (RFC 9110 7.6.1): about one connection, never forwarded by a proxy. Transfer-Encoding is
 * left to Node, which frames each side's body itself.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

/**
 * Removes hop-by-hop headers, and those the Connection header names, from a header map.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {(name: string) => void} remove
 */
function dropHopByHop(headers, remove) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) if (name !== 'transfer-encoding') remove(name);
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
 * @property {Record<string, string>} [remotes] served as /remotes.json when set
 * @property {string[]} [remoteOrigins] other origins the pages load code from (default: those of `remotes`)
 * @property {ReturnType<typeof import('./ssr.mjs').createServerRenderer>} [ssr] renders public pages on the server
 */

/** Sets Cache-Control for a served file. @param {import('express').Response} res @param {string} path */
export function setCacheHeaders(res, path) {
  const normalized = path.replace(/\\/g, '/');
  if (NO_CACHE.test(normalized)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(normalized)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'public, max-age=300');
}

/** @param {GatewayOptions} options */
export function createGateway(options) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', true);
  // Only a TLS terminator on this machine may say the visitor came over https (HSTS below).
  app.set('trust proxy', 'loopback');

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

  if (options.apiTarget) {
    // Keep-alive to the BFF: when it answers early (401, 403, 404, 413) while a body is still arriving, it reads and
    // discards the rest on the same connection instead of closing it under the proxy's feet.
    // Idle sockets are dropped after 30 s, before the BFF's own keep-alive timeout (65 s) could close one under a new
    // request.
    const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
    app.use(
      createProxyMiddleware({
        target: options.apiTarget,
        pathFilter: '/backend/api',
        xfwd: true,
        agent,
        proxyTimeout: 60_000,
        on: {
          proxyReq(proxyReq, req) {
            dropHopByHop(req.headers, (name) => proxyReq.removeHeader(name));
          },
          proxyRes(proxyRes, req, res) {
            /** @type {any} */ (req).proxyAnswered = true;
            dropHopByHop(proxyRes.headers, (name) => delete proxyRes.headers[name]);
            // An early answer: once it is sent, read and drop the rest of the client's body, so the client (still
            // sending) sees its answer and a healthy connection rather than a reset.
            res.once('finish', () => {
              if (!req.complete) {
                req.unpipe();
                req.resume();
              }
            });
          },
          error(_error, req, res) {
            const out = /** @type {import('node:http').ServerResponse} */ (res);
            // The BFF answered and then stopped reading the body: its answer is the answer (it is being piped).
            if (/** @type {any} */ (req).proxyAnswered) {
              req.unpipe();
              req.resume();
              return;
            }
            if (!out.headersSent && typeof out.writeHead === 'function') {
              out.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
              out.end(JSON.stringify({ error: 'Service temporarily unavailable. Please try again shortly.' }));
            } else if (typeof out.destroy === 'function') {
              out.destroy();
            }
          },
        },
      }),
    );
  }

  app.use(compression());

  if (options.remotes) {
    const body = JSON.stringify(options.remotes);
    app.get('/remotes.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/json').send(body);
    });
  }

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
  return app;
}
