import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';

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
 * Costly public reads (search) per client and minute, counted in this process's memory: a read must not cost a
 * database write, so unlike the contact form's limit (PostgreSQL, shared) each BFF instance counts on its own.
 * The product's own servers are not counted: a request from a trusted proxy address that carries no
 * X-Forwarded-For (the shell's server rendering a search page) is not a visitor; a visitor's request through the
 * gateway always carries one, and the trusted proxy's address is what `req.ip` skips.
 */
export class PublicReadLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one read by this request's client, or throws 429 with Retry-After when its minute is used up. */
  consume(req: Request): void {
    if (this.perMinute <= 0 || this.isOwnServer(req)) return;
    const key = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count > this.perMinute) {
      throw new TooManyReadsException(Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)));
    }
  }

  private isOwnServer(req: Request): boolean {
    if (req.headers['x-forwarded-for'] !== undefined) return false;
    const trusted = req.app?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
    const address = req.socket.remoteAddress;
    return typeof trusted === 'function' && address !== undefined && trusted(address, 0);
  }

  /** Forgets finished windows, at most once a minute (memory stays bounded by the clients of the last minute). */
  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}
