import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SharedLimits } from '../rate-limit/shared-limits';
import { TooManyLoginAttemptsException } from './login-throttle';

/** Setup attempts (POST /auth_setup.php) one client may make per window, right or wrong. */
export const SETUP_ATTEMPTS_PER_CLIENT = 10;
export const SETUP_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_SETUP_ATTEMPTS = 'Too many setup attempts. Please try again later.';

/** Refusals remembered in this process, at most (a flood from more clients falls back to the database's count). */
const REMEMBERED_REFUSALS = 10_000;

/**
 * Counts every first-admin setup attempt per client (SharedLimits, in PostgreSQL: shared by every instance) before
 * the body is even validated, and answers 429 with Retry-After past SETUP_ATTEMPTS_PER_CLIENT per 15 minutes. The
 * one person with the link needs a few tries at most; anyone else is guessing a 256-bit token. A refusal is
 * remembered in this process until its window ends, so a client that keeps posting costs no database work at all.
 */
@Injectable()
export class SetupAttemptLimit implements CanActivate {
  /** Client → when its window ends (epoch ms), for clients already refused. */
  private readonly refusedUntil = new Map<string, number>();

  constructor(private readonly limits: SharedLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const now = Date.now();
    const until = this.refusedUntil.get(client);
    if (until !== undefined && until > now) {
      throw new TooManyLoginAttemptsException(Math.ceil((until - now) / 1000), TOO_MANY_SETUP_ATTEMPTS);
    }
    const decision = await this.limits.consume('first-admin-setup', client, SETUP_ATTEMPTS_PER_CLIENT, SETUP_WINDOW_MS);
    if (!decision.allowed) {
      this.remember(client, now + decision.retryAfterSeconds * 1000, now);
      throw new TooManyLoginAttemptsException(decision.retryAfterSeconds, TOO_MANY_SETUP_ATTEMPTS);
    }
    return true;
  }

  private remember(client: string, until: number, now: number): void {
    if (this.refusedUntil.size >= REMEMBERED_REFUSALS) {
      for (const [known, end] of this.refusedUntil) if (end <= now) this.refusedUntil.delete(known);
    }
    if (this.refusedUntil.size < REMEMBERED_REFUSALS) this.refusedUntil.set(client, until);
  }
}
