import { isoTimestamp } from '../common/sql';

/**
 * Every subject (optionally of one level) with its paper count, shaped as a SubjectView by the database, by name:
 * one statement. A plain function, so the benchmark's baseline runs exactly the same SQL (bench/lib).
 */
export function subjectListSql(level?: string): { sql: string; params: unknown[] } {
  const params: unknown[] = level ? [level] : [];
  return {
    sql: `SELECT s.id, s.name, s.code, s.level, s.description, COALESCE(c.paper_count, 0)::int AS paper_count,
                 ${isoTimestamp('s.created_at')} AS created_at, ${isoTimestamp('s.updated_at')} AS updated_at
            FROM subjects s
            LEFT JOIN (SELECT subject_id, COUNT(*) AS paper_count FROM past_papers GROUP BY subject_id) c ON c.subject_id = s.id
           ${level ? 'WHERE s.level = $1' : ''}
           ORDER BY s.name, s.id`,
    params,
  };
}
