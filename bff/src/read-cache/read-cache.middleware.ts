import type { NextFunction, Request, Response } from 'express';
import type { ReadCache } from './read-cache';

const API = '/backend/api';

/** The public reads that may be cached, whether their answers carry download counts or the documents' text. */
const CACHEABLE: Record<string, { includesCounters: boolean; includesIndex?: boolean }> = {
  [`${API}/settings.php`]: { includesCounters: false },
  [`${API}/subjects.php`]: { includesCounters: true }, // ?id= embeds the variants' download counts
  [`${API}/past_papers.php`]: { includesCounters: true },
  [`${API}/faqs.php`]: { includesCounters: false },
  [`${API}/faqs`]: { includesCounters: false },
  [`${API}/dashboard_stats.php`]: { includesCounters: true },
  [`${API}/search`]: { includesCounters: false, includesIndex: true },
  [`${API}/coverage`]: { includesCounters: false },
  [`${API}/pages/subject`]: { includesCounters: true }, // the subject's papers carry download counts
};
/**
 * Public reads whose path carries an id, cached by pattern (the key is still the exact path and query): grade
 * thresholds, and a paper's questions. The questions come from the background reading: they go stale with the documents' text (`includesIndex`, moved again
 * once a reading's question detection is stored) and with any write (an admin's edit of the questions).
 */
const CACHEABLE_PATTERNS: Array<{ path: RegExp; rule: { includesCounters: boolean; includesIndex?: boolean } }> = [
  { path: /^\/backend\/api\/papers\/[1-9]\d{0,8}\/questions$/, rule: { includesCounters: false, includesIndex: true } },
  { path: /^\/backend\/api\/papers\/[1-9]\d{0,8}\/grade-thresholds$/, rule: { includesCounters: false } },
  { path: /^\/backend\/api\/subjects\/[1-9]\d{0,8}\/grade-thresholds$/, rule: { includesCounters: false } },
];

/** The caching rule of a (lower-cased) path: an exact path first, then a pattern. */
export function cacheRuleOf(path: string): { includesCounters: boolean; includesIndex?: boolean } | undefined {
  return CACHEABLE[path] ?? CACHEABLE_PATTERNS.find((pattern) => pattern.path.test(path))?.rule;
}

/** Writes that change nothing a cached read shows (a counted viewer view says so itself: countersChanged). */
const WRITES_WITHOUT_EFFECT = new Set([
  `${API}/inquiries.php`,
  `${API}/auth_login.php`,
  `${API}/auth_logout.php`,
  `${API}/document_views.php`,
]);
const DOWNLOAD_KEYS = ['download_id', 'download_variant_id'];
/** A staged import changes nothing public until it commits (hundreds of uploads per import). */
const writesWithoutEffect = (path: string) =>
  WRITES_WITHOUT_EFFECT.has(path) || (path.startsWith(`${API}/imports`) && !path.endsWith('/commit'));

/** Whether a request may change what a cached read shows (routes match without regard to letter case). */
export const isWriteWithEffect = (req: Request): boolean =>
  req.method !== 'GET' &&
  req.method !== 'HEAD' &&
  req.method !== 'OPTIONS' &&
  !writesWithoutEffect(req.path.toLowerCase());

/** Set by ContentChangeInterceptor once a write's change was announced before its answer. */
export const CHANGE_ANNOUNCED = 'pplChangeAnnounced';

const hasCredential = (req: Request) =>
  req.headers.authorization !== undefined || /(?:^|;\s*)auth_token=/.test(req.headers.cookie ?? '');

/** The cache key: the path and its query sorted, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
function keyOf(req: Request): string {
  const url = new URL(req.originalUrl, 'http://bff');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

function sendCached(req: Request, res: Response, entry: { etag: string; body: Buffer; gzip?: Buffer }): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', entry.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('X-Cache', 'HIT');
  if (req.headers['if-none-match'] === entry.etag) {
    res.status(304).end();
    return;
  }
  const gzip = entry.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? entry.gzip : undefined;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const body = gzip ?? entry.body;
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves anonymous public reads from the ReadCache and fills it; marks the cache stale after every successful write
 * (on `finish`, i.e. after the write's transaction committed). Signed-in requests are never cached: an admin may see
 * more than the public does. Identical misses arriving together wait for the first one instead of each building the
 * same answer (a cold cache under load would otherwise compute it once per connection).
 */
export function readCacheMiddleware(cache: ReadCache) {
  const inFlight = new Map<string, Promise<void>>();
  return (req: Request, res: Response, next: NextFunction): void => {
    // Routes match without regard to letter case (Express), so the rules here do too: `/Subjects.PHP` is a write
    // like any other.
    const path = req.path.toLowerCase();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Normally announced before the answer (ContentChangeInterceptor); any write that did not pass through it
      // (an answer written by the handler itself) still marks the cache stale once it succeeded.
      if (isWriteWithEffect(req)) {
        res.on('finish', () => {
          if (res.statusCode < 400 && res.locals[CHANGE_ANNOUNCED] !== true) cache.contentChanged();
        });
      }
      return next();
    }
    const rule = cacheRuleOf(path);
    if (!cache.enabled || !rule || hasCredential(req) || DOWNLOAD_KEYS.some((k) => k in req.query)) return next();

    const key = keyOf(req);
    const client = req.ip;
    const hit = cache.get(key, client);
    if (hit) return sendCached(req, res, hit);

    const pending = inFlight.get(key);
    if (pending) {
      void pending.then(() => {
        const filled = cache.get(key, client);
        if (filled) sendCached(req, res, filled);
        else next();
      });
      return;
    }
    let settle!: () => void;
    const computing = new Promise<void>((resolve) => (settle = resolve));
    inFlight.set(key, computing);
    const done = () => {
      if (inFlight.get(key) === computing) inFlight.delete(key);
      settle();
    };
    res.once('finish', done);
    res.once('close', done);

    const seen = cache.versions();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      const text = Buffer.from(JSON.stringify(body));
      const etag = cache.store(key, text, seen, rule.includesCounters, rule.includesIndex === true);
      if (etag) res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Cache', 'MISS');
      if (etag && req.headers['if-none-match'] === etag) return res.status(304).end();
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      return res.send(text);
    };
    next();
  };
}
