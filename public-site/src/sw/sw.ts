/// <reference lib="webworker" />
/**
 * The public site's service worker (docs/offline.md), released with the public site: `/sw.js`, scope `/`.
 *
 * Rules, in the order the routes below apply them:
 * - Only GET requests are ever answered from a cache; every other method goes to the network untouched (no route
 *   matches it). Navigations to `/login`, `/unauthorized`, `/admin` and `/admin/*` are never answered by the worker,
 *   and no read asked for by an admin page is stored.
 * - Documents (`stream=1` reads and `preview=1` pictures) that a saved pack holds are answered from it, online too
 *   (never downloaded twice), Range requests included; the others go to the network and are not stored.
 * - Public API reads: network first, the last answer stored; offline, that copy or the saved pack's.
 * - Fixed-name release files (`remoteEntry.js`, `mf-manifest.json`, `/remotes.json`, the shell's `/index.html`):
 *   network first; offline, this release's copy (precached with their integrity, so a worker never holds another
 *   release's entry files).
 * - Content-hashed files: this release's precache, then cache-first for good (they never change).
 * - Pages: network first. A page is stored only when the server rendered it with this worker's release
 *   (`data-ssr-build`); offline, the stored page, else the shell's page for a saved item, else /offline.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  API_CACHE,
  ASSETS_CACHE,
  CACHE_PREFIX,
  OFFLINE_PATH,
  PACKS_CACHE,
  PAGES_CACHE_PREFIX,
  isAdminPath,
  packKey,
  queryRange,
  readIndex,
  savedPage,
} from './shared';

declare const self: ServiceWorkerGlobalScope;

/** Written into the built file by the public site's build (public-site/scripts/service-worker.mjs). */
declare const __PPL_SW__: {
  /** This release: the hash of everything precached. */
  release: string;
  /** The build id of the release's code (the server-rendered pages carry it as `data-ssr-build`). */
  build: string;
  /** Precached at install: the public site's './App' chunks and its fixed-name entry files (with integrity). */
  precache: PrecacheEntry[];
  /** The viewer's pdf.js code and worker: cached when a student saves something, not at install (data saver). */
  viewer: string[];
};

const CONFIG = __PPL_SW__;
const RELEASE = CONFIG.release;
const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${RELEASE}`;

/** Where the public site's release folder is (`?base=` of the worker's own address, from the registering page). */
function releaseBase(): URL {
  const fallback = new URL('/remotes/public-site/', self.location.origin);
  const given = new URL(self.location.href).searchParams.get('base');
  if (!given || given.length > 500) return fallback;
  try {
    const url = new URL(given, self.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return fallback;
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    url.search = '';
    url.hash = '';
    return url;
  } catch {
    return fallback;
  }
}
const BASE = releaseBase();
const inBase = (url: URL) => url.href.startsWith(BASE.href);

setCacheNameDetails({ prefix: 'ppl', suffix: '', precache: 'precache', runtime: 'runtime' });

// A new release takes over at once (docs/offline.md: "Releases"): its pages cache is its own, the previous
// release's pages are dropped on activation, and every page is fetched from the network first.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE) await caches.delete(name);
      }
    })(),
  );
});

/** Only a complete, shareable 200 is stored (never `no-store` or `private` answers, never a partial one). */
const storable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const control = response.headers.get('Cache-Control') ?? '';
    return /no-store|private/i.test(control) ? null : response;
  },
};

/** A request an admin page made (its reads are never stored: the admin half stays online only). */
function fromAdminPage(request: Request): boolean {
  if (!request.referrer) return false;
  try {
    const referrer = new URL(request.referrer);
    return referrer.origin === self.location.origin && isAdminPath(referrer.pathname);
  } catch {
    return false;
  }
}

const API_PREFIX = '/backend/api/';
/** Public reads worth keeping for an offline visit. Downloads (counted), files and admin reads are not among them. */
const PUBLIC_READ =
  /^\/backend\/api\/(pages\/subject|past_papers\.php|subjects\.php|faqs|dashboard_stats\.php|settings\.php|coverage)$/;
const COUNTED_OR_FILE = ['download_id', 'download_variant_id', 'inline'];

const isDocumentRead = (url: URL) =>
  url.pathname.startsWith(API_PREFIX) &&
  (url.searchParams.get('stream') === '1' || url.searchParams.get('preview') === '1');

// 1. Saved documents, from the pack (a Range header or `?range=` answered with the bytes asked for), else the
// network, untouched and unstored.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isDocumentRead(url) && !fromAdminPage(request),
  async ({ request }) => {
    const packs = await caches.open(PACKS_CACHE);
    const saved = await packs.match(packKey(request.url, self.location.href));
    if (!saved) return fetch(request);
    const rangeHeader = request.headers.get('Range');
    const inQuery = queryRange(request.url, self.location.href);
    if (rangeHeader && !rangeHeader.includes(',')) return createPartialResponse(request, saved);
    if (!rangeHeader && inQuery) {
      const asked = new Request(request.url, { headers: { Range: `bytes=${inQuery.start}-${inQuery.end}` } });
      return createPartialResponse(asked, saved);
    }
    // Several ranges at once (multipart): the whole saved file, which the viewer keeps whole.
    return saved;
  },
);

// 2. Public API reads: network first (5 s), the stored copy offline, then the saved pack's.
const fromPacks: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.open(PACKS_CACHE)).match(request.url) ?? undefined,
};
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    PUBLIC_READ.test(url.pathname) &&
    !COUNTED_OR_FILE.some((key) => url.searchParams.has(key)) &&
    !isDocumentRead(url) &&
    !fromAdminPage(request),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [storable, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }), fromPacks],
  }),
);

// 3. Fixed-name release files: network first; offline, this release's precached copy.
const FIXED_IN_BASE = /\/(remoteEntry\.js|mf-manifest\.json|federation-runtime\.js)$/;
const FIXED_AT_ROOT = new Set(['/remotes.json', '/index.html', '/manifest.webmanifest']);
const fromPrecache: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await matchPrecache(request.url)) ?? undefined,
};
registerRoute(
  ({ url, request }) =>
    ((inBase(url) && FIXED_IN_BASE.test(url.pathname)) ||
      (url.origin === self.location.origin && FIXED_AT_ROOT.has(url.pathname))) &&
    !fromAdminPage(request),
  new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 5, plugins: [storable, fromPrecache] }),
);

// 4. This release's chunks (cache first, installed with the worker).
precacheAndRoute(CONFIG.precache.map((entry) => ({ ...entry, url: new URL(entry.url, BASE).href })));

// 5. Any content-hashed file (the shell's chunks, pdf.js, an earlier release's chunk): cache first, for good.
const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg|jpe?g|webp|gif)$/;
registerRoute(
  ({ url, request }) =>
    (url.origin === self.location.origin || inBase(url)) && HASHED.test(url.pathname) && !fromAdminPage(request),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [storable, new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

// 6. Public pages.
/** The release a server-rendered page was rendered with ('' for the shell's page rendered in the browser). */
const buildOf = (html: string) => /data-ssr-build="([^"]*)"/.exec(html)?.[1] ?? '';

async function offlinePage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const pages = await caches.open(PAGES_CACHE);
  const cached = (await pages.match(request.url)) ?? (await pages.match(request.url, { ignoreSearch: true }));
  if (cached) return cached;
  const shell = await pages.match('/index.html');
  const saved = url.pathname === OFFLINE_PATH || savedPage(await readIndex(caches), url.pathname);
  if (shell && saved) return shell;
  if (shell) return Response.redirect(`${OFFLINE_PATH}?from=${encodeURIComponent(url.pathname)}`, 302);
  return new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
      '<title>Offline</title><body style="font-family:system-ui;padding:2rem"><h1>You are offline</h1>' +
      '<p>This page is not saved on this device. Connect to the internet and try again.</p></body></html>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      let response: Response;
      try {
        response = await fetch(request);
      } catch {
        return offlinePage(request);
      }
      const type = response.headers.get('Content-Type') ?? '';
      if (
        response.status === 200 &&
        type.includes('text/html') &&
        !/no-store|private/i.test(response.headers.get('Cache-Control') ?? '')
      ) {
        const copy = response.clone();
        const storing = (async () => {
          const html = await copy.text();
          const build = buildOf(html);
          // A page of another release (the server moved on): not stored, and this worker looks for its successor.
          if (build && build !== CONFIG.build) {
            void self.registration.update().catch(() => undefined);
            return;
          }
          const headers = new Headers(copy.headers);
          // The body is stored decoded: its transfer encoding and length no longer describe it.
          headers.delete('Content-Encoding');
          headers.delete('Content-Length');
          await (await caches.open(PAGES_CACHE)).put(request.url, new Response(html, { status: 200, headers }));
        })().catch(() => undefined);
        event.waitUntil(storing);
      }
      return response;
    },
    { denylist: [/^\/(login|unauthorized|admin)(\/|$)/, /^\/backend\//, /^\/remotes\//] },
  ),
);

// At install: the shell's page (what a saved page opens in offline) and the remotes config, for this release.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const pages = await caches.open(PAGES_CACHE);
      await Promise.all(
        ['/index.html', '/remotes.json'].map((path) =>
          fetch(path, { cache: 'no-cache' })
            .then((response) => (response.ok ? pages.put(path, response) : undefined))
            .catch(() => undefined),
        ),
      );
    })(),
  );
});

/** At most this many addresses per warm-up message (a page reports what it loaded before the worker ran). */
const WARM_MAX = 200;

/** Stores files a page loaded before this worker controlled it, and the viewer's code on request. */
async function warm(urls: string[]): Promise<number> {
  let stored = 0;
  const assets = await caches.open(ASSETS_CACHE);
  const pages = await caches.open(PAGES_CACHE);
  for (const raw of urls.slice(0, WARM_MAX)) {
    let url: URL;
    try {
      url = new URL(raw, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin && !inBase(url)) continue;
    const hashed = HASHED.test(url.pathname);
    const fixed = (inBase(url) && FIXED_IN_BASE.test(url.pathname)) || FIXED_AT_ROOT.has(url.pathname);
    if (!hashed && !fixed) continue;
    const cache = hashed ? assets : pages;
    if (hashed && (await cache.match(url.href))) continue;
    try {
      const response = await fetch(url.href);
      if (response.status === 200) {
        await cache.put(url.href, response);
        stored++;
      }
    } catch {
      // Offline or refused: nothing stored, the next visit tries again.
    }
  }
  return stored;
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  if (data?.type === 'warm' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && u.length < 2000);
    event.waitUntil(warm(urls).then((stored) => reply({ stored })));
  } else if (data?.type === 'warm-viewer') {
    event.waitUntil(warm(CONFIG.viewer.map((path) => new URL(path, BASE).href)).then((stored) => reply({ stored })));
  } else if (data?.type === 'release') {
    reply({ release: RELEASE, build: CONFIG.build, caches: CACHE_PREFIX });
  } else if (data?.type === 'skip-waiting') {
    // The page asks again when a browser left this worker waiting (register.ts).
    event.waitUntil(self.skipWaiting());
  }
});
