import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What question detection found in each document, one row per document (a question paper, mark scheme or examiner
 * report): the detection itself (jsonb, as bff/src/question-detection returns it), the document's own status and
 * why, which reading of the file it came from (`generation` of its document_texts row) and whether an admin edited it.
 * A paper's questions are put together from its variant's rows when asked (questions.service.ts).
 */
export class Questions1767000000000 implements MigrationInterface {
  name = 'Questions1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE questions (
        document_id integer PRIMARY KEY,
        kind varchar(20) NOT NULL,
        status varchar(10) NOT NULL,
        reasons jsonb NOT NULL DEFAULT '[]',
        detection jsonb,
        source varchar(10) NOT NULL DEFAULT 'detected',
        generation integer NOT NULL,
        detected_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT questions_document_id_fkey FOREIGN KEY (document_id) REFERENCES documents (id) ON DELETE CASCADE,
        CONSTRAINT questions_status_check CHECK (status IN ('ready', 'flagged', 'none')),
        CONSTRAINT questions_source_check CHECK (source IN ('detected', 'edited'))
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE questions`);
  }
}
