import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grade thresholds per subject, series (year + session) and component: the component's maximum mark and the lowest
 * mark of each grade (jsonb list, highest grade first). One row per subject, series and component, whatever the
 * component's letter case. Variants gain the official duration of their component as the admin typed it (null: the
 * duration read from the question paper's cover is shown instead, see past-paper.view.ts).
 */
export class GradeThresholds1767127000000 implements MigrationInterface {
  name = 'GradeThresholds1767127000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE grade_thresholds (
        id SERIAL PRIMARY KEY,
        subject_id integer NOT NULL,
        year integer NOT NULL,
        session varchar(20) NOT NULL,
        component varchar(30) NOT NULL,
        max_marks integer NOT NULL,
        boundaries jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT grade_thresholds_subject_id_fkey FOREIGN KEY (subject_id) REFERENCES subjects (id) ON DELETE CASCADE,
        CONSTRAINT grade_thresholds_max_marks_check CHECK (max_marks BETWEEN 1 AND 1000),
        CONSTRAINT grade_thresholds_boundaries_check CHECK (jsonb_typeof(boundaries) = 'array')
      )`,
    );
    await q.query(
      `CREATE UNIQUE INDEX grade_thresholds_series_component_key
         ON grade_thresholds (subject_id, year, session, lower(component))`,
    );
    await q.query(`ALTER TABLE variants ADD COLUMN duration_minutes integer`);
    await q.query(
      `ALTER TABLE variants ADD CONSTRAINT variants_duration_minutes_check
         CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 1 AND 600)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE variants DROP CONSTRAINT variants_duration_minutes_check`);
    await q.query(`ALTER TABLE variants DROP COLUMN duration_minutes`);
    await q.query(`DROP TABLE grade_thresholds`);
  }
}
