// @ts-check
// How much server rendering the shell's server does for one visitor and for all of them together: a
// render costs this process's CPU, so a visitor over its minute or its share of renders at once, or a request that
// finds every render slot taken and the short queue full (or waits too long in it), gets the shell's index.html and
// the browser renders the page (the same page, a moment later: never an error). Pages whose reads the BFF refused
// for the visitor (429: its search budget, shared with the API) are remembered until the BFF's Retry-After and
// answered 429 without rendering again. In memory, per process.

/** Visitors remembered at most (the oldest windows are forgotten first). */
const MAX_VISITORS = 50_000;
const WINDOW_MS = 60_000;

/**
 * @typedef {object} RenderBudgetLimits
 * @property {number} perVisitorPerMinute uncached renders one visitor may cause per minute (0: no per-visitor limit)
 * @property {number} perVisitorAtOnce renders one visitor may have under way or waiting at once
 * @property {number} concurrency renders at once in this process
 * @property {number} queueLength renders that may wait for a free slot
 * @property {number} queueWaitMs how long one may wait before the browser renders the page instead
 */

/** Defaults of RENDER_RATE_LIMIT, RENDER_VISITOR_CONCURRENCY, RENDER_CONCURRENCY, RENDER_QUEUE, RENDER_QUEUE_WAIT_MS. */
export const DEFAULT_RENDER_LIMITS = /** @type {RenderBudgetLimits} */ ({
  perVisitorPerMinute: 300,
  perVisitorAtOnce: 2,
  concurrency: 4,
  queueLength: 32,
  queueWaitMs: 1000,
});

/**
 * The limits from the environment, each a whole number; a bad value stops the start with a clear message.
 * @param {NodeJS.ProcessEnv} env
 * @returns {RenderBudgetLimits}
 */
export function renderLimitsFrom(env) {
  /** @param {string} name @param {number} fallback @param {number} min @param {number} max */
  const whole = (name, fallback, min, max) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max)
      throw new Error(`${name} must be a whole number between ${min} and ${max}`);
    return value;
  };
  const d = DEFAULT_RENDER_LIMITS;
  return {
    perVisitorPerMinute: whole('RENDER_RATE_LIMIT', d.perVisitorPerMinute, 0, 100_000),
    perVisitorAtOnce: whole('RENDER_VISITOR_CONCURRENCY', d.perVisitorAtOnce, 1, 1000),
    concurrency: whole('RENDER_CONCURRENCY', d.concurrency, 1, 1000),
    queueLength: whole('RENDER_QUEUE', d.queueLength, 0, 10_000),
    queueWaitMs: whole('RENDER_QUEUE_WAIT_MS', d.queueWaitMs, 1, 60_000),
  };
}

/** @typedef {{ release: () => void }} RenderSlot */
/** @typedef {'visitor minute' | 'visitor at once' | 'busy'} NoSlot */

/**
 * @param {RenderBudgetLimits} limits
 * @param {() => number} [now]
 */
export function createRenderBudget(limits, now = Date.now) {
  /** @type {Map<string, { start: number; count: number }>} visitor → its current minute, oldest first */
  const windows = new Map();
  /** @type {Map<string, number>} visitor → renders under way or waiting */
  const atOnce = new Map();
  /** @type {Map<string, number>} visitor and path → refused until (ms) */
  const refused = new Map();
  /** @type {Array<() => void>} */
  const waiting = [];
  let active = 0;

  /** @param {Map<string, unknown>} map */
  const trim = (map) => {
    for (const key of map.keys()) {
      if (map.size <= MAX_VISITORS) return;
      map.delete(key);
    }
  };

  /** Counts one render against the visitor's minute, or says it is used up. @param {string} visitor */
  const countInMinute = (visitor) => {
    if (limits.perVisitorPerMinute <= 0) return true;
    const at = now();
    let window = windows.get(visitor);
    if (!window || at - window.start >= WINDOW_MS) {
      window = { start: at, count: 0 };
      windows.delete(visitor);
      windows.set(visitor, window);
      trim(windows);
    }
    if (window.count >= limits.perVisitorPerMinute) return false;
    window.count++;
    return true;
  };

  /** @param {string} visitor */
  const leaveVisitor = (visitor) => {
    const left = (atOnce.get(visitor) ?? 1) - 1;
    if (left <= 0) atOnce.delete(visitor);
    else atOnce.set(visitor, left);
  };

  /** The slot of a render that started; the next waiting render takes it over when it is released. */
  const slot = (/** @type {string} */ visitor) => {
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        leaveVisitor(visitor);
        const next = waiting.shift();
        if (next) next();
        else active--;
      },
    };
  };

  return {
    /**
     * A render slot for `visitor` (release it when the render ends), or why there is none: the visitor used up its
     * minute or its renders at once, or every slot stayed taken; the page is then rendered by the browser.
     * @param {string} visitor
     * @returns {Promise<RenderSlot | NoSlot>}
     */
    async enter(visitor) {
      const mine = atOnce.get(visitor) ?? 0;
      if (mine >= limits.perVisitorAtOnce) return 'visitor at once';
      if (active >= limits.concurrency && waiting.length >= limits.queueLength) return 'busy';
      if (!countInMinute(visitor)) return 'visitor minute';
      atOnce.set(visitor, mine + 1);
      if (active < limits.concurrency) {
        active++;
        return slot(visitor);
      }
      return new Promise((resolve) => {
        const admit = () => {
          clearTimeout(timer);
          resolve(slot(visitor));
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(admit);
          if (index >= 0) waiting.splice(index, 1);
          leaveVisitor(visitor);
          resolve('busy');
        }, limits.queueWaitMs);
        waiting.push(admit);
      });
    },

    /**
     * Seconds until the BFF takes this visitor's reads for this page again, or 0.
     * @param {string} visitor @param {string} path
     */
    refusedFor(visitor, path) {
      const key = `${visitor} ${path}`;
      const until = refused.get(key);
      if (until === undefined) return 0;
      const left = until - now();
      if (left > 0) return Math.ceil(left / 1000);
      refused.delete(key);
      return 0;
    },

    /**
     * The BFF refused this visitor's reads for this page for `seconds`.
     * @param {string} visitor @param {string} path @param {number} seconds
     */
    refuse(visitor, path, seconds) {
      const key = `${visitor} ${path}`;
      refused.delete(key);
      refused.set(key, now() + Math.max(1, seconds) * 1000);
      trim(refused);
    },

    /** Renders under way and waiting (for tests and the bench). */
    stats: () => ({ active, waiting: waiting.length, visitors: windows.size, refused: refused.size }),
  };
}
