import type { ViewerDocument } from '@ppl/shared-ui';
import type { PaperQuestion } from '../../../api/paper-questions';
import styles from './Questions.module.css';

/** "Question 3 · 7 marks". */
export const questionLabel = (question: PaperQuestion): string =>
  `Question ${question.number} · ${question.marks} mark${question.marks === 1 ? '' : 's'}`;

interface QuestionListProps {
  questions: PaperQuestion[];
  current: PaperQuestion | null;
  /** Beside the pages (desktop) or above them, folded away until opened (phone). */
  layout: 'side' | 'top';
  onSelect: (question: PaperQuestion) => void;
}

/** The paper's questions, each one tap from where it starts; the one being read is marked current. */
export function QuestionList({ questions, current, layout, onSelect }: QuestionListProps) {
  const total = questions.reduce((sum, question) => sum + question.marks, 0);
  const list = (
    <ol className={styles.list} aria-label="Questions of this paper">
      {questions.map((question) => (
        <li key={question.number}>
          <button
            type="button"
            className={styles.item}
            aria-current={question === current ? 'true' : undefined}
            onClick={() => onSelect(question)}
            data-testid={`question-${question.number}`}
          >
            <span className={styles.itemNumber}>Question {question.number}</span>
            <span className={styles.itemMarks}>
              {question.marks} mark{question.marks === 1 ? '' : 's'}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
  const heading = `${questions.length} questions · ${total} marks`;
  if (layout === 'side') {
    return (
      <nav className={styles.side} aria-label="Questions" data-testid="question-list">
        <h2 className={styles.heading}>{heading}</h2>
        {list}
      </nav>
    );
  }
  return (
    <details className={styles.top} data-testid="question-list">
      <summary className={styles.summary}>
        <span>{current ? questionLabel(current) : 'Questions'}</span>
        <span className={styles.summaryMeta}>{heading}</span>
      </summary>
      <nav aria-label="Questions">{list}</nav>
    </details>
  );
}

interface QuestionActionsProps {
  question: PaperQuestion;
  doc: ViewerDocument;
  /** Which of the question's places the viewer has a document for. */
  hasMarkScheme: boolean;
  hasReport: boolean;
  /** Whether to name the question (not when the folded list above already does). */
  labelled: boolean;
  onOpen: (doc: ViewerDocument) => void;
}

/**
 * What the student can do with the question being read: its mark-scheme rows, the examiners' comment on it, and the
 * way back to the question from either.
 */
export function QuestionActions({ question, doc, hasMarkScheme, hasReport, labelled, onOpen }: QuestionActionsProps) {
  return (
    <div
      className={styles.actions}
      role="group"
      aria-label={`Question ${question.number}`}
      data-testid="question-actions"
    >
      <span className={labelled ? styles.current : 'ppl-visually-hidden'} data-testid="current-question">
        {questionLabel(question)}
      </span>
      {doc !== 'question-paper' && (
        <button type="button" className={styles.action} onClick={() => onOpen('question-paper')}>
          Back to the question
        </button>
      )}
      {doc !== 'mark-scheme' && hasMarkScheme && (
        <button type="button" className={styles.action} onClick={() => onOpen('mark-scheme')}>
          Mark scheme for this question
        </button>
      )}
      {doc !== 'examiner-report' && hasReport && (
        <button type="button" className={styles.action} onClick={() => onOpen('examiner-report')}>
          Examiners’ comment
        </button>
      )}
    </div>
  );
}
