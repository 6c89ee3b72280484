import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Failures an account may have (from anywhere) within the window before each further attempt must wait. */
export const ACCOUNT_FREE_FAILURES = 10;
/** Failures one client may have (over any accounts) within the window before each further attempt must wait. */
export const CLIENT_FREE_FAILURES = 20;
/** Failures older than this (with no back-off running) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first wait; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 15 * 60 * 1000;

export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';

export class TooManyLoginAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY_LOGINS, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** How long a key must wait after its `failures`-th failure. */
export function backoffMs(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(30, failures - freeFailures));
}

/** A counted attempt: settle it with succeeded() once the password was verified. */
export interface LoginReservation {
  succeeded(): Promise<void>;
}

interface Row {
  key: string;
  failures: number;
  blocked_until: Date;
  updated_at: Date;
  now: Date;
}

const keyOf = (kind: 'account' | 'client', value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

/**
 * The sign-in throttle, in PostgreSQL so that every BFF instance sees the same counts. Each attempt is counted as a
 * failure *before* the password is checked (a reservation, under a row lock), so parallel guesses cannot slip past
 * the count; a verified success gives its reservation back. Counted per account (every client together) and per
 * client (every account together). After the free failures each further one doubles the wait (1 s, 2 s, 4 s … up
 * to 15 minutes) instead of one hard block; an attempt during a wait is refused with 429 and counts nothing. A
 * success clears its own account's count only: another account's success resets nothing.
 */
@Injectable()
export class LoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts the attempt, or throws 429 when the account or the client must still wait. */
  async reserve(email: string, client: string): Promise<LoginReservation> {
    const account = keyOf('account', email.trim().toLowerCase());
    const clientKey = keyOf('client', client);
    const limits = new Map([
      [account, ACCOUNT_FREE_FAILURES],
      [clientKey, CLIENT_FREE_FAILURES],
    ]);
    await this.db.transaction(async (tx) => {
      const rows = await this.lock(tx, [...limits.keys()]);
      const waitMs = Math.max(...rows.map((r) => r.blocked_until.getTime() - r.now.getTime()));
      if (waitMs > 0) throw new TooManyLoginAttemptsException(Math.ceil(waitMs / 1000));
      for (const row of rows) {
        const stale = row.now.getTime() - row.updated_at.getTime() > FAILURE_WINDOW_MS;
        const failures = (stale ? 0 : row.failures) + 1;
        const wait = backoffMs(failures, limits.get(row.key)!);
        await tx.query(`UPDATE login_attempts SET failures = $2, blocked_until = $3, updated_at = $4 WHERE key = $1`, [
          row.key,
          failures,
          new Date(row.now.getTime() + wait),
          row.now,
        ]);
      }
      // Forget what has expired (never a live entry): the table holds only current counts.
      await tx.query(`DELETE FROM login_attempts WHERE updated_at < $1 AND blocked_until < $2`, [
        new Date(rows[0]!.now.getTime() - FAILURE_WINDOW_MS),
        rows[0]!.now,
      ]);
    });
    return {
      succeeded: async () => {
        await this.db.transaction(async (tx) => {
          await tx.query('DELETE FROM login_attempts WHERE key = $1', [account]);
          await tx.query('UPDATE login_attempts SET failures = greatest(failures - 1, 0) WHERE key = $1', [clientKey]);
        });
      },
    };
  }

  /** Creates missing rows and locks both, in key order (two sign-ins never wait on each other in a cycle). */
  private async lock(tx: EntityManager, keys: string[]): Promise<Row[]> {
    const sorted = [...keys].sort();
    await tx.query(
      `INSERT INTO login_attempts (key, failures, blocked_until, updated_at)
       SELECT k, 0, clock_timestamp(), clock_timestamp() FROM unnest($1::varchar[]) AS k ORDER BY k ON CONFLICT (key) DO NOTHING`,
      [sorted],
    );
    return tx.query(
      `SELECT key, failures, blocked_until, updated_at, clock_timestamp() AS now FROM login_attempts
        WHERE key = ANY($1::varchar[]) ORDER BY key FOR UPDATE`,
      [sorted],
    );
  }
}
