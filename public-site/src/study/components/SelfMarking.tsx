import { useState } from 'react';
import {
  formatMarks,
  gradeText,
  LIMITS,
  scoreOf,
  scoreText,
  withQuestion,
  withTotal,
  type GradeThresholds,
  type PaperProgress,
} from '../lib/progress';
import styles from './Study.module.css';

/** The questions of a paper whose reading is ready: each one's printed number and marks. */
export interface QuestionList {
  total_marks: number | null;
  questions: ReadonlyArray<{ number: string; marks: number }>;
}

/** The score's maximum kept with the record, so that My papers shows "Score 52/80" without asking the server. */
const withMaximum = (p: PaperProgress, max: number | null): PaperProgress =>
  max !== null && p.maxMarks !== max ? { ...p, maxMarks: max } : p;

type Change = (update: (current: PaperProgress, now: number) => PaperProgress) => Promise<unknown>;

/** Reads a marks field: empty is "not marked", otherwise a number in halves between 0 and `max`. */
function readMarks(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,4}(\.5|\.0)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= max ? value : undefined;
}

/**
 * Self-marking: marks per question beside the mark scheme (or one total when the paper's questions are not known),
 * added up to "Score 52/80", with the grade the score would have earned when the series has thresholds.
 */
export function SelfMarking({
  record,
  questions,
  thresholds,
  series,
  change,
}: {
  record: PaperProgress | null;
  questions: QuestionList | null;
  thresholds: GradeThresholds | null;
  series: string;
  change: Change;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const max = questions?.total_marks ?? thresholds?.max_marks ?? record?.maxMarks ?? null;
  const score = record ? scoreOf(record, max) : null;
  // Boundaries are marks out of the component's maximum: a grade is only worked out for a score out of the same.
  const comparable =
    !thresholds || questions?.total_marks === null || questions?.total_marks === undefined
      ? true
      : questions.total_marks === thresholds.max_marks;

  const field = (id: string, stored: number | null) => drafts[id] ?? (stored === null ? '' : formatMarks(stored));
  const commit = (id: string, limit: number, apply: (marks: number | null) => void) => {
    const text = drafts[id];
    if (text === undefined) return;
    const marks = readMarks(text, limit);
    setInvalid((set) => {
      const next = new Set(set);
      if (marks === undefined) next.add(id);
      else next.delete(id);
      return next;
    });
    if (marks === undefined) return;
    apply(marks);
    setDrafts(({ [id]: _, ...rest }) => rest);
  };
  const input = (
    id: string,
    label: string,
    stored: number | null,
    limit: number,
    apply: (m: number | null) => void,
  ) => (
    <input
      id={id}
      className={styles.marksInput}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid.has(id)}
      value={field(id, stored)}
      onChange={(e) => setDrafts((d) => ({ ...d, [id]: e.target.value }))}
      onBlur={() => commit(id, limit, apply)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(id, limit, apply);
      }}
      data-testid={id}
    />
  );

  return (
    <div className={styles.marking} data-testid="self-marking">
      <h2 className={styles.markingTitle}>Mark your attempt</h2>
      {questions && questions.questions.length > 0 ? (
        <table className={styles.marksTable}>
          <caption className="ppl-visually-hidden">Your marks per question</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Your marks</th>
              <th scope="col">Done</th>
              <th scope="col">Bookmark</th>
            </tr>
          </thead>
          <tbody>
            {questions.questions.slice(0, LIMITS.questionsPerPaper).map((q) => {
              const mine = record?.questions[q.number];
              return (
                <tr key={q.number} data-testid="marking-question">
                  <th scope="row">{q.number}</th>
                  <td>
                    {input(
                      `marks-q${q.number}`,
                      `Marks for question ${q.number}, out of ${q.marks}`,
                      mine?.marks ?? null,
                      q.marks,
                      (marks) =>
                        void change((p, t) =>
                          withMaximum(
                            withQuestion(p, q.number, { marks, done: marks !== null ? true : undefined }, t),
                            max,
                          ),
                        ),
                    )}
                    <span className={styles.muted}> / {formatMarks(q.marks)}</span>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Question ${q.number} done`}
                      checked={mine?.done ?? false}
                      onChange={(e) => void change((p, t) => withQuestion(p, q.number, { done: e.target.checked }, t))}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-pressed={mine?.bookmarked ?? false}
                      aria-label={`Bookmark question ${q.number}`}
                      onClick={() =>
                        void change((p, t) =>
                          withQuestion(p, q.number, { bookmarked: !(mine?.bookmarked ?? false) }, t),
                        )
                      }
                    >
                      {mine?.bookmarked ? '★' : '☆'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className={styles.totalRow}>
          <label htmlFor="marks-total">Your total</label>
          {input(
            'marks-total',
            'Your total marks',
            record?.totalMarks ?? null,
            max ?? LIMITS.maxMarks,
            (marks) => void change((p, t) => withTotal(p, marks, thresholds?.max_marks ?? null, t)),
          )}
          {thresholds ? (
            <span>out of {formatMarks(thresholds.max_marks)}</span>
          ) : (
            <>
              <label htmlFor="marks-max">out of</label>
              {input(
                'marks-max',
                'Marks available',
                record?.maxMarks ?? null,
                LIMITS.maxMarks,
                (marks) => void change((p, t) => ({ ...p, maxMarks: marks, updatedAt: t })),
              )}
            </>
          )}
        </p>
      )}
      {invalid.size > 0 && (
        <p className={styles.error} role="alert">
          Marks are whole or half numbers, from 0 to the marks available.
        </p>
      )}
      <p className={styles.score} aria-live="polite" data-testid="study-score">
        {score ? `Score ${scoreText(score)}` : 'No marks entered yet.'}
      </p>
      {score &&
        thresholds &&
        (comparable ? (
          <p className={styles.grade} data-testid="study-grade">
            {gradeText(score.scored, thresholds, series)}
          </p>
        ) : (
          <p className={styles.muted} data-testid="study-grade-mismatch">
            No grade: this series&apos; thresholds are out of {formatMarks(thresholds.max_marks)} marks, and this
            paper&apos;s questions add up to {formatMarks(questions?.total_marks ?? 0)}.
          </p>
        ))}
    </div>
  );
}
