import { normaliseSession, type PastPaper, type Variant } from '@ppl/shared-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useReadyQuestions } from '../../api/paper-questions';
import { durationOf, useGradeThresholds } from '../api/grade-thresholds';
import { useNoteDraft } from '../hooks/use-note-draft';
import { usePaperProgress } from '../hooks/use-progress';
import {
  countdown,
  LIMITS,
  scoreOf,
  withBookmark,
  withExamEnded,
  withExamStarted,
  withNote,
  withStatus,
  WARNING_TEXT,
  type Countdown,
  type PaperRef,
} from '../lib/progress';
import { ExamTimer } from './ExamTimer';
import { SelfMarking } from './SelfMarking';
import { StatusBadges } from './StatusBadges';
import styles from './Study.module.css';

export interface StudyPanelProps {
  paper: PastPaper;
  variant: Variant | null;
  title: string;
  /** Hides or shows the viewer's mark scheme (the viewer's own "Hide mark scheme" state). */
  hideMarkScheme: (hidden: boolean) => void;
  /** Told whether an exam runs (the viewer then keeps the mark scheme hidden). */
  onExamRunning: (running: boolean) => void;
}

const DEFAULT_MINUTES = 60;
const minutesText = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`);

/**
 * The student's own study of this paper in the viewer (browser only, its own chunk): status, bookmark, notes, exam
 * mode and self-marking. Everything is kept on the device; the server is asked only for the paper's questions and
 * grade thresholds.
 */
export default function StudyPanel({ paper, variant, title, hideMarkScheme, onExamRunning }: StudyPanelProps) {
  const ref: PaperRef = useMemo(
    () => ({
      paperId: paper.id,
      variantId: variant?.id ?? null,
      title,
      subjectCode: paper.subject_code || paper.code,
      subjectName: paper.subject_name || paper.subject,
    }),
    [paper, variant?.id, title],
  );
  const { loaded, record, change } = usePaperProgress(ref);
  const official = durationOf(variant);
  const [minutes, setMinutes] = useState(String(official ?? DEFAULT_MINUTES));
  const [now, setNow] = useState(() => Date.now());
  const note = useNoteDraft(record?.note ?? '', (text) => void change((p, t) => withNote(p, text, t)));
  const [marking, setMarking] = useState(false);
  const questions = useReadyQuestions(paper.id, variant?.id ?? null);
  const thresholds = useGradeThresholds(paper.id, variant?.id ?? null);

  const exam = record?.exam ?? null;
  const clock = countdown(exam, now);
  const running = clock.running;
  const finished = exam !== null && !running;

  // While an exam runs: a tick a second, the mark scheme hidden; when it ends, the mark scheme is back.
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  const wasRunning = useRef<boolean | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (wasRunning.current === running) return;
    const before = wasRunning.current;
    wasRunning.current = running;
    onExamRunning(running);
    if (running) hideMarkScheme(true);
    else if (before) {
      hideMarkScheme(false);
      setMarking(true);
    }
  }, [loaded, running, hideMarkScheme, onExamRunning]);
  useEffect(() => {
    if (official !== null) setMinutes(String(official));
  }, [official]);

  const status = record?.status ?? 'not-started';
  const readyQuestions = questions.data ?? null;
  const score = record ? scoreOf(record, readyQuestions?.total_marks ?? thresholds.data?.max_marks ?? null) : null;
  const series = `${normaliseSession(paper.session)} ${paper.year}`;
  const parsedMinutes = /^\d{1,3}$/.test(minutes.trim()) ? Number(minutes) : NaN;
  const minutesValid = parsedMinutes >= 1 && parsedMinutes <= LIMITS.examMinutes;

  return (
    <section className={styles.panel} aria-label="Your study of this paper" data-testid="study-panel">
      <div className={styles.row}>
        <StatusBadges record={loaded ? (record ?? null) : null} />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.button}
            aria-pressed={status === 'in-progress'}
            disabled={!loaded}
            onClick={() =>
              void change((p, t) => withStatus(p, status === 'in-progress' ? 'not-started' : 'in-progress', t))
            }
          >
            Mark as in progress
          </button>
          <button
            type="button"
            className={styles.button}
            aria-pressed={status === 'done'}
            disabled={!loaded}
            onClick={() => void change((p, t) => withStatus(p, status === 'done' ? 'in-progress' : 'done', t))}
          >
            Mark as done
          </button>
          <button
            type="button"
            className={styles.button}
            aria-pressed={record?.bookmarked ?? false}
            disabled={!loaded}
            onClick={() => void change((p, t) => withBookmark(p, !p.bookmarked, t))}
          >
            {record?.bookmarked ? '★ Bookmarked' : '☆ Bookmark'}
          </button>
          <button
            type="button"
            className={styles.button}
            aria-expanded={marking}
            onClick={() => setMarking((open) => !open)}
          >
            Mark your attempt{score ? ` (${score.scored}${score.max !== null ? `/${score.max}` : ''})` : ''}
          </button>
        </div>
      </div>

      <div className={styles.row}>
        {running ? (
          <ExamTimer
            clock={clock}
            onEnd={() => {
              setNow(Date.now());
              void change((p, t) => withExamEnded(p, t));
            }}
          />
        ) : (
          <form
            className={styles.examForm}
            onSubmit={(event) => {
              event.preventDefault();
              if (!minutesValid) return;
              const at = Date.now();
              setNow(at);
              void change((p) => withExamStarted(p, parsedMinutes, at));
            }}
          >
            <label htmlFor="study-exam-minutes">
              Exam mode{official !== null ? ` (official time ${minutesText(official)})` : ''}:
            </label>
            <input
              id="study-exam-minutes"
              className={styles.minutes}
              inputMode="numeric"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              aria-invalid={!minutesValid}
              aria-describedby="study-exam-help"
              data-testid="exam-minutes"
            />
            <span id="study-exam-help">minutes</span>
            <button type="submit" className={styles.primary} disabled={!loaded || !minutesValid}>
              {finished ? 'Start again' : 'Start exam'}
            </button>
            {finished && exam && (
              <span className={styles.muted} data-testid="exam-finished">
                {exam.endedAt !== null && exam.endedAt < exam.endsAt ? 'Exam ended.' : 'Time is up.'} The mark scheme is
                shown.
              </span>
            )}
          </form>
        )}
        {/* Announced to screen readers: the 10- and 5-minute warnings and the end. */}
        <ExamAnnouncer warning={clock.warning} running={running} />
      </div>

      {marking && record !== undefined && (
        <SelfMarking
          record={record}
          questions={readyQuestions}
          thresholds={thresholds.data ?? null}
          series={series}
          change={change}
        />
      )}

      <details className={styles.notes}>
        <summary>{record?.note ? 'Your notes (kept on this device)' : 'Notes'}</summary>
        <label htmlFor="study-note" className="ppl-visually-hidden">
          Your notes on this paper
        </label>
        <textarea
          id="study-note"
          className={styles.noteInput}
          maxLength={LIMITS.noteLength}
          rows={3}
          value={note.value}
          onChange={(e) => note.onChange(e.target.value)}
          onBlur={note.onBlur}
          placeholder="Kept on this device only"
        />
      </details>
    </section>
  );
}

/** An aria-live region that says each warning once, when it starts, and the end of the exam. */
function ExamAnnouncer({ warning, running }: { warning: Countdown['warning']; running: boolean }) {
  const [message, setMessage] = useState('');
  const previous = useRef({ running, warning });
  useEffect(() => {
    const before = previous.current;
    previous.current = { running, warning };
    if (running && warning && warning !== before.warning) setMessage(WARNING_TEXT[warning]);
    else if (!running && before.running) setMessage('The exam has ended. The mark scheme is shown.');
  }, [running, warning]);
  return (
    <p className="ppl-visually-hidden" role="status" aria-live="assertive" data-testid="exam-announcer">
      {message}
    </p>
  );
}
