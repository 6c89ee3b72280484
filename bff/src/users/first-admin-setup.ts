import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** app_meta key of the pending one-time setup of the first admin's password. */
export const FIRST_ADMIN_SETUP_KEY = 'first_admin_setup';
export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SETUP_LINK_INVALID = 'This setup link is invalid or has expired. Restart the server for a new one.';

interface PendingSetup {
  userId: number;
  /** sha256 hex of the token: the token itself is only ever printed once. */
  hash: string;
  expiresAt: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The console path that completes the setup (the token in the fragment never reaches a server log). */
export const setupPath = (token: string) => `/login#setup=${token}`;

/**
 * A new one-time setup token for the first admin (replacing any earlier one): the first admin gets no password
 * anyone knows, and whoever starts the server chooses it through the printed link.
 */
export async function issueSetupToken(db: EntityManager, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const pending: PendingSetup = {
    userId,
    hash: digest(token),
    expiresAt: new Date(Date.now() + SETUP_LINK_LIFETIME_MS).toISOString(),
  };
  await db.query(
    `INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [FIRST_ADMIN_SETUP_KEY, JSON.stringify(pending)],
  );
  return token;
}

/** The user a pending setup is for, if any. */
export async function pendingSetupUser(db: EntityManager): Promise<number | null> {
  const rows: Array<{ value: string }> = await db.query('SELECT value FROM app_meta WHERE key = $1', [
    FIRST_ADMIN_SETUP_KEY,
  ]);
  return rows[0] ? (JSON.parse(rows[0].value) as PendingSetup).userId : null;
}

/** The user a pending setup is for when `token` is its token and it has not expired (a constant-time comparison). */
function matchingSetup(value: string | undefined, token: string): number | null {
  if (value === undefined) return null;
  const pending = JSON.parse(value) as PendingSetup;
  const expected = Buffer.from(pending.hash, 'hex');
  const given = Buffer.from(digest(token), 'hex');
  if (!timingSafeEqual(expected, given) || Date.parse(pending.expiresAt) <= Date.now()) return null;
  return pending.userId;
}

/**
 * The user the token is for, or null when it is wrong or expired; uses nothing up. Checked before any costly work
 * (the password's strength, its hash), so guessed tokens cost one read.
 */
export async function checkSetupToken(db: EntityManager, token: string): Promise<number | null> {
  const rows: Array<{ value: string }> = await db.query('SELECT value FROM app_meta WHERE key = $1', [
    FIRST_ADMIN_SETUP_KEY,
  ]);
  return matchingSetup(rows[0]?.value, token);
}

/** Uses the token up (inside the caller's transaction): the user it was for, or null when it is wrong or expired. */
export async function consumeSetupToken(tx: EntityManager, token: string): Promise<number | null> {
  const rows: Array<{ value: string }> = await tx.query('SELECT value FROM app_meta WHERE key = $1 FOR UPDATE', [
    FIRST_ADMIN_SETUP_KEY,
  ]);
  const userId = matchingSetup(rows[0]?.value, token);
  if (userId === null) return null;
  await tx.query('DELETE FROM app_meta WHERE key = $1', [FIRST_ADMIN_SETUP_KEY]);
  return userId;
}
