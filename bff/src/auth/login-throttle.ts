import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Failures one client may have on one account within the window before each further attempt there must wait. */
export const PAIR_FREE_FAILURES = 5;
/** Failures one client may have over every account within the window before each further attempt must wait. */
export const CLIENT_FREE_FAILURES = 20;
/** Different clients that may start failing on one account within the window before unknown clients must wait. */
export const ACCOUNT_FREE_CLIENTS = 10;
/** Wrong current passwords (changing one's own password) an account may have before each further one must wait. */
export const CURRENT_PASSWORD_FREE_FAILURES = 5;
/** Failures older than this (with no back-off running) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first wait; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** How long an address that signed in to an account stays known to it (not held back by the account's wait). */
export const KNOWN_CLIENT_DAYS = 30;

export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';
export const TOO_MANY_PASSWORD_CHECKS = 'Too many wrong current passwords. Please try again later.';

export class TooManyLoginAttemptsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = TOO_MANY_LOGINS,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
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

/** A failure counted on a key before the password was checked, and the wait it started. */
interface Counted {
  key: string;
  failures: number;
  until: Date;
  previousUntil: Date;
}

interface Row {
  key: string;
  failures: number;
  blocked_until: Date;
  updated_at: Date;
  now: Date;
}

const keyOf = (kind: 'pair' | 'account' | 'client' | 'known' | 'current-password', value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

/**
 * The sign-in throttle, in PostgreSQL so that every BFF instance sees the same counts. Each attempt is counted as a
 * failure *before* the password is checked (a reservation, under row locks), so parallel guesses cannot slip past
 * the count; a verified success gives its reservation back. After a key's free failures each further one doubles
 * its wait (1 s, 2 s, 4 s … up to 15 minutes); an attempt during a wait is refused with 429 and counts nothing.
 *
 * Three counts, so that guessing is slowed without keeping the owner out:
 * - one client on one account (PAIR_FREE_FAILURES): what holds back an address guessing one account. It refuses
 *   that address only: the right password from an address that has not failed still signs in.
 * - one client on every account (CLIENT_FREE_FAILURES): an address spraying many accounts.
 * - one account from every client (ACCOUNT_FREE_CLIENTS), counting *different clients* that start failing, not
 *   attempts: one address (however patient) can never hold the account back for others, while many addresses
 *   guessing one account make every further unknown address wait. Addresses that signed in to the account within
 *   KNOWN_CLIENT_DAYS are not held back by that wait.
 */
@Injectable()
export class LoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts the sign-in attempt, or throws 429 when this client must still wait for this account. */
  async reserve(email: string, client: string): Promise<LoginReservation> {
    const account = email.trim().toLowerCase();
    const pairKey = keyOf('pair', `${account}\n${client}`);
    const clientKey = keyOf('client', client);
    const accountKey = keyOf('account', account);
    const knownKey = keyOf('known', `${account}\n${client}`);
    const counted: Counted[] = [];
    await this.db.transaction(async (tx) => {
      const rows = await this.lock(tx, [pairKey, clientKey, accountKey]);
      const row = (key: string) => rows.find((r) => r.key === key)!;
      const known = await this.isKnown(tx, knownKey);
      const holding = known ? [row(pairKey), row(clientKey)] : rows;
      refuseWhileWaiting(holding, TOO_MANY_LOGINS);
      const pair = await this.countFailure(tx, row(pairKey), PAIR_FREE_FAILURES);
      counted.push(await this.countFailure(tx, row(clientKey), CLIENT_FREE_FAILURES));
      if (pair.failures === 1) counted.push(await this.countFailure(tx, row(accountKey), ACCOUNT_FREE_CLIENTS));
      await this.forgetExpired(tx, rows[0]!.now);
    });
    return {
      succeeded: async () => {
        await this.db.transaction(async (tx) => {
          await tx.query('DELETE FROM login_attempts WHERE key = $1', [pairKey]);
          for (const reservation of counted) await this.giveBack(tx, reservation);
          await tx.query(
            `INSERT INTO login_known_clients (key, signed_in_at) VALUES ($1, clock_timestamp())
             ON CONFLICT (key) DO UPDATE SET signed_in_at = EXCLUDED.signed_in_at`,
            [knownKey],
          );
          await tx.query(
            `DELETE FROM login_known_clients WHERE signed_in_at < clock_timestamp() - make_interval(days => $1)`,
            [KNOWN_CLIENT_DAYS],
          );
        });
      },
    };
  }

  /**
   * Counts a check of a signed-in user's current password (changing their own password), or throws 429 while the
   * account must wait: a stolen session cannot be used to guess the password behind it.
   */
  async reserveCurrentPassword(userId: number): Promise<LoginReservation> {
    const key = keyOf('current-password', String(userId));
    await this.db.transaction(async (tx) => {
      const rows = await this.lock(tx, [key]);
      refuseWhileWaiting(rows, TOO_MANY_PASSWORD_CHECKS);
      await this.countFailure(tx, rows[0]!, CURRENT_PASSWORD_FREE_FAILURES);
      await this.forgetExpired(tx, rows[0]!.now);
    });
    return {
      succeeded: async () => {
        await this.db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
      },
    };
  }

  /** Adds one failure to the key's count (a fresh count once the window has passed), with the wait it starts. */
  private async countFailure(tx: EntityManager, row: Row, freeFailures: number): Promise<Counted> {
    const stale = row.now.getTime() - row.updated_at.getTime() > FAILURE_WINDOW_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const until = new Date(row.now.getTime() + backoffMs(failures, freeFailures));
    await tx.query(`UPDATE login_attempts SET failures = $2, blocked_until = $3, updated_at = $4 WHERE key = $1`, [
      row.key,
      failures,
      until,
      row.now,
    ]);
    return { key: row.key, failures, until, previousUntil: row.blocked_until };
  }

  /** Undoes a counted failure that proved a success: one failure less, and its wait unless a later one replaced it. */
  private async giveBack(tx: EntityManager, counted: Counted): Promise<void> {
    await tx.query(
      `UPDATE login_attempts SET failures = greatest(failures - 1, 0),
         blocked_until = CASE WHEN blocked_until = $2 THEN $3 ELSE blocked_until END
       WHERE key = $1`,
      [counted.key, counted.until, counted.previousUntil],
    );
  }

  private async isKnown(tx: EntityManager, knownKey: string): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM login_known_clients WHERE key = $1 AND signed_in_at > clock_timestamp() - make_interval(days => $2)`,
      [knownKey, KNOWN_CLIENT_DAYS],
    );
    return rows.length > 0;
  }

  /** Forgets what has expired (never a live entry): the table holds only current counts. */
  private async forgetExpired(tx: EntityManager, now: Date): Promise<void> {
    await tx.query(`DELETE FROM login_attempts WHERE updated_at < $1 AND blocked_until < $2`, [
      new Date(now.getTime() - FAILURE_WINDOW_MS),
      now,
    ]);
  }

  /** Creates missing rows and locks them, in key order (two sign-ins never wait on each other in a cycle). */
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

/** Throws 429 with the longest wait still running among `rows`. */
function refuseWhileWaiting(rows: Row[], message: string): void {
  const waitMs = Math.max(0, ...rows.map((r) => r.blocked_until.getTime() - r.now.getTime()));
  if (waitMs > 0) throw new TooManyLoginAttemptsException(Math.ceil(waitMs / 1000), message);
}
