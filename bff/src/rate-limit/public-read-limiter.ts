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
/** Clients remembered as refused at most (the oldest are forgotten first: they are then counted in PostgreSQL again). */
const MAX_REFUSED_CLIENTS = 10_000;

/**
 * Costly public reads (search) per client and minute (SEARCH_RATE_LIMIT), counted in PostgreSQL (SharedLimits) so
 * that several BFF instances share the count. Answers served from the read cache never get here: only
 * reads that run the search's SQL cost one more statement. The client is the visitor whichever way the search
 * arrives: its own request through the front door, or the server-rendered /search page, whose renderer forwards the
 * visitor's address (X-Forwarded-For from a trusted proxy address) so that page and API share one budget.
 * A request from a trusted proxy address that carries no X-Forwarded-For is the product's own server (a renderer
 * that forwards no address, such as an older release): not a visitor, not counted.
 *
 * Once a client is refused, this process refuses it from memory until its window ends (the shared window cannot
 * end sooner), so a flood of refused searches costs no database statement at all.
 */
@Injectable()
export class PublicReadLimiter {
  private readonly perMinute: number;
  /** Client → when its refused window ends (ms since the epoch). Oldest first. */
  private readonly refusedUntil = new Map<string, number>();

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
    const until = this.refusedUntil.get(client);
    if (until !== undefined) {
      const left = until - Date.now();
      if (left > 0) throw new TooManyReadsException(Math.max(1, Math.ceil(left / 1000)));
      this.refusedUntil.delete(client);
    }
    const decision = await this.limits.consume('search', client, this.perMinute, WINDOW_MS);
    if (!decision.allowed) {
      this.remember(client, Date.now() + decision.retryAfterMs);
      throw new TooManyReadsException(decision.retryAfterSeconds);
    }
  }

  private remember(client: string, until: number): void {
    this.refusedUntil.delete(client);
    this.refusedUntil.set(client, until);
    if (this.refusedUntil.size <= MAX_REFUSED_CLIENTS) return;
    const now = Date.now();
    for (const [oldClient, oldUntil] of this.refusedUntil) {
      if (this.refusedUntil.size <= MAX_REFUSED_CLIENTS && oldUntil > now) break;
      this.refusedUntil.delete(oldClient);
    }
  }
}

/** A request of the product's own server: from a trusted proxy address, without a visitor's X-Forwarded-For. */
export function isOwnServer(req: Request): boolean {
  if (req.headers['x-forwarded-for'] !== undefined) return false;
  const trusted = req.app?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const address = req.socket.remoteAddress;
  return typeof trusted === 'function' && address !== undefined && trusted(address, 0);
}
