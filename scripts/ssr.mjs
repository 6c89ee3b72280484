// @ts-check
// Server-side rendering of the public pages, inside the module-federation design: the shell's server
// finds the public-site release the same way the browser does, through the remotes config (its mf-manifest.json),
// and loads the release's server bundle (server/render.js, next to the manifest) at run time. A new release is picked
// up without a restart; a missing or failing bundle falls back to the browser render for that request (never a 500).
// Rendered pages are cached until the BFF's content changes (a versions stream from the BFF); a download or a view
// changes only a number, so a cached page stays in use until its counts are older than SSR_COUNTS_MAX_AGE, and a
// search page until its results are older than SSR_INDEX_MAX_AGE after the text worker read another document.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { criticalCss, indexStylesheet } from './critical-css.mjs';
import { createRenderBudget, renderLimitsFrom } from './render-budget.mjs';

const require = createRequire(import.meta.url);

/** The server bundle's place relative to the remote's mf-manifest.json (shared-ui/build/rspack-preset.mjs). */

/**
 * @typedef {{ boot?: string; live?: boolean; content?: number; counters?: number; index?: number;
 *   scope?: { subjects?: unknown } }} DataVersions
 */

/**
 * Which rendered pages a versions event makes wrong: every page when content moved (or the BFF restarted, or its
 * live state changed, or there was no stream before); only the pages that may show some subjects when content moved
 * by one change that named them (its `scope`: an edited subject); none otherwise. Download and view counters and the
 * search index drop nothing: a download changes a number, not a page, and in exam season one arrives every moment;
 * the index moves with every document the text worker reads. Pages whose counts, or search pages whose results, are
 * older than SSR_COUNTS_MAX_AGE / SSR_INDEX_MAX_AGE are rendered again when next asked (countsFresh, indexFresh).
 * @param {DataVersions | null} before the previous event (null: the first since the stream (re)connected)
 * @param {DataVersions} now @param {boolean} live whether pages were being cached until now
 * @returns {'all' | 'none' | { subjects: number[] }}
 */
export function pagesToDrop(before, now, live) {
  if (!before || !live) return 'all';
  for (const key of /** @type {const} */ (['boot', 'live'])) {
    if (before[key] !== now[key]) return 'all';
  }
  if (before.content !== now.content) {
    const subjects = subjectIds(now.scope?.subjects);
    const oneChange = typeof before.content === 'number' && now.content === before.content + 1;
    return oneChange && subjects ? { subjects } : 'all';
  }
  return 'none';
}

/**
 * Whether a versions event moved content alone (the same BFF, still live): then the pages it drops may still be
 * answered, for a render's time, to visitors who ask while one of them is being rendered again (`X-Render: stale`),
 * rather than making them wait for that render. A restarted BFF, a change of its live state or a stream that was
 * lost drops pages outright.
 * @param {DataVersions | null} before @param {DataVersions} now @param {boolean} live
 */
export function contentOnlyMoved(before, now, live) {
  return (
    before !== null && live && before.boot === now.boot && before.live === now.live && before.content !== now.content
  );
}

/**
 * A list of subject ids (as a scope names them), or null when it is anything else.
 * @param {unknown} value @returns {number[] | null}
 */
export function subjectIds(value) {
  if (!Array.isArray(value) || value.length > 100) return null;
  return value.every((id) => Number.isSafeInteger(id) && id >= 0) ? /** @type {number[]} */ (value) : null;
}

/**
 * Whether a cached page may show a change to `subjects`: a page that did not say which subjects it shows
 * (`pageSubjects` null: a listing, search, home, a paper) may show any.
 * @param {number[] | null} pageSubjects @param {number[]} subjects
 */
export function showsSubjects(pageSubjects, subjects) {
  return pageSubjects === null || pageSubjects.some((id) => subjects.includes(id));
}

/**
 * The shell's index.html with a rendered page's head and root put in. Every piece that carries shown text (titles,
 * descriptions, the rendered HTML, the state, a search query) goes in by a function replacement: a replacement
 * string would expand `$&`, `` $` ``, `$'`, `$1`, `$<name>` and `$$` found in the data, so one `` $` `` in a
 * site name would copy the whole document into it.
 * @param {string} shell the shell's index.html
 * @param {string} head the page's head elements (before `</head>`)
 * @param {string} root the page's `#root` element and the scripts that follow it
 */
export function assemblePage(shell, head, root) {
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => '')
    .replace(/<meta name="description"[^>]*>/, () => '')
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => root);
}

/** Default of SSR_COUNTS_MAX_AGE: how old, at most, the download and view counts of a cached page may be (s). */
export const DEFAULT_COUNTS_MAX_AGE_S = 30;
/** Default of SSR_INDEX_MAX_AGE: how far behind the search index, at most, a cached search page may be (s). */
export const DEFAULT_INDEX_MAX_AGE_S = 30;
/**
 * Default of SSR_STALE_MAX_AGE: how long after a content change, at most, a page it dropped may still be answered
 * while that page is being rendered again (s).
 */
export const DEFAULT_STALE_MAX_AGE_S = 10;

/**
 * A maximum age in seconds from the environment, 0 to 3600, as milliseconds; a bad value stops the start with a
 * clear message.
 * @param {NodeJS.ProcessEnv} env @param {'SSR_COUNTS_MAX_AGE' | 'SSR_INDEX_MAX_AGE' | 'SSR_STALE_MAX_AGE'} name
 * @param {number} defaultS
 */
function maxAgeFrom(env, name, defaultS) {
  const text = env[name]?.trim();
  if (!text) return defaultS * 1000;
  if (!/^\d+$/.test(text) || Number(text) > 3600) {
    throw new Error(`${name} must be a whole number of seconds between 0 and 3600`);
  }
  return Number(text) * 1000;
}

/**
 * SSR_COUNTS_MAX_AGE (0: a page is rendered again after any counted download or view).
 * @param {NodeJS.ProcessEnv} env
 */
export const countsMaxAgeFrom = (env) => maxAgeFrom(env, 'SSR_COUNTS_MAX_AGE', DEFAULT_COUNTS_MAX_AGE_S);

/**
 * SSR_INDEX_MAX_AGE (0: a search page is rendered again whenever the search index moved).
 * @param {NodeJS.ProcessEnv} env
 */
export const indexMaxAgeFrom = (env) => maxAgeFrom(env, 'SSR_INDEX_MAX_AGE', DEFAULT_INDEX_MAX_AGE_S);

/**
 * SSR_STALE_MAX_AGE (0: a page dropped by a content change is never answered again; every visitor who asks while it
 * is rendered again waits for that render).
 * @param {NodeJS.ProcessEnv} env
 */
export const staleMaxAgeFrom = (env) => maxAgeFrom(env, 'SSR_STALE_MAX_AGE', DEFAULT_STALE_MAX_AGE_S);

/**
 * Whether a cached page's counts may still be shown: rendered under the current counters version, or less than
 * `maxAgeMs` ago (counts eventually consistent: never older than that).
 * @param {{ counters: number | undefined; renderedAt: number }} entry
 * @param {number | undefined} counters the counters version now
 * @param {number} now @param {number} maxAgeMs
 */
export function countsFresh(entry, counters, now, maxAgeMs) {
  return entry.counters === counters || now - entry.renderedAt < maxAgeMs;
}

/**
 * Whether a cached page's search results may still be shown: not a search page, or rendered under the current search
 * index version, or less than `maxAgeMs` ago. The index moves with every document the text worker reads (thousands
 * in a bulk import), and a document becomes searchable some time after its upload anyway: search pages follow the
 * index eventually (never more than that behind) rather than being rendered again after each document.
 * @param {{ search: boolean; index: number | undefined; renderedAt: number }} entry
 * @param {number | undefined} index the search index version now
 * @param {number} now @param {number} maxAgeMs
 */
export function indexFresh(entry, index, now, maxAgeMs) {
  return !entry.search || entry.index === index || now - entry.renderedAt < maxAgeMs;
}

/**
 * A Host header this server may put into a page (canonical URLs) and a cache key: a DNS name, an IPv4 address or a
 * bracketed IPv6 address, with an optional port. Anything else (spaces, slashes, `@`, an empty name) is refused.
 */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The origin of a request as its Host header and protocol give it, or null when the Host is malformed.
 * @param {string | undefined} host @param {string} protocol
 */
export function requestOrigin(host, protocol) {
  if (!host || host.length > 260 || !VALID_HOST.test(host)) return null;
  const port = /:(\d+)$/.exec(host)?.[1];
  if (port !== undefined && Number(port) > 65535) return null;
  return `${protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

export const SERVER_BUNDLE_FILE = 'server/render.js';
/** The bundle contract this server speaks (public-site/src/app/server.tsx SERVER_CONTRACT). */
const CONTRACT = 1;
/** How often, at most, the remote's manifest is asked whether a new release is out. */
const RELEASE_CHECK_MS = 1000;
/** A render that takes longer is abandoned for the browser render. */
const RENDER_TIMEOUT_MS = 4000;

/**
 * Whether a fetch failed for want of an answer (timed out, connection refused or reset) rather than with one.
 * @param {unknown} error
 */
const isNoAnswer = (error) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed');

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
/** JSON inside a <script type="application/json">: nothing in it can end the element. @param {unknown} value */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Pages of the admin half (client-rendered): shell/src/app/halves.ts. @param {string} path */
export const isAdminPath = (path) =>
  path === '/login' || path === '/unauthorized' || path === '/admin' || path.startsWith('/admin/');

/**
 * @typedef {object} RenderResult
 * @property {string} [build] the build of the release (the browser's './App' exports the same BUILD_ID)
 * @property {number} status
 * @property {string} html
 * @property {{ title?: string; description?: string; canonicalPath?: string }} head
 * @property {unknown} state
 * @property {{ subjects?: unknown }} [scope] the only subjects the page shows (an older bundle sends none)
 */

/**
 * @typedef {object} ServerBundle
 * @property {number} SERVER_CONTRACT
 * @property {(request: { url: string; origin: string; apiOrigin: string; host: object; clientAddress?: string }) => Promise<RenderResult>} render
 *   `clientAddress` (optional, ignored by older bundles): the visitor's address, forwarded on the render's API reads
 *   so that the BFF counts them as the visitor's; a read the BFF refuses (429, or 503 busy) makes the render throw
 *   an error with that `status` and `retryAfterSeconds`
 * @property {(request: { apiOrigin: string }) => Promise<string[]>} [sitemapPaths]
 */

/**
 * @typedef {object} Release
 * @property {string} id the manifest's hash
 * @property {ServerBundle} bundle
 * @property {import('./critical-css.mjs').StylesheetIndex} css every stylesheet of the remote's './App', read once:
 *   each page inlines the part of it its markup can use (critical-css.mjs)
 * @property {string} manifest the mf-manifest.json it came with
 */

/**
 * @typedef {object} RendererOptions
 * @property {string} shellIndex path of the shell's built index.html (read when it changes)
 * @property {string} manifestUrl the public site's mf-manifest.json, as in /remotes.json (relative to this server)
 * @property {Record<string, string>} remotes the remotes config, embedded in each page (no /remotes.json round trip)
 * @property {string} apiOrigin where the BFF answers (http://127.0.0.1:3001)
 * @property {string} [internalToken] the BFF's INTERNAL_TOKEN: subscribes to its data versions (cache invalidation)
 * @property {string} [publicOrigin] the public origin for canonical URLs and the sitemap (else the request's)
 * @property {number} [cacheMaxBytes] memory for rendered pages (default 32 MB; 0 turns the cache off)
 * @property {number} [countsMaxAgeMs] how old the counts of a cached page may be (default SSR_COUNTS_MAX_AGE, 30 s)
 * @property {number} [indexMaxAgeMs] how far behind the search index a cached search page may be (default
 *   SSR_INDEX_MAX_AGE, 30 s)
 * @property {number} [staleMaxAgeMs] how long after a content change a page it dropped may still be answered while
 *   it is rendered again (default SSR_STALE_MAX_AGE, 10 s)
 * @property {import('./render-budget.mjs').RenderBudgetLimits} [renderLimits] uncached renders per visitor (a minute,
 *   at once) and overall (at once, waiting): default from the environment (render-budget.mjs)
 * @property {(message: string, error?: unknown) => void} [log]
 */

/** @param {RendererOptions} options */
export function createServerRenderer(options) {
  const log = options.log ?? ((message, error) => console.warn(`[ssr] ${message}`, error ?? ''));
  const cacheMaxBytes = options.cacheMaxBytes ?? 32 * 1024 * 1024;
  const budget = createRenderBudget(options.renderLimits ?? renderLimitsFrom(process.env));
  const countsMaxAgeMs = options.countsMaxAgeMs ?? countsMaxAgeFrom(process.env);
  const indexMaxAgeMs = options.indexMaxAgeMs ?? indexMaxAgeFrom(process.env);
  const staleMaxAgeMs = options.staleMaxAgeMs ?? staleMaxAgeFrom(process.env);
  // Inside this server's node_modules, so that what a bundle leaves to its host (jsdom) resolves from here.
  const bundleDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache', 'ppl-ssr');
  /**
   * Rendered pages by origin and URL. `counters` and `renderedAt`: the counters version and the time the render
   * started (countsFresh); `search`: a /search page, which follows the search index version `index` (indexFresh);
   * `subjects`: the only
   * subjects the page shows, when the render said so (its `scope`), else null (it may show any). `staleUntil`: set
   * when a content change dropped the page: it is then answered only while it is rendered again, and never after
   * that time (null: not dropped).
   * A cached page keeps only its gzip copy (`body` null): most visitors take it, the few that do not get it unzipped
   * (a subject page's HTML is several times its gzip: as many times more pages fit in the cache's bytes).
   * @typedef {{ status: number; body: Buffer | null; gzip: Buffer; etag: string; counters: number | undefined;
   *   renderedAt: number; search: boolean; index: number | undefined; subjects: number[] | null;
   *   staleUntil: number | null }} CachedPage
   */
  /** @type {Map<string, CachedPage>} */
  const cache = new Map();
  /** Pages not in the cache being rendered (by cache key): what that render kept in the cache, or null. */
  /** @type {Map<string, Promise<CachedPage | null>>} */
  const rendering = new Map();
  /** Cached pages whose counts are being rendered again (by cache key). */
  const refreshing = new Set();
  /** The BFF's download and view counters version (its versions stream). */
  /** @type {number | undefined} */
  let counters;
  /** The BFF's search index version (its versions stream). */
  /** @type {number | undefined} */
  let index;
  let cacheBytes = 0;
  /** Moves whenever cached pages become wrong (data changed, new release, versions stream lost). */
  let generation = 0;
  let versionsLive = false;
  /** @type {Release | null} */
  let release = null;
  /** @type {Promise<Release | null> | null} */
  let checking = null;
  let checkedAt = 0;
  let manifestEtag = '';
  /** @type {{ mtimeMs: number; text: string } | null} */
  let template = null;
  let closed = false;
  /** @type {AbortController | null} */
  let versionsAbort = null;

  function clearCache() {
    remember(() => true);
    cache.clear();
    cacheBytes = 0;
  }

  /**
   * The latest drops (the generation each moved to, and which pages it took): a render that was under way when one
   * happened is kept only if that drop would not have taken it (a page of another subject, a page that is not a
   * search while the text worker moves the index). Beyond the ones remembered, a render under way is not kept.
   * @type {Array<{ generation: number; wrong: (entry: CachedPage) => boolean }>}
   */
  const recentDrops = [];
  /** @param {(entry: CachedPage) => boolean} wrong */
  function remember(wrong) {
    generation++;
    recentDrops.push({ generation, wrong });
    if (recentDrops.length > 64) recentDrops.shift();
  }

  /**
   * Whether a page whose render started at generation `started` missed a drop that would have taken it.
   * @param {number} started @param {CachedPage} entry
   */
  function droppedSince(started, entry) {
    if (started === generation) return false;
    const oldest = recentDrops[0];
    if (!oldest || oldest.generation > started + 1) return true;
    return recentDrops.some((drop) => drop.generation > started && drop.wrong(entry));
  }

  /**
   * Drops only the pages `wrong` picks (those that may show some subjects, when a change named them). Renders under
   * way are kept only if they are not among them (droppedSince). With `keepWhileRendered` (content moved alone), a
   * dropped page stays until it is rendered again or SSR_STALE_MAX_AGE has passed, whichever is first, and is
   * answered meanwhile only to visitors who ask while its new render is under way.
   * @param {(entry: CachedPage) => boolean} wrong @param {boolean} keepWhileRendered
   */
  function dropPages(wrong, keepWhileRendered) {
    remember(wrong);
    const staleUntil = Date.now() + staleMaxAgeMs;
    for (const [key, entry] of cache) {
      if (!wrong(entry)) continue;
      if (keepWhileRendered && staleMaxAgeMs > 0) {
        // A page dropped twice keeps its first time: it is never answered longer than that after the first change.
        if (entry.staleUntil === null) cache.set(key, { ...entry, staleUntil });
      } else {
        forget(key, entry);
      }
    }
  }

  /** @param {string} key @param {CachedPage} entry */
  function forget(key, entry) {
    cache.delete(key);
    cacheBytes -= entry.gzip.length;
  }

  /** @param {string} baseOrigin */
  async function currentRelease(baseOrigin) {
    if (Date.now() - checkedAt >= RELEASE_CHECK_MS) {
      checking ??= checkRelease(baseOrigin).finally(() => {
        checking = null;
        checkedAt = Date.now();
      });
    }
    // With a release in hand, a check runs in the background (the next request sees its outcome); the first waits.
    if (release || !checking) return release;
    return checking;
  }

  /** Reads the manifest; on a new release, loads its server bundle and stylesheets. @param {string} baseOrigin */
  async function checkRelease(baseOrigin) {
    const manifestUrl = new URL(options.manifestUrl, baseOrigin);
    try {
      const response = await fetch(manifestUrl, {
        headers: manifestEtag && release ? { 'If-None-Match': manifestEtag } : {},
        signal: AbortSignal.timeout(2000),
      });
      if (response.status !== 304 && !response.ok) throw new Error(`manifest answered ${response.status}`);
      const text = response.status === 304 && release ? release.manifest : await response.text();
      // The server bundle is asked too (HEAD): a folder redeployed under the same manifest is still a new release.
      const head = await fetch(new URL(SERVER_BUNDLE_FILE, manifestUrl), {
        method: 'HEAD',
        signal: AbortSignal.timeout(2000),
      });
      if (!head.ok) throw new Error(`server bundle answered ${head.status}`);
      const stamp = ['etag', 'last-modified', 'content-length'].map((h) => head.headers.get(h) ?? '').join('|');
      const id = createHash('sha256').update(text).update(stamp).digest('hex').slice(0, 16);
      manifestEtag = response.headers.get('etag') ?? manifestEtag;
      if (release?.id === id) return release;
      const manifest = JSON.parse(text);
      const next = { ...(await loadRelease(id, manifest, manifestUrl)), manifest: text };
      if (release) log(`new public-site release ${id}: rendered pages dropped`);
      release = next;
      clearCache();
      return release;
    } catch (error) {
      // A check that got no answer in time (a busy server) says nothing about the release: the one in hand stays,
      // with its rendered pages, and the next check asks again. An answer that the release is gone or broken drops it.
      if (release && isNoAnswer(error)) return release;
      // No (working) release: every page is rendered by the browser until one appears.
      if (release) log('the public-site release could not be read; pages are rendered by the browser', error);
      release = null;
      manifestEtag = '';
      clearCache();
      return null;
    }
  }

  /**
   * @param {string} id
   * @param {any} manifest
   * @param {URL} manifestUrl
   * @returns {Promise<Omit<Release, 'manifest'>>}
   */
  async function loadRelease(id, manifest, manifestUrl) {
    const bundleUrl = new URL(SERVER_BUNDLE_FILE, manifestUrl);
    const response = await fetch(bundleUrl, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`server bundle answered ${response.status}`);
    const code = await response.text();
    mkdirSync(bundleDir, { recursive: true, mode: 0o700 });
    const file = join(bundleDir, `render-${id}.cjs`);
    writeFileSync(file, code, { mode: 0o600 });
    /** @type {ServerBundle} */
    let bundle;
    try {
      bundle = require(file);
    } finally {
      // Loaded (or not loadable): the file has done its job.
      rmSync(file, { force: true });
    }
    if (bundle.SERVER_CONTRACT !== CONTRACT || typeof bundle.render !== 'function') {
      throw new Error(`server bundle speaks contract ${bundle.SERVER_CONTRACT}, not ${CONTRACT}`);
    }
    const app = (manifest.exposes ?? []).find((/** @type {any} */ e) => e.path === './App' || e.name === 'App');
    const files = [...(app?.assets?.css?.sync ?? []), ...(app?.assets?.css?.async ?? [])];
    const sheets = await Promise.all(
      files.map(async (/** @type {string} */ file) => {
        const sheet = await fetch(new URL(file, manifestUrl), { signal: AbortSignal.timeout(5000) });
        if (!sheet.ok) throw new Error(`stylesheet ${file} answered ${sheet.status}`);
        return (await sheet.text()).replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '');
      }),
    );
    return { id, bundle, css: indexStylesheet(sheets.join('\n').replace(/<\/style/gi, '<\\/style')) };
  }

  function shellTemplate() {
    const { mtimeMs } = statSync(options.shellIndex);
    if (!template || template.mtimeMs !== mtimeMs) {
      template = { mtimeMs, text: readFileSync(options.shellIndex, 'utf8') };
    }
    return template.text;
  }

  /**
   * @param {string} shell
   * @param {Release} current
   * @param {RenderResult} result
   * @param {string} origin
   * @param {string} path
   */
  function page(shell, current, result, origin, path) {
    const title = result.head.title ?? 'Past Paper Library';
    const description = result.head.description ?? '';
    const canonical = `${origin}${result.head.canonicalPath ?? path}`;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      result.status === 200 ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
      `<meta property="og:type" content="website">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta name="twitter:card" content="summary">`,
      // The public site's web app manifest (installable; docs/offline.md).
      `<link rel="manifest" href="/manifest.webmanifest">`,
      `<style data-ssr="public_site">${criticalCss(current.css, `${shell}${result.html}`)}</style>`,
    ].join('');
    const root =
      `<div id="root" data-ssr="public_site" data-ssr-build="${escapeHtml(result.build ?? '')}">${result.html}</div>` +
      `<script type="application/json" id="ppl-ssr-state">${scriptJson(result.state)}</script>` +
      `<script type="application/json" id="ppl-remotes">${scriptJson(options.remotes)}</script>`;
    return assemblePage(shell, head, root);
  }

  const publicOrigin = options.publicOrigin?.replace(/\/$/, '');
  /**
   * The origin pages are rendered for: PUBLIC_ORIGIN when set (the Host header then never enters a page or a cache
   * key), else the request's, or null for a malformed Host (answered 400: never rendered, cached or linked).
   * @param {import('express').Request} req
   */
  function originOf(req) {
    return publicOrigin ?? requestOrigin(req.get('host'), req.protocol);
  }

  /** @param {import('express').Response} res */
  function badHost(res) {
    res.status(400).setHeader('Cache-Control', 'no-store');
    res.type('text/plain').send('Bad request: malformed Host header');
  }

  /** @param {import('express').Request} req */
  const selfOrigin = (req) => `http://127.0.0.1:${req.socket.localPort}`;

  /**
   * @template T
   * @param {Promise<T>} promise
   * @returns {Promise<T>}
   */
  function withTimeout(promise) {
    return Promise.race([
      promise,
      new Promise((_, reject) => setTimeout(() => reject(new Error('render timed out')), RENDER_TIMEOUT_MS).unref()),
    ]);
  }

  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {{ status: number; body: Buffer | null; gzip: Buffer; etag: string }} entry
   * @param {string} state
   */
  function send(req, res, entry, state) {
    res.status(entry.status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Render', state);
    if (entry.status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.status(304).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    const body = gzip ? entry.gzip : (entry.body ?? gunzipSync(entry.gzip));
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Answers a public page with its server-rendered HTML, or passes it on (to the shell's index.html). Uncached renders
   * are bounded per visitor and overall (render-budget.mjs): over either, the browser renders the page. The render's
   * API reads carry the visitor's address, so the BFF's per-visitor budgets (search) count a rendered page like the
   * visitor's own API call; when the BFF refuses one (429), the page answers 429 with Retry-After (the shell's
   * index.html: the browser shows the page with the BFF's message), is never cached, and is answered so again
   * without rendering until the BFF takes the visitor's reads again.
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   */
  async function handle(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    // Files (a missing asset is a real 404), the API, the remotes' folders and the admin half are not pages here.
    if (/\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/backend/') || path.startsWith('/remotes/')) return next();
    if (isAdminPath(path)) return next();
    const origin = originOf(req);
    if (!origin) return badHost(res);
    const key = `${origin}${req.originalUrl}`;
    let cached = versionsLive ? cache.get(key) : undefined;
    const now = Date.now();
    if (cached && cached.staleUntil !== null && cached.staleUntil <= now) {
      forget(key, cached);
      cached = undefined;
    }
    const dropped = cached !== undefined && cached.staleUntil !== null;
    if (
      cached &&
      !dropped &&
      countsFresh(cached, counters, now, countsMaxAgeMs) &&
      indexFresh(cached, index, now, indexMaxAgeMs)
    ) {
      // Most recently used last: the cache's bytes go to the pages asked for, the least asked leave first.
      cache.delete(key);
      cache.set(key, cached);
      return send(req, res, cached, 'cache');
    }
    // Counts (or search results) too old, or content changed a moment ago: one request renders the page again (and
    // gets the new one); the others meanwhile get the cached page (a render's time older), rather than all rendering
    // it at once or all waiting for that render.
    if (cached && refreshing.has(key)) return send(req, res, cached, dropped ? 'stale' : 'cache');
    // The address the front door saw (trust proxy decides whose X-Forwarded-For counts); never anything but an IP.
    const visitor = isIP(req.ip ?? '') ? /** @type {string} */ (req.ip) : (req.socket.remoteAddress ?? 'unknown');
    const refusedFor = budget.refusedFor(visitor, path);
    if (refusedFor > 0) return refuse(res, refusedFor);
    // A page not in the cache that another request is rendering: wait for that render rather than start another
    // (a dropped page asked by many at once would otherwise be rendered by each, and none would finish in time).
    // The page they get is the one that render put in the cache; when it put none there, the browser renders it.
    const underWay = cached ? undefined : rendering.get(key);
    if (underWay) {
      const shared = await underWay;
      if (shared) return send(req, res, shared, 'cache');
      res.setHeader('X-Render', 'browser; busy');
      return next();
    }
    /** @type {(entry: CachedPage | null) => void} */
    let share = () => {};
    /** @type {Promise<CachedPage | null> | undefined} */
    let sharing;
    if (!cached) {
      sharing = new Promise((resolve) => (share = resolve));
      rendering.set(key, sharing);
    }
    const stopSharing = () => {
      share(null);
      if (sharing && rendering.get(key) === sharing) rendering.delete(key);
    };
    if (cached) refreshing.add(key);
    const slot = await budget.enter(visitor);
    if (typeof slot === 'string') {
      // No render slot: a page whose counts are old is still better than none (if its content was not dropped,
      // before or meanwhile).
      stopSharing();
      if (cached) refreshing.delete(key);
      if (cached && !dropped && cache.get(key) === cached) return send(req, res, cached, 'cache');
      res.setHeader('X-Render', `browser; ${slot}`);
      return next();
    }
    const started = generation;
    const countersAtStart = counters;
    const indexAtStart = index;
    const renderedAt = Date.now();
    try {
      const current = await currentRelease(selfOrigin(req));
      if (!current) return next();
      const shell = shellTemplate();
      const result = await withTimeout(
        current.bundle.render({
          url: req.originalUrl,
          origin,
          apiOrigin: options.apiOrigin,
          host: { host: 'shell', hostVersion: '', publicSiteUrl: '/', adminConsoleUrl: '/admin' },
          ...(isIP(visitor) ? { clientAddress: visitor } : {}),
        }),
      );
      const body = Buffer.from(page(shell, current, result, origin, path));
      /** @type {CachedPage} */
      const entry = {
        status: result.status,
        body,
        gzip: gzipSync(body, { level: 6 }),
        etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        counters: countersAtStart,
        renderedAt,
        search: path === '/search',
        index: indexAtStart,
        subjects: subjectIds(result.scope?.subjects),
        staleUntil: null,
      };
      // Kept only if nothing changed while it was rendered, and only while the BFF tells us when data changes.
      if (versionsLive && !droppedSince(started, entry) && cacheMaxBytes > 0 && [200, 404].includes(result.status)) {
        const replaced = cache.get(key);
        if (replaced) {
          cache.delete(key);
          cacheBytes -= replaced.gzip.length;
        }
        const kept = { ...entry, body: null };
        cache.set(key, kept);
        cacheBytes += kept.gzip.length;
        for (const [oldKey, old] of cache) {
          if (cacheBytes <= cacheMaxBytes) break;
          cache.delete(oldKey);
          cacheBytes -= old.gzip.length;
        }
        share(kept);
      }
      send(req, res, entry, 'render');
    } catch (error) {
      const refusal = /** @type {{ status?: unknown; retryAfterSeconds?: unknown } | null} */ (error);
      if (refusal?.status === 429) {
        const seconds = typeof refusal.retryAfterSeconds === 'number' ? refusal.retryAfterSeconds : 60;
        budget.refuse(visitor, path, seconds);
        return refuse(res, seconds);
      }
      // The BFF was too busy for a read (503 with Retry-After): expected under load, not a failure worth a log line.
      if (refusal?.status === 503) {
        res.setHeader('X-Render', 'browser; api busy');
        return next();
      }
      log(`rendering ${path} failed; the browser renders it`, error);
      next();
    } finally {
      stopSharing();
      if (cached) refreshing.delete(key);
      slot.release();
    }
  }

  /**
   * 429 for a page whose reads the BFF refused this visitor: the shell's index.html (the browser renders the page,
   * whose own read shows the BFF's message), never stored by anyone.
   * @param {import('express').Response} res
   * @param {number} seconds
   */
  function refuse(res, seconds) {
    res.status(429);
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(seconds))));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Render', 'refused');
    /** @type {string | null} */
    let shell = null;
    try {
      shell = shellTemplate();
    } catch {
      // No shell build to show: the status and Retry-After still say it.
    }
    if (shell === null) res.type('text/plain').send('Too many requests');
    else res.type('html').send(shell);
  }

  /**
   * robots.txt: everything but the admin half; where the sitemap is.
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   */
  function robots(req, res) {
    const origin = originOf(req);
    if (!origin) return badHost(res);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /login',
          'Disallow: /unauthorized',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  }

  /** @type {{ generation: number; origin: string; body: string } | null} */
  let sitemapCache = null;
  /**
   * sitemap.xml: every category and subject page, from the release's own list of its pages.
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   */
  async function sitemap(req, res, next) {
    const origin = originOf(req);
    if (!origin) return badHost(res);
    try {
      if (!(versionsLive && sitemapCache?.generation === generation && sitemapCache.origin === origin)) {
        const current = await currentRelease(selfOrigin(req));
        if (!current?.bundle.sitemapPaths) return next();
        const started = generation;
        const paths = await withTimeout(current.bundle.sitemapPaths({ apiOrigin: options.apiOrigin }));
        const urls = paths.map((p) => `<url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`).join('');
        const body = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
        sitemapCache = { generation: started, origin, body };
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/xml').send(sitemapCache.body);
    } catch (error) {
      log('the sitemap could not be built', error);
      res.status(503).setHeader('Retry-After', '30').type('text/plain').send('Sitemap temporarily unavailable');
    }
  }

  /**
   * Follows the BFF's data versions (a server-sent event stream): a change of content drops the rendered pages (only
   * those that may show its subjects when it named them); the counters and the search index drop none, their
   * pages follow them within a maximum age (countsFresh, indexFresh). While the stream is down nothing is cached
   * (every page is rendered fresh), and a reconnection starts from an empty cache.
   */
  async function followVersions() {
    if (!options.internalToken) return;
    let last = '';
    while (!closed) {
      versionsAbort = new AbortController();
      try {
        const response = await fetch(`${options.apiOrigin}/backend/api/internal/versions`, {
          headers: { 'X-Internal-Token': options.internalToken, Accept: 'text/event-stream' },
          signal: versionsAbort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`versions stream answered ${response.status}`);
        const decoder = new TextDecoder();
        let buffered = '';
        for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
          buffered += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const event = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = event
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('');
            if (!data) continue;
            /** @type {DataVersions} */
            const now = JSON.parse(data);
            const before = last ? JSON.parse(last) : null;
            const drop = pagesToDrop(before, now, versionsLive);
            const keepWhileRendered = contentOnlyMoved(before, now, versionsLive);
            if (drop === 'all' && !keepWhileRendered) {
              clearCache();
              sitemapCache = null;
            } else if (drop !== 'none') {
              dropPages(
                drop === 'all' ? () => true : (entry) => showsSubjects(entry.subjects, drop.subjects),
                keepWhileRendered,
              );
              sitemapCache = null;
            }
            last = data;
            counters = now.counters;
            index = now.index;
            // A BFF whose own cache stands aside (it cannot hear other instances' changes) says live: false.
            versionsLive = now.live !== false;
          }
        }
        throw new Error('versions stream ended');
      } catch (error) {
        if (closed) return;
        if (versionsLive) log('lost the BFF versions stream: rendering every page until it is back', error);
        versionsLive = false;
        clearCache();
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
  }
  void followVersions();

  return {
    handle,
    robots,
    sitemap,
    /** For tests and the bench: is the cache in use, and how big; renders under way. */
    stats: () => ({
      versionsLive,
      pages: cache.size,
      bytes: cacheBytes,
      release: release?.id ?? null,
      renders: budget.stats(),
    }),
    close() {
      closed = true;
      versionsAbort?.abort();
    },
  };
}
