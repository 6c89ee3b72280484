// @ts-check
// How much server rendering the shell's server does for one visitor and for all of them together (issue 23): a
// render costs this process's CPU, so a visitor over its minute, or a request while every render slot is taken, gets
// the shell's index.html and the browser renders the page (the same page, a moment later: never an error). Pages
// whose reads the BFF refused for the visitor (429: its search budget, shared with the API) are remembered until the
// BFF's Retry-After, and answered 429 without rendering again. In memory, per process.

/** Visitors remembered at most (the oldest windows are forgotten first). */
const MAX_VISITORS = 50_000;
const WINDOW_MS = 60_000;

/**
 * @typedef {object} RenderBudgetLimits
 * @property {number} perVisitorPerMinute uncached renders one visitor may cause per minute (0: no per-visitor limit)
 * @property {number} concurrency renders at once in this process (0: no limit)
 */

/** Defaults of RENDER_RATE_LIMIT and RENDER_CONCURRENCY. */
export const DEFAULT_RENDER_LIMITS = /** @type {RenderBudgetLimits} */ ({ perVisitorPerMinute: 300, concurrency: 4 });

/**
 * The limits from the environment (RENDER_RATE_LIMIT, RENDER_CONCURRENCY), each a whole number; a bad value stops
 * the start with a clear message.
 * @param {NodeJS.ProcessEnv} env
 * @returns {RenderBudgetLimits}
 */
export function renderLimitsFrom(env) {
  /** @param {string} name @param {number} fallback @param {number} max */
  const whole = (name, fallback, max) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value > max) throw new Error(`${name} must be a whole number between 0 and ${max}`);
    return value;
  };
  return {
    perVisitorPerMinute: whole('RENDER_RATE_LIMIT', DEFAULT_RENDER_LIMITS.perVisitorPerMinute, 100_000),
    concurrency: whole('RENDER_CONCURRENCY', DEFAULT_RENDER_LIMITS.concurrency, 1000),
  };
}

/**
 * @param {RenderBudgetLimits} limits
 * @param {() => number} [now]
 */
export function createRenderBudget(limits, now = Date.now) {
  /** @type {Map<string, { start: number; count: number }>} visitor → its current minute, oldest first */
  const windows = new Map();
  /** @type {Map<string, number>} visitor and path → refused until (ms) */
  const refused = new Map();
  let active = 0;

  /** @param {Map<string, unknown>} map */
  const trim = (map) => {
    for (const key of map.keys()) {
      if (map.size <= MAX_VISITORS) return;
      map.delete(key);
    }
  };

  return {
    /**
     * A render slot for `visitor` (release it when the render ends), or why there is none: the visitor used up its
     * minute ('visitor') or every slot is taken ('busy'); the page is then rendered by the browser.
     * @param {string} visitor
     * @returns {{ release: () => void } | 'visitor' | 'busy'}
     */
    take(visitor) {
      if (limits.concurrency > 0 && active >= limits.concurrency) return 'busy';
      if (limits.perVisitorPerMinute > 0) {
        const at = now();
        let window = windows.get(visitor);
        if (!window || at - window.start >= WINDOW_MS) {
          window = { start: at, count: 0 };
          windows.delete(visitor);
          windows.set(visitor, window);
          trim(windows);
        }
        if (window.count >= limits.perVisitorPerMinute) return 'visitor';
        window.count++;
      }
      active++;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          active--;
        },
      };
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

    /** Renders under way (for tests and the bench). */
    stats: () => ({ active, visitors: windows.size, refused: refused.size }),
  };
}
