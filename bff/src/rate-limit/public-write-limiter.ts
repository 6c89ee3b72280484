import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SharedLimits } from './shared-limits';

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
 * (0 turns it off). Counted in PostgreSQL (SharedLimits), so every BFF instance shares the counts; the 429 says when
 * to come back (Retry-After and the message).
 */
@Injectable()
export class PublicWriteLimiter {
  constructor(
    private readonly limits: SharedLimits,
    private readonly config: AppConfig,
  ) {}

  /**
   * Counts one write of `action` by `client`, or throws 429 when its window is used up. `limit` (default
   * PUBLIC_WRITE_LIMIT) lets another public action (the session zips) have its own allowance.
   */
  async consume(action: string, client: string, limit = this.config.publicWriteLimit): Promise<void> {
    if (limit <= 0) return;
    const decision = await this.limits.consume(action, client, limit, PUBLIC_WRITE_WINDOW_MS);
    if (!decision.allowed) throw new TooManyWritesException(decision.retryAfterSeconds);
  }
}
