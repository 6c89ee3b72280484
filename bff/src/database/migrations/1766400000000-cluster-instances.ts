import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * BFF instances against one database announce their changes to each other (NOTIFY) and say which
 * announcement they have applied, so a write answers only once every live instance has dropped what it changed.
 */
export class ClusterInstances1766400000000 implements MigrationInterface {
  name = 'ClusterInstances1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE cluster_change_seq`);
    await q.query(
      `CREATE TABLE cluster_instances (
        id uuid PRIMARY KEY,
        seen bigint NOT NULL DEFAULT 0,
        heartbeat_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cluster_instances`);
    await q.query(`DROP SEQUENCE cluster_change_seq`);
  }
}
