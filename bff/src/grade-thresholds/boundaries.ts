import type { FieldErrors } from '../common/validation';

/** One grade's lowest mark. */
export interface Boundary {
  grade: string;
  min_marks: number;
}

export const MAX_BOUNDARIES = 12;
export const MAX_COMPONENT_MARKS = 1000;

/** The two grade scales, highest first. U (ungraded) ends either. */
export const LETTER_GRADES = ['A*', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'U'] as const;
export const NUMBER_GRADES = ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'U'] as const;
export const GRADES: readonly string[] = [...LETTER_GRADES, ...NUMBER_GRADES.filter((g) => g !== 'U')];

export const GRADE_MESSAGE = 'Grade must be one of A*, A, B, C, D, E, F, G, U or 9 to 1';
export const ONE_SCALE = 'Use one grade scale: letters (A* to G) or numbers (9 to 1), not both';
export const ORDER_MESSAGE = 'List the grades from the highest down (A*, A, B … or 9, 8, 7 …), each once';

const scaleOf = (grade: string): readonly string[] | null =>
  (LETTER_GRADES as readonly string[]).includes(grade) && grade !== 'U'
    ? LETTER_GRADES
    : (NUMBER_GRADES as readonly string[]).includes(grade) && grade !== 'U'
      ? NUMBER_GRADES
      : null;

/**
 * The rules between the boundaries of one component (each boundary's own type and range are the DTO's): one scale,
 * grades from the highest down and each once, marks strictly decreasing and none above the maximum. Answers the
 * failing fields (`boundaries.{i}.grade`, `boundaries.{i}.min_marks`, `boundaries`); empty when all hold.
 */
export function boundaryErrors(maxMarks: number, boundaries: readonly Boundary[]): FieldErrors {
  const errors: FieldErrors = {};
  const scales = new Set(boundaries.map((b) => scaleOf(b.grade)).filter((s) => s !== null));
  if (scales.size > 1) errors.boundaries = ONE_SCALE;
  const scale = scales.size === 1 ? [...scales][0]! : LETTER_GRADES;
  let lastRank = -1;
  boundaries.forEach((boundary, i) => {
    const rank = scale.indexOf(boundary.grade);
    if (scales.size <= 1 && rank <= lastRank) errors[`boundaries.${i}.grade`] ??= ORDER_MESSAGE;
    lastRank = Math.max(lastRank, rank);
    if (boundary.min_marks > maxMarks)
      errors[`boundaries.${i}.min_marks`] =
        `The ${boundary.grade} boundary (${boundary.min_marks}) must not be above the maximum mark (${maxMarks})`;
    const above = boundaries[i - 1];
    if (above && boundary.min_marks >= above.min_marks)
      errors[`boundaries.${i}.min_marks`] ??=
        `The ${boundary.grade} boundary (${boundary.min_marks}) must be lower than the ${above.grade} boundary (${above.min_marks})`;
  });
  return errors;
}

/** The grade a score earns: the first boundary (highest first) it reaches; null below every boundary. */
export function gradeFor(score: number, boundaries: readonly Boundary[]): string | null {
  return boundaries.find((b) => score >= b.min_marks)?.grade ?? null;
}
