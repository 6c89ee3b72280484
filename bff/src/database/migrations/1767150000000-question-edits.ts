import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An admin's edit of a question paper's questions, kept beside what detection found: `edits` is the edited list
 * (number, marks, and where each starts in the question paper, mark scheme and examiner report), `confirmed_at` when
 * an admin confirmed that list although its checks flag it. `source` is 'edited' exactly when `edits` is set, so a
 * re-read of the file keeps refreshing `detection` while the edits stand, and dropping the edits shows the current
 * detection at once.
 */
export class QuestionEdits1767150000000 implements MigrationInterface {
  name = 'QuestionEdits1767150000000';

  async up(q: QueryRunner): Promise<void> {
    // No edit could be stored before this migration: a row marked edited without edits is a detected one.
    await q.query(`UPDATE questions SET source = 'detected' WHERE source = 'edited'`);
    await q.query(
      `ALTER TABLE questions
         ADD COLUMN edits jsonb,
         ADD COLUMN confirmed_at timestamptz,
         ADD COLUMN edited_by integer,
         ADD CONSTRAINT questions_edited_by_fkey FOREIGN KEY (edited_by) REFERENCES users (id) ON DELETE SET NULL,
         ADD CONSTRAINT questions_edits_check CHECK ((source = 'edited') = (edits IS NOT NULL)),
         ADD CONSTRAINT questions_confirmed_check CHECK (confirmed_at IS NULL OR edits IS NOT NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE questions
         DROP CONSTRAINT questions_confirmed_check,
         DROP CONSTRAINT questions_edits_check,
         DROP CONSTRAINT questions_edited_by_fkey,
         DROP COLUMN edited_by,
         DROP COLUMN confirmed_at,
         DROP COLUMN edits`,
    );
  }
}
