import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the bounded PDF reader says of each document for the admins: the pages the file has beside the pages read,
 * and which bound stopped the reading early (the text is capped at a number of pages or characters).
 */
export class DocumentTextBounds1766724000000 implements MigrationInterface {
  name = 'DocumentTextBounds1766724000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE document_texts ADD COLUMN pages_in_file int, ADD COLUMN text_capped varchar(20)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE document_texts DROP COLUMN pages_in_file, DROP COLUMN text_capped`);
  }
}
