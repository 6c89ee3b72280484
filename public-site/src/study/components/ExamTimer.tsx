import type { Countdown } from '../lib/progress';
import styles from './Study.module.css';

/** The running exam: the time left (amber from 10 minutes, red from 5) and the button that ends it. */
export function ExamTimer({ clock, onEnd }: { clock: Countdown; onEnd: () => void }) {
  const level =
    clock.warning === 'five-minutes' ? styles.timerFive : clock.warning === 'ten-minutes' ? styles.timerTen : '';
  return (
    <div className={styles.examRunning} data-testid="exam-running">
      <span className={[styles.timer, level].filter(Boolean).join(' ')} data-warning={clock.warning ?? 'none'}>
        <span className={styles.muted}>Exam mode · time left </span>
        <span role="timer" aria-label="Time left" data-testid="exam-timer">
          {clock.label}
        </span>
      </span>
      {clock.warning && (
        <span className={styles.warningText} data-testid="exam-warning">
          {clock.warning === 'five-minutes' ? '5 minutes left' : '10 minutes left'}
        </span>
      )}
      <span className={styles.muted}>The mark scheme is hidden until the end.</span>
      <button type="button" className={styles.button} onClick={onEnd}>
        End exam
      </button>
    </div>
  );
}
