import { SESSIONS, type GradeThreshold, type GradeThresholdInput } from '@ppl/shared-ui';
import { z } from 'zod';

/** The grades the server accepts, highest first, on each scale (U ends either). */
export const LETTER_GRADES = ['A*', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'U'] as const;
export const NUMBER_GRADES = ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'U'] as const;
export const GRADE_CHOICES = [...LETTER_GRADES, ...NUMBER_GRADES.filter((g) => g !== 'U')];
export const MAX_BOUNDARIES = 12;
export const MAX_MARKS_LIMIT = 1000;
export const MIN_YEAR = 2000;
export const maxYear = (now = new Date()) => now.getFullYear() + 5;

export const MAX_MARKS_MESSAGE = `Maximum mark must be a whole number from 1 to ${MAX_MARKS_LIMIT}`;
export const MIN_MARKS_MESSAGE = `Minimum marks must be a whole number from 0 to ${MAX_MARKS_LIMIT}`;
export const ORDER_MESSAGE = 'List the grades from the highest down (A*, A, B … or 9, 8, 7 …), each once';
export const ONE_SCALE = 'Use one grade scale: letters (A* to G) or numbers (9 to 1), not both';
export const COMPONENT_MESSAGE =
  'Component must be 1 to 30 letters, digits, spaces, "/", "." or "-" (e.g. 12 or Paper 1)';
const COMPONENT = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]{0,28}[A-Za-z0-9])?$/;

export interface BoundaryFormValues {
  grade: string;
  min_marks: string;
}

export interface ThresholdFormValues {
  subject_id: string;
  year: string;
  session: string;
  component: string;
  max_marks: string;
  boundaries: BoundaryFormValues[];
}

/** The grade rows a new form starts with, by scale: the admin types each grade's lowest mark. */
export const presetRows = (scale: 'letters' | 'numbers'): BoundaryFormValues[] =>
  (scale === 'letters' ? ['A*', 'A', 'B', 'C', 'D', 'E'] : ['9', '8', '7', '6', '5', '4', '3', '2', '1']).map(
    (grade) => ({ grade, min_marks: '' }),
  );

export function initialThreshold(row: GradeThreshold | null, subjectId = '', now = new Date()): ThresholdFormValues {
  if (!row)
    return {
      subject_id: subjectId,
      year: String(now.getFullYear() - 1),
      session: '',
      component: '',
      max_marks: '',
      boundaries: presetRows('letters'),
    };
  return {
    subject_id: String(row.subject_id),
    year: String(row.year),
    session: row.session,
    component: row.component,
    max_marks: String(row.max_marks),
    boundaries: row.boundaries.map((b) => ({ grade: b.grade, min_marks: String(b.min_marks) })),
  };
}

const wholeNumber = (text: string) => /^\d{1,4}$/.test(text.trim());
const scaleOf = (grade: string) =>
  grade === 'U' ? null : (LETTER_GRADES as readonly string[]).includes(grade) ? LETTER_GRADES : NUMBER_GRADES;

/** The server's rules (bff/src/grade-thresholds), checked as the admin types: the same messages, inline. */
export function thresholdSchema(subjectIds: ReadonlySet<number>, latestYear = maxYear()) {
  return z
    .object({
      subject_id: z
        .string()
        .min(1, 'Subject is required')
        .refine((id) => subjectIds.has(Number(id)), 'Invalid subject selected'),
      year: z.string().refine((year) => {
        const n = Number(year.trim());
        return /^\d{4}$/.test(year.trim()) && n >= MIN_YEAR && n <= latestYear;
      }, `Year must be between ${MIN_YEAR} and ${latestYear}.`),
      session: z.string().refine((session) => (SESSIONS as readonly string[]).includes(session), 'Session is required'),
      component: z
        .string()
        .trim()
        .min(1, 'Component is required')
        .refine((component) => COMPONENT.test(component.replace(/ +/g, ' ')), COMPONENT_MESSAGE),
      max_marks: z
        .string()
        .refine((text) => wholeNumber(text) && Number(text) >= 1 && Number(text) <= MAX_MARKS_LIMIT, MAX_MARKS_MESSAGE),
      boundaries: z
        .array(
          z.object({
            grade: z.string().refine((grade) => (GRADE_CHOICES as readonly string[]).includes(grade), 'Choose a grade'),
            min_marks: z
              .string()
              .refine((text) => !text.trim().startsWith('-'), 'Minimum marks must not be negative')
              .refine(
                (text) => text.trim().startsWith('-') || (wholeNumber(text) && Number(text) <= MAX_MARKS_LIMIT),
                MIN_MARKS_MESSAGE,
              ),
          }),
        )
        .min(1, 'Add at least one grade boundary')
        .max(MAX_BOUNDARIES, `At most ${MAX_BOUNDARIES} grade boundaries`),
    })
    .superRefine((values, ctx) => {
      const at = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });
      const scales = new Set(values.boundaries.map((b) => scaleOf(b.grade)).filter((s) => s !== null));
      if (scales.size > 1) at(['boundaries'], ONE_SCALE);
      const scale = scales.size === 1 ? [...scales][0]! : LETTER_GRADES;
      const max = wholeNumber(values.max_marks) ? Number(values.max_marks) : null;
      let lastRank = -1;
      values.boundaries.forEach((boundary, i) => {
        const rank = (scale as readonly string[]).indexOf(boundary.grade);
        if (scales.size <= 1 && rank <= lastRank) at(['boundaries', i, 'grade'], ORDER_MESSAGE);
        lastRank = Math.max(lastRank, rank);
        if (!wholeNumber(boundary.min_marks)) return;
        const marks = Number(boundary.min_marks);
        if (max !== null && marks > max)
          at(
            ['boundaries', i, 'min_marks'],
            `The ${boundary.grade} boundary (${marks}) must not be above the maximum mark (${max})`,
          );
        const above = values.boundaries[i - 1];
        if (above && wholeNumber(above.min_marks) && marks >= Number(above.min_marks))
          at(
            ['boundaries', i, 'min_marks'],
            `The ${boundary.grade} boundary (${marks}) must be lower than the ${above.grade} boundary (${Number(above.min_marks)})`,
          );
      });
    });
}

export function thresholdInput(values: ThresholdFormValues, version?: string): GradeThresholdInput {
  return {
    subject_id: Number(values.subject_id),
    year: Number(values.year.trim()),
    session: values.session as GradeThresholdInput['session'],
    component: values.component.trim().replace(/ +/g, ' '),
    max_marks: Number(values.max_marks.trim()),
    boundaries: values.boundaries.map((b) => ({
      grade: b.grade as GradeThresholdInput['boundaries'][number]['grade'],
      min_marks: Number(b.min_marks.trim()),
    })),
    ...(version ? { updated_at: version } : {}),
  };
}

/** "A* 70 · A 60 · B 50": a row's boundaries in one line. */
export const boundarySummary = (row: Pick<GradeThreshold, 'boundaries'>): string =>
  row.boundaries.map((b) => `${b.grade} ${b.min_marks}`).join(' · ');
