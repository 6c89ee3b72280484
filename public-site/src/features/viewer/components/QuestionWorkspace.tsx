import type { ViewerDocument } from '@ppl/shared-ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from '../../../lib/router';
import { useMediaQuery } from '../hooks/use-media-query';
import { usePaperQuestions, type PaperQuestion, type QuestionPlace } from '../../../api/paper-questions';
import PdfWorkspace, { type PaneTarget, type PdfWorkspaceProps } from './PdfWorkspace';
import { QuestionActions, QuestionList } from './QuestionList';
import styles from './Questions.module.css';

const SIDE_QUERY = '(min-width: 1024px)';

/** Where a question starts in one of the viewer's documents (null: that document does not have it). */
function placeIn(question: PaperQuestion, doc: ViewerDocument): QuestionPlace | null {
  if (doc === 'mark-scheme') return question.mark_scheme;
  if (doc === 'examiner-report') return question.examiner_report;
  return question.question_paper;
}

/**
 * The reading area with the paper's questions (its own lazy chunk, like the reading area it wraps): a list of the
 * questions beside the pages on a desktop and folded above them on a phone; `q` in the address opens at that
 * question (its page, scrolled to where it starts); from a question, its mark-scheme rows and the examiners'
 * comment on it, and back. The questions are read once the page is live; a paper that is not ready question by
 * question (or whose questions cannot be read) shows the reading area alone.
 */
export default function QuestionWorkspace(props: PdfWorkspaceProps) {
  const { set, state, navigate } = props;
  const { paperId: paperParam = '' } = useParams();
  const paperId = /^\d{1,9}$/.test(paperParam) ? Number(paperParam) : null;
  const questions = usePaperQuestions(paperId, set.variant?.id ?? null);
  const list = useMemo(() => questions.data ?? [], [questions.data]);
  const side = useMediaQuery(SIDE_QUERY);
  const current = useMemo(() => list.find((question) => question.number === state.q) ?? null, [list, state.q]);
  const [request, setRequest] = useState<(PaneTarget & { q: string }) | null>(null);
  // The place is handed to the panes once the address says the same question and document: a page the pane reports
  // while it scrolls there then changes an address that already names them (not the one before).
  const target = request && request.q === state.q && request.doc === state.doc ? request : null;
  const sequence = useRef(0);

  const show = useCallback(
    (question: PaperQuestion, doc: ViewerDocument, push: boolean) => {
      const place = placeIn(question, doc) ?? question.question_paper;
      const shown: ViewerDocument = placeIn(question, doc) ? doc : 'question-paper';
      const linked = set.files[shown]?.linkedId ?? null;
      navigate({ q: question.number, doc: shown, page: place.page, linked }, push);
      setRequest({ q: question.number, doc: shown, page: place.page, top: place.top, sequence: ++sequence.current });
    },
    [navigate, set.files],
  );

  // The address's question, once the questions are known: open the document in front at it (once per question).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!current || opened.current === current.number) return;
    opened.current = current.number;
    show(current, state.doc, false);
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (question: PaperQuestion) => {
    opened.current = question.number;
    show(question, state.doc, false);
  };
  const open = (doc: ViewerDocument) => {
    if (current) show(current, doc, true);
  };

  const usable = (doc: ViewerDocument) =>
    !!set.files[doc] && !(doc === 'mark-scheme' && props.markSchemeHidden) && !!current && !!placeIn(current, doc);
  const actions = current && (
    <QuestionActions
      question={current}
      doc={state.doc}
      hasMarkScheme={usable('mark-scheme')}
      hasReport={usable('examiner-report')}
      labelled={side}
      onOpen={open}
    />
  );
  // One tree with or without questions: the reading area is never mounted again when they arrive.
  const shown = list.length > 0;
  return (
    <div
      className={shown && side ? styles.withQuestions : styles.stack}
      data-testid={shown ? 'question-workspace' : undefined}
    >
      {shown && <QuestionList questions={list} current={current} layout={side ? 'side' : 'top'} onSelect={select} />}
      <div className={styles.stack}>
        {shown && actions}
        <PdfWorkspace {...props} target={shown ? target : null} />
      </div>
    </div>
  );
}
