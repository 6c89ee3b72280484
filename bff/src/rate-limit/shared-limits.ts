import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Windows older than this are certainly over, whatever their length (the longest is 30 minutes). */
const FORGET_AFTER = '1 hour';
/** How often, at most, one instance deletes finished windows. */
export const SWEEP_EVERY_MS = 60_000;

/** One count of `consumeInTurn`: `action` is allowed `limit` times per `windowMs`. */
export interface LimitStep {
  action: string;
  limit: number;
  windowMs: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** When the client's window ends (for Retry-After), in whole seconds, at least 1. */
  retryAfterSeconds: number;
  /** The same in milliseconds, not rounded. */
  retryAfterMs: number;
}

/**
 * Fixed-window counts per action and client, in PostgreSQL (the `rate_limits` table), so that every BFF instance
 * shares them: the contact form, session zips, searches, viewer views. One statement per call (an upsert that
 * starts a new window when the old one is over; several counts in turn are still one statement); windows over for an
 * hour are deleted at most once a minute per instance, after a call that started a new window, without holding that
 * call up (a viewer's view starts a new window on nearly every call, and each used to wait for a delete of its own).
 */
@Injectable()
export class SharedLimits {
  private readonly logger = new Logger('RateLimits');
  private lastSweep = 0;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts one use of `action` by `client` in a window of `windowMs`; allowed while the count is at most `limit`. */
  async consume(action: string, client: string, limit: number, windowMs: number): Promise<LimitDecision> {
    return this.consumeInTurn(client, [{ action, limit, windowMs }]);
  }

  /**
   * Counts `client`'s use of each step in turn, in one statement: a step is counted only when every step before it
   * allowed (a view refused as already counted spends nothing of the client's budget). The answer is the first
   * refusing step's decision, or the last step's. The steps' actions must differ (one statement sees one snapshot).
   */
  async consumeInTurn(client: string, steps: readonly LimitStep[]): Promise<LimitDecision> {
    if (steps.length === 0 || new Set(steps.map((step) => step.action)).size !== steps.length) {
      throw new Error('consumeInTurn needs one or more steps with different actions');
    }
    const params: Array<string | number> = [];
    const param = (value: string | number) => `$${params.push(value)}`;
    const ctes = steps.map((step, i) => {
      const key = param(createHash('sha256').update(`${step.action}:${client}`).digest('hex'));
      const window = `${param(`${Math.max(1, Math.round(step.windowMs))} milliseconds`)}::interval`;
      const source =
        i === 0
          ? `VALUES (${key}, clock_timestamp(), 1)`
          : `SELECT ${key}, clock_timestamp(), 1 FROM s${i - 1} WHERE allowed`;
      return `s${i} AS (
        INSERT INTO rate_limits AS r (key, window_start, count) ${source}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.window_start <= clock_timestamp() - ${window} THEN 1 ELSE r.count + 1 END,
          window_start = CASE WHEN r.window_start <= clock_timestamp() - ${window} THEN clock_timestamp() ELSE r.window_start END
        RETURNING ${i} AS step, count, count <= ${param(step.limit)} AS allowed,
          (extract(epoch FROM (window_start + ${window} - clock_timestamp())) * 1000)::float8 AS retry_ms)`;
    });
    const rows: Array<{ step: number; count: number; allowed: boolean; retry_ms: number }> = await this.db.query(
      `WITH ${ctes.join(',\n')}
       ${steps.map((_, i) => `SELECT step, count, allowed, retry_ms FROM s${i}`).join(' UNION ALL ')}`,
      params,
    );
    rows.sort((a, b) => a.step - b.step);
    if (rows.some((row) => row.count === 1)) this.forgetFinishedWindows();
    const decisive = rows.find((row) => !row.allowed) ?? rows[rows.length - 1]!;
    return {
      allowed: decisive.allowed,
      retryAfterSeconds: Math.max(1, Math.ceil(decisive.retry_ms / 1000)),
      retryAfterMs: Math.max(0, decisive.retry_ms),
    };
  }

  private forgetFinishedWindows(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.db
      .query(`DELETE FROM rate_limits WHERE window_start <= clock_timestamp() - $1::interval`, [FORGET_AFTER])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not forget finished rate-limit windows'));
  }
}
