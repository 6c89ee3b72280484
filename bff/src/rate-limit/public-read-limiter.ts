import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { SharedLimits } from './shared-limits';

export const TOO_MANY_SEARCHES = 'Too many searches in a short time. Please wait a moment and try again.';

export class TooManyReadsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = TOO_MANY_SEARCHES,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

const WINDOW_MS = 60_000;

/**
 * Costly public reads (search) per client and minute (SEARCH_RATE_LIMIT), counted in PostgreSQL (SharedLimits) so
 * that several BFF instances share the count (issue 17). Answers served from the read cache never get here: only
 * reads that run the search's SQL cost one more statement. The product's own servers are not counted: a request
 * from a trusted proxy address that carries no X-Forwarded-For (the shell's server rendering a search page) is not a
 * visitor; a visitor's request through the gateway always carries one, and the trusted proxy's address is what
 * `req.ip` skips.
 */
@Injectable()
export class PublicReadLimiter {
  private readonly perMinute: number;

  constructor(
    private readonly limits: SharedLimits,
    config: AppConfig,
  ) {
    this.perMinute = config.search.rateLimitPerMinute;
  }

  /** Counts one read by this request's client, or throws 429 with Retry-After when its minute is used up. */
  async consume(req: Request): Promise<void> {
    if (this.perMinute <= 0 || isOwnServer(req)) return;
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const decision = await this.limits.consume('search', client, this.perMinute, WINDOW_MS);
    if (!decision.allowed) throw new TooManyReadsException(decision.retryAfterSeconds);
  }
}

/** A request of the product's own server: from a trusted proxy address, without a visitor's X-Forwarded-For. */
export function isOwnServer(req: Request): boolean {
  if (req.headers['x-forwarded-for'] !== undefined) return false;
  const trusted = req.app?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const address = req.socket.remoteAddress;
  return typeof trusted === 'function' && address !== undefined && trusted(address, 0);
}
