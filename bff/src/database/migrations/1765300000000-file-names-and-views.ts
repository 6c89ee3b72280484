import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each uploaded mark scheme and examiner report keeps its original file name (the admin tables showed the
 * stored UUID), and opening a document to read it counts as a view, apart from downloads.
 */
export class FileNamesAndViews1765300000000 implements MigrationInterface {
  name = 'FileNamesAndViews1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mark_schemes ADD COLUMN file_name varchar(255)`);
    await q.query(`ALTER TABLE mark_schemes ADD COLUMN views integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE examiner_reports ADD COLUMN file_name varchar(255)`);
    await q.query(`ALTER TABLE examiner_reports ADD COLUMN views integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE variants ADD COLUMN document_views integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE variants ADD COLUMN mark_scheme_views integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE variants ADD COLUMN examiner_report_views integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE variants DROP COLUMN examiner_report_views`);
    await q.query(`ALTER TABLE variants DROP COLUMN mark_scheme_views`);
    await q.query(`ALTER TABLE variants DROP COLUMN document_views`);
    await q.query(`ALTER TABLE examiner_reports DROP COLUMN views`);
    await q.query(`ALTER TABLE examiner_reports DROP COLUMN file_name`);
    await q.query(`ALTER TABLE mark_schemes DROP COLUMN views`);
    await q.query(`ALTER TABLE mark_schemes DROP COLUMN file_name`);
  }
}
