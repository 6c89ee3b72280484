import { HttpException, HttpStatus } from '@nestjs/common';

/** Failed logins allowed per client within the window before it must wait. */
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED_CLIENTS = 10_000;

interface Failures {
  count: number;
  windowEndsAt: number;
}

export class TooManyLoginAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed login attempts. Please try again later.', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Counts failed logins per client IP (req.ip: the X-Forwarded-For of the loopback gateway). Only failures count,
 * so people who type their password right are never slowed down; a success clears the count. In memory: one BFF
 * process serves the product (a shared store would be needed behind several). Provided with a factory: the
 * constructor's parameters are for tests.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly maxFailures = MAX_FAILED_LOGINS,
    private readonly windowMs = FAILED_LOGIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 while the client has used up its failures. */
  assertAllowed(client: string): void {
    const entry = this.current(client);
    if (entry && entry.count >= this.maxFailures) {
      throw new TooManyLoginAttemptsException(Math.ceil((entry.windowEndsAt - this.now()) / 1000));
    }
  }

  recordFailure(client: string): void {
    const entry = this.current(client);
    if (entry) {
      entry.count++;
      return;
    }
    if (this.failures.size >= MAX_TRACKED_CLIENTS) this.prune();
    this.failures.set(client, { count: 1, windowEndsAt: this.now() + this.windowMs });
  }

  recordSuccess(client: string): void {
    this.failures.delete(client);
  }

  private current(client: string): Failures | undefined {
    const entry = this.failures.get(client);
    if (entry && entry.windowEndsAt <= this.now()) {
      this.failures.delete(client);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    const now = this.now();
    for (const [client, entry] of this.failures) if (entry.windowEndsAt <= now) this.failures.delete(client);
    // Still full of live entries: forget the oldest rather than grow without bound.
    while (this.failures.size >= MAX_TRACKED_CLIENTS) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }
}
