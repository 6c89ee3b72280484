import type { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/database/migrations';
import { QuestionEdits1767150000000 } from '../src/database/migrations/1767150000000-question-edits';
import { emptyDatabase, migrated } from './support/migration-databases';
import { dbTarget } from './support/test-bff';

const AT = MIGRATIONS.indexOf(QuestionEdits1767150000000);
const BEFORE = MIGRATIONS.slice(0, AT);
const WITH_EDITS = MIGRATIONS.slice(0, AT + 1);

const columns = async (db: DataSource): Promise<string[]> =>
  (
    await db.query<Array<{ column_name: string }>>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'questions' ORDER BY column_name`,
    )
  ).map((row) => row.column_name);

/** The migration that keeps admins' edits beside the detection: up on a database with questions rows, and down. */
describe(`question edits migration (${dbTarget()})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;

  beforeAll(async () => {
    database = await emptyDatabase('question_edits_migration');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('adds the edit columns, keeps every row, and down() gives the table back as it was', async () => {
    const previous = await migrated(database.url, BEFORE);
    const [document] = await previous.query<Array<{ id: number }>>(
      `INSERT INTO documents (kind, storage_key) VALUES ('question-paper', 'papers/a.pdf') RETURNING id`,
    );
    const [other] = await previous.query<Array<{ id: number }>>(
      `INSERT INTO documents (kind, storage_key) VALUES ('mark-scheme', 'papers/b.pdf') RETURNING id`,
    );
    await previous.query(
      `INSERT INTO questions (document_id, kind, status, reasons, detection, source, generation)
       VALUES ($1, 'question-paper', 'ready', '[]', '{"questions":[]}', 'detected', 3),
              ($2, 'mark-scheme', 'flagged', '["x"]', NULL, 'edited', 1)`,
      [document!.id, other!.id],
    );
    const before = await columns(previous);
    await previous.destroy();

    const db = await migrated(database.url, WITH_EDITS);
    try {
      expect(await columns(db)).toEqual([...before, 'confirmed_at', 'edited_by', 'edits'].sort());
      // A row marked edited before edits could be stored had none: it is a detected one.
      expect(
        await db.query(`SELECT document_id, source, status, generation FROM questions ORDER BY document_id`),
      ).toEqual([
        { document_id: document!.id, source: 'detected', status: 'ready', generation: 3 },
        { document_id: other!.id, source: 'detected', status: 'flagged', generation: 1 },
      ]);
      // source and edits go together; a confirmation needs edits.
      await expect(
        db.query(`UPDATE questions SET source = 'edited' WHERE document_id = $1`, [document!.id]),
      ).rejects.toThrow(/questions_edits_check/);
      await expect(
        db.query(`UPDATE questions SET confirmed_at = now() WHERE document_id = $1`, [document!.id]),
      ).rejects.toThrow(/questions_confirmed_check/);
      await db.query(
        `UPDATE questions SET source = 'edited', edits = '[{"number":"1"}]', confirmed_at = now() WHERE document_id = $1`,
        [document!.id],
      );

      await db.undoLastMigration({ transaction: 'each' });
      expect(await columns(db)).toEqual(before);
      expect(await db.query(`SELECT source, detection FROM questions WHERE document_id = $1`, [document!.id])).toEqual([
        { source: 'edited', detection: { questions: [] } },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
