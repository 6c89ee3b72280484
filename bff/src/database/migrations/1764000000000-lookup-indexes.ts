import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the lookups of stored files and lists: files by stored path (/files/...), the papers list and subject pages at
 * 10,000+ papers, FAQ and inquiry lists, and the dashboard's Top Resources.
 */
export class LookupIndexes1764000000000 implements MigrationInterface {
  name = 'LookupIndexes1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // /files/{path} finds the record behind a stored file.
    await q.query(`CREATE INDEX variants_document_path_idx ON variants (document_path)`);
    await q.query(
      `CREATE INDEX variants_mark_scheme_path_idx ON variants (mark_scheme_path) WHERE mark_scheme_path IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX variants_examiner_report_path_idx ON variants (examiner_report_path) WHERE examiner_report_path IS NOT NULL`,
    );
    await q.query(`CREATE INDEX mark_schemes_file_path_idx ON mark_schemes (file_path)`);
    await q.query(`CREATE INDEX examiner_reports_file_path_idx ON examiner_reports (file_path)`);
    // A subject's papers in list order; variants in version order per paper.
    await q.query(`CREATE INDEX past_papers_subject_year_idx ON past_papers (subject_id, year DESC, session)`);
    await q.query(`CREATE INDEX variants_paper_version_idx ON variants (past_paper_id, version, id)`);
    await q.query(`DROP INDEX IF EXISTS variants_past_paper_idx`); // covered by variants_paper_version_idx
    // Lists: published FAQs by order, newest inquiries (all statuses), newest mark schemes and reports.
    await q.query(`CREATE INDEX faqs_published_order_idx ON faqs (is_published, sort_order, id)`);
    await q.query(`CREATE INDEX inquiries_created_idx ON inquiries (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX mark_schemes_created_idx ON mark_schemes (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX examiner_reports_created_idx ON examiner_reports (created_at DESC, id DESC)`);
    // Top Resources only looks at files that were downloaded.
    await q.query(
      `CREATE INDEX variants_downloaded_idx ON variants (id) WHERE document_downloads > 0 OR mark_scheme_downloads > 0 OR examiner_report_downloads > 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'variants_downloaded_idx',
      'examiner_reports_created_idx',
      'mark_schemes_created_idx',
      'inquiries_created_idx',
      'faqs_published_order_idx',
      'variants_paper_version_idx',
      'past_papers_subject_year_idx',
      'examiner_reports_file_path_idx',
      'mark_schemes_file_path_idx',
      'variants_examiner_report_path_idx',
      'variants_mark_scheme_path_idx',
      'variants_document_path_idx',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
    await q.query(`CREATE INDEX IF NOT EXISTS variants_past_paper_idx ON variants (past_paper_id)`);
  }
}
