import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16, measured: the CRC-32 of stored files, by content (SHA-256), so a session zip writes each entry's CRC in
 * its local header and streams the file without computing it (it was about a seventh of the BFF's CPU while
 * zipping; perf, bench/import.mjs). A zip learns the CRC-32 of each file it streams whose content hash is known, and
 * records it afterwards; keyed by content, a row can never be stale (a replaced file has another hash).
 */
export class FileChecksums1766500000001 implements MigrationInterface {
  name = 'FileChecksums1766500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE file_checksums (
        sha256 varchar(64) PRIMARY KEY,
        size bigint NOT NULL,
        crc32 bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE file_checksums`);
  }
}
