import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts and uploads: the sign-in throttle's shared counts (login_attempts), and each user's token
 * version (raising it revokes every token of the user), and the per-client counts of public writes (rate_limits).
 */
export class AccountsHardening1765100000000 implements MigrationInterface {
  name = 'AccountsHardening1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE login_attempts (
        key varchar(64) PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0,
        blocked_until timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    );
    await q.query(`CREATE INDEX login_attempts_updated_idx ON login_attempts (updated_at)`);
    await q.query(`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE TABLE rate_limits (key varchar(64) PRIMARY KEY, window_start timestamptz NOT NULL, count integer NOT NULL)`,
    );
    await q.query(`CREATE INDEX rate_limits_window_idx ON rate_limits (window_start)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
    await q.query(`ALTER TABLE users DROP COLUMN token_version`);
    await q.query(`DROP TABLE login_attempts`);
  }
}
