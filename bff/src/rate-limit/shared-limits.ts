import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Windows older than this are certainly over, whatever their length (the longest is 30 minutes). */
const FORGET_AFTER = '1 hour';
/** How often, at most, one instance deletes finished windows. */
export const SWEEP_EVERY_MS = 60_000;

export interface LimitDecision {
  allowed: boolean;
  /** When the client's window ends (for Retry-After), in whole seconds, at least 1. */
  retryAfterSeconds: number;
  /** The same in milliseconds, not rounded. */
  retryAfterMs: number;
}

/**
 * Fixed-window counts per action and client, in PostgreSQL (the `rate_limits` table), so that every BFF instance
 * shares them: the contact form, session zips, searches, viewer views. One statement per call (an upsert
 * that starts a new window when the old one is over); windows over for an hour are deleted at most once a minute per
 * instance, after a call that started a new window, without holding that call up (a viewer's view starts a new
 * window on nearly every call, and each used to wait for a delete of its own).
 */
@Injectable()
export class SharedLimits {
  private readonly logger = new Logger('RateLimits');
  private lastSweep = 0;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts one use of `action` by `client` in a window of `windowMs`; allowed while the count is at most `limit`. */
  async consume(action: string, client: string, limit: number, windowMs: number): Promise<LimitDecision> {
    const key = createHash('sha256').update(`${action}:${client}`).digest('hex');
    const window = `${Math.max(1, Math.round(windowMs))} milliseconds`;
    const rows: Array<{ count: number; retry_ms: number }> = await this.db.query(
      `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, clock_timestamp(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_start <= clock_timestamp() - $2::interval THEN 1 ELSE r.count + 1 END,
         window_start = CASE WHEN r.window_start <= clock_timestamp() - $2::interval THEN clock_timestamp() ELSE r.window_start END
       RETURNING count, (extract(epoch FROM (window_start + $2::interval - clock_timestamp())) * 1000)::float8 AS retry_ms`,
      [key, window],
    );
    const row = rows[0]!;
    if (row.count === 1) this.forgetFinishedWindows();
    return {
      allowed: row.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil(row.retry_ms / 1000)),
      retryAfterMs: Math.max(0, row.retry_ms),
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
