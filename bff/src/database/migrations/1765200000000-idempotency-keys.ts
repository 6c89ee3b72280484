import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Answers of creates kept under their Idempotency-Key, so a retried create does not create twice. */
export class IdempotencyKeys1765200000000 implements MigrationInterface {
  name = 'IdempotencyKeys1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE idempotency_keys (
        scope varchar(64) NOT NULL,
        key varchar(200) NOT NULL,
        fingerprint varchar(64) NOT NULL,
        status_code integer,
        body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`,
    );
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
