import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A download counted by a replica that died before answering is retried by nginx on another replica with
 * the same request id; the count is kept once per request id (rows are forgotten after an hour).
 */
export class CountedRequests1766400000001 implements MigrationInterface {
  name = 'CountedRequests1766400000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE counted_requests (
        id varchar(64) PRIMARY KEY,
        counted_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`CREATE INDEX counted_requests_at_idx ON counted_requests (counted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE counted_requests`);
  }
}
