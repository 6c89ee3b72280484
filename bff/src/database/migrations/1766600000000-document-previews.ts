import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Page 1 of each stored PDF as a picture (WebP, drawn by the text extraction process), shown by the site's
 * viewer while pdf.js is still on its way to a phone. One row per document, kept for the file it was drawn from
 * (`generation`); the viewer finds it by the document's stored path. Documents already read are queued again.
 */
export class DocumentPreviews1766600000000 implements MigrationInterface {
  name = 'DocumentPreviews1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE document_previews (
        document_text_id int PRIMARY KEY REFERENCES document_texts (id) ON DELETE CASCADE,
        generation int NOT NULL,
        page int NOT NULL DEFAULT 1,
        width int NOT NULL,
        height int NOT NULL,
        image bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`CREATE INDEX document_texts_file_path_idx ON document_texts (file_path)`);
    // Documents read before this release get their picture: they are read again in the background (their pages
    // stay searchable until the new reading replaces them).
    await q.query(
      `UPDATE document_texts SET status = 'pending', attempts = 0, next_attempt_at = now() WHERE status = 'done'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX document_texts_file_path_idx`);
    await q.query(`DROP TABLE document_previews`);
  }
}
