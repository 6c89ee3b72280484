import type { EntityManager } from 'typeorm';
import type { Boundary } from '../grade-thresholds/boundaries';
import { demoQuestions } from './demo-document-text';

/** Each demo component's official duration, by its variant's version (Paper 1, 2, 3). */
const COMPONENT_MINUTES: Record<number, number> = { 1: 75, 2: 105, 3: 45 };

/**
 * A demo paper's maximum mark: the sum of its questions' marks, as printed on its cover (every demo paper of a
 * subject is laid out from the subject's question bank), so that a self-marked score and its grade share one maximum.
 */
export function demoMaxMarks(subjectName: string): number {
  return demoQuestions(subjectName).reduce(
    (sum, question) => sum + question.parts.reduce((partSum, part) => partSum + part.marks, 0),
    0,
  );
}

/** Where each grade starts, as a share of the maximum (a plausible Cambridge IGCSE series). */
const SHARES: ReadonlyArray<[string, number]> = [
  ['A*', 0.84],
  ['A', 0.72],
  ['B', 0.6],
  ['C', 0.48],
  ['D', 0.38],
  ['E', 0.28],
];

/** A series' boundaries, moved a little per year and session so that series differ (as real ones do). */
export function demoBoundaries(maxMarks: number, shift: number): Boundary[] {
  return SHARES.map(([grade, share]) => ({ grade, min_marks: Math.round(maxMarks * share) + shift }));
}

/**
 * Demo grade thresholds for every demo series and component (the component is the variant's version: "1" matches
 * Paper 1), and the official duration of every demo variant, so that exam mode and the grade estimate have data.
 */
export async function seedDemoGradeThresholds(tx: EntityManager): Promise<void> {
  const variants: Array<{
    id: number;
    version: number;
    subject_id: number;
    subject_name: string;
    year: number;
    session: string;
  }> = await tx.query(
    `SELECT v.id, v.version, p.subject_id, s.name AS subject_name, p.year, p.session
       FROM variants v JOIN past_papers p ON p.id = v.past_paper_id JOIN subjects s ON s.id = p.subject_id
      ORDER BY p.id, v.version`,
  );
  for (const variant of variants) {
    const minutes = COMPONENT_MINUTES[variant.version];
    if (!minutes) continue;
    const maxMarks = demoMaxMarks(variant.subject_name);
    await tx.query('UPDATE variants SET duration_minutes = $2 WHERE id = $1', [variant.id, minutes]);
    const shift = ((variant.year + variant.session.length) % 5) - 2;
    await tx.query(
      `INSERT INTO grade_thresholds (subject_id, year, session, component, max_marks, boundaries)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING`,
      [
        variant.subject_id,
        variant.year,
        variant.session,
        String(variant.version),
        maxMarks,
        JSON.stringify(demoBoundaries(maxMarks, shift)),
      ],
    );
  }
}
