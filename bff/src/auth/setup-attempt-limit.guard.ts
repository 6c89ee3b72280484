import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SharedLimits } from '../rate-limit/shared-limits';
import { TooManyLoginAttemptsException } from './login-throttle';

/** Setup attempts (POST /auth_setup.php) one client may make per window, right or wrong. */
export const SETUP_ATTEMPTS_PER_CLIENT = 10;
export const SETUP_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_SETUP_ATTEMPTS = 'Too many setup attempts. Please try again later.';

/**
 * Counts every first-admin setup attempt per client (SharedLimits, in PostgreSQL: shared by every instance) before
 * the body is even validated, and answers 429 with Retry-After past SETUP_ATTEMPTS_PER_CLIENT per 15 minutes. The
 * one person with the link needs a few tries at most; anyone else is guessing a 256-bit token.
 */
@Injectable()
export class SetupAttemptLimit implements CanActivate {
  constructor(private readonly limits: SharedLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const decision = await this.limits.consume('first-admin-setup', client, SETUP_ATTEMPTS_PER_CLIENT, SETUP_WINDOW_MS);
    if (!decision.allowed) throw new TooManyLoginAttemptsException(decision.retryAfterSeconds, TOO_MANY_SETUP_ATTEMPTS);
    return true;
  }
}
