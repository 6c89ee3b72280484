import type { MigrationInterface, QueryRunner } from 'typeorm';

/** E-mail notifications go through an outbox (retried with backoff, sent once). */
export class MailOutbox1765400000000 implements MigrationInterface {
  name = 'MailOutbox1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE mail_outbox (
        id SERIAL PRIMARY KEY,
        inquiry_id integer,
        to_address varchar(320) NOT NULL,
        subject varchar(300) NOT NULL,
        body text NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error varchar(500),
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`CREATE INDEX mail_outbox_due_idx ON mail_outbox (status, next_attempt_at)`);
    await q.query(`CREATE INDEX mail_outbox_inquiry_idx ON mail_outbox (inquiry_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
