import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The addresses that signed in to each account (hashed): the sign-in throttle's wait for an account many addresses
 * fail on does not hold them back, so guessing from elsewhere cannot keep an admin out.
 */
export class LoginKnownClients1766723000000 implements MigrationInterface {
  name = 'LoginKnownClients1766723000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE login_known_clients (key varchar(64) PRIMARY KEY, signed_in_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX login_known_clients_signed_in_idx ON login_known_clients (signed_in_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_known_clients`);
  }
}
