import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The window public writes are counted in. */
export const PUBLIC_WRITE_WINDOW_MS = 10 * 60 * 1000;

export const tooManyWritesMessage = (minutes: number) =>
  `You have sent too many messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export class TooManyWritesException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyWritesMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))), HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Anonymous writes (the contact form) are limited per client: PUBLIC_WRITE_LIMIT per 10 minutes and action
 * (0 turns it off). Counted in PostgreSQL, so every BFF instance shares the counts; the 429 says when to come back
 * (Retry-After and the message). Expired windows are deleted as new ones start.
 */
@Injectable()
export class PublicWriteLimiter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * Counts one write of `action` by `client`, or throws 429 when its window is used up. `limit` (default
   * PUBLIC_WRITE_LIMIT) lets another public action (the session zips) have its own allowance.
   */
  async consume(action: string, client: string, limit = this.config.publicWriteLimit): Promise<void> {
    if (limit <= 0) return;
    const key = createHash('sha256').update(`${action}:${client}`).digest('hex');
    const window = `${PUBLIC_WRITE_WINDOW_MS} milliseconds`;
    const rows: Array<{ count: number; retry_ms: number }> = await this.db.query(
      `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, clock_timestamp(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_start <= clock_timestamp() - $2::interval THEN 1 ELSE r.count + 1 END,
         window_start = CASE WHEN r.window_start <= clock_timestamp() - $2::interval THEN clock_timestamp() ELSE r.window_start END
       RETURNING count, (extract(epoch FROM (window_start + $2::interval - clock_timestamp())) * 1000)::float8 AS retry_ms`,
      [key, window],
    );
    const row = rows[0]!;
    if (row.count === 1) {
      await this.db.query(`DELETE FROM rate_limits WHERE window_start <= clock_timestamp() - $1::interval`, [window]);
    }
    if (row.count > limit) throw new TooManyWritesException(Math.max(1, Math.ceil(row.retry_ms / 1000)));
  }
}
