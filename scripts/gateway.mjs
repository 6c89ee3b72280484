// @ts-check
// A small production-like web server for the front ends, mirroring docker/nginx: static folders with the right
// cache headers, SPA fallback, a deploy-time /remotes.json, and /backend/api proxied to the BFF so cookies stay
// first-party. Used by `npm start` (one origin) and by each unit's `serve` script (split mode).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

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

  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });

  if (options.apiTarget) {
    app.use(
      createProxyMiddleware({
        target: options.apiTarget,
        pathFilter: '/backend/api',
        xfwd: true,
        proxyTimeout: 60_000,
        on: {
          error(_error, _req, res) {
            const out = /** @type {import('node:http').ServerResponse} */ (res);
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
  return app;
}
