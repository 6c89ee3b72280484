import { api, Badge, Button, ErrorBanner, errorText, type BadgeTone } from '@ppl/shared-ui';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { changedMeanwhile, RECORD_CHANGED } from '../../../../lib/edit-version';
import {
  useDropQuestionEdits,
  usePaperQuestions,
  useSaveQuestions,
  type EditedQuestion,
  type PaperQuestions,
} from '../api/question-cuts';
import { drawPage, openPdf } from '../lib/pdf-pages';
import styles from './QuestionCuts.module.css';

interface Place {
  page: number;
  top: number;
}
/** One row of the editor: a question, with a key that survives renumbering. */
interface Row {
  key: number;
  number: string;
  marks: number;
  question_paper: Place;
  mark_scheme: Place | null;
  examiner_report: Place | null;
}

const STATUS_TONE: Record<string, BadgeTone> = {
  ready: 'success',
  flagged: 'warning',
  pending: 'info',
  none: 'neutral',
};
const PAGE_WIDTH = 360;
const round = (top: number) => Math.round(Math.min(1, Math.max(0, top)) * 1000) / 1000;
const strip = (place: { page: number; top: number } | null): Place | null =>
  place ? { page: place.page, top: place.top } : null;
/** A number input's value: empty while the admin has cleared it (React refuses NaN). */
const shown = (value: number): number | '' => (Number.isFinite(value) ? value : '');
const before = (a: Place, b: Place) => a.page < b.page || (a.page === b.page && a.top < b.top);

let nextKey = 1;
const rowsOf = (data: PaperQuestions): Row[] =>
  data.questions.map((q) => ({
    key: nextKey++,
    number: q.number,
    marks: q.marks,
    question_paper: { page: q.question_paper.page, top: q.question_paper.top },
    mark_scheme: strip(q.mark_scheme),
    examiner_report: strip(q.examiner_report),
  }));

/**
 * The editor of a variant's question cuts: the question paper's pages as pictures with each question's
 * start drawn as a line (drag it, or click a page to move the selected question there), and a table to set each
 * question's number, marks, start and mark-scheme row. Save sends the whole list with the version it was loaded at.
 */
export function QuestionCutsEditor({
  paperId,
  variantId,
  label,
}: {
  paperId: number;
  variantId: number;
  label: string;
}) {
  const questions = usePaperQuestions(paperId, variantId);
  const save = useSaveQuestions(paperId, variantId);
  const drop = useDropQuestionEdits(paperId, variantId);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const data = questions.data;

  // A fresh answer from the server (load, save, reload) resets the draft.
  useEffect(() => {
    if (data) {
      setRows(rowsOf(data));
      setSelected(null);
    }
  }, [data]);

  const total = useMemo(() => (rows ?? []).reduce((sum, row) => sum + (Number(row.marks) || 0), 0), [rows]);
  if (questions.isPending) return <p className={styles.muted}>Loading questions…</p>;
  if (questions.isError || !data || !rows) {
    return (
      <ErrorBanner
        message={errorText(questions.error, 'Could not load the questions.')}
        onRetry={() => void questions.refetch()}
      />
    );
  }
  const pages = data.documents?.question_paper?.pages ?? null;
  const schemePages = data.documents?.mark_scheme?.pages ?? null;
  const hasScheme = !!data.documents?.mark_scheme;

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => (current ?? []).map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: number) => setRows((current) => (current ?? []).filter((row) => row.key !== key));
  const add = () => {
    const last = rows[rows.length - 1];
    const start = last
      ? last.question_paper.top < 0.85
        ? { page: last.question_paper.page, top: round(last.question_paper.top + 0.1) }
        : { page: Math.min(pages ?? last.question_paper.page + 1, last.question_paper.page + 1), top: 0.1 }
      : { page: 1, top: 0.1 };
    const key = nextKey++;
    setRows([
      ...rows,
      {
        key,
        number: String(rows.length + 1),
        marks: 0,
        question_paper: start,
        mark_scheme: null,
        examiner_report: null,
      },
    ]);
    setSelected(key);
  };
  /** Moves a question's start; the list stays in the order the questions start. */
  const move = (key: number, place: Place) =>
    setRows((current) => {
      const moved = (current ?? []).map((row) => (row.key === key ? { ...row, question_paper: place } : row));
      return [...moved].sort((a, b) =>
        before(a.question_paper, b.question_paper) ? -1 : before(b.question_paper, a.question_paper) ? 1 : 0,
      );
    });

  const submit = (confirmed: boolean) => {
    setError(null);
    const blank = rows.find(
      (row) =>
        ![row.marks, row.question_paper.page, row.question_paper.top].every(Number.isFinite) ||
        (row.mark_scheme && ![row.mark_scheme.page, row.mark_scheme.top].every(Number.isFinite)),
    );
    if (blank) {
      setError(new Error(`Question ${blank.number || '(no number)'}: fill in its marks, page and top before saving.`));
      return;
    }
    const body = {
      updated_at: data.updated_at ?? undefined,
      confirmed,
      questions: rows.map((row): EditedQuestion => ({
        number: row.number.trim(),
        marks: Number(row.marks),
        question_paper: row.question_paper,
        mark_scheme: row.mark_scheme,
        examiner_report: row.examiner_report,
      })),
    };
    save.mutate(body, { onError: setError });
  };
  const reload = () => {
    setError(null);
    void questions.refetch().then((result) => result.data && setRows(rowsOf(result.data)));
  };
  const busy = save.isPending || drop.isPending;
  const stated = data.stated_total;

  return (
    <section
      className={styles.editor}
      aria-label={`Question cuts of ${label}`}
      data-testid={`question-cuts-${variantId}`}
    >
      <div className={styles.summary}>
        <Badge tone={STATUS_TONE[data.status] ?? 'neutral'}>
          <span data-testid="questions-status">{data.status}</span>
        </Badge>
        <Badge tone={data.source === 'edited' ? 'info' : 'neutral'}>{data.source}</Badge>
        {data.confirmed && <Badge tone="info">confirmed</Badge>}
        <span className={total === stated ? styles.ok : styles.warn} data-testid="questions-total">
          Marks: {total}
          {stated !== null ? ` of ${stated} stated on the cover` : ' (no total found on the cover)'}
        </span>
      </div>
      {(data.reasons ?? []).length > 0 && (
        <ul className={styles.reasons} aria-label="Why">
          {(data.reasons ?? []).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {error !== null &&
        (changedMeanwhile(error) ? (
          <ErrorBanner message={RECORD_CHANGED} onRetry={reload} retryLabel="Reload" />
        ) : (
          <ErrorBanner message={errorText(error, 'Could not save the questions.')} onDismiss={() => setError(null)} />
        ))}
      <div className={styles.layout}>
        <PagePictures
          url={data.documents?.question_paper ? api.links.variantDocument(variantId, 'document', 'stream') : null}
          pages={pages}
          rows={rows}
          selected={selected}
          onSelect={setSelected}
          onMove={move}
        />
        {/* A scrollable region keyboard users can scroll (focusable, named). */}
        <div className={styles.tableWrap} role="region" aria-label={`Questions of ${label}`} tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>Questions in the order they start</caption>
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Marks</th>
                <th scope="col">Page</th>
                <th scope="col">Top (0–1)</th>
                <th scope="col">Mark scheme page / top</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.key}
                  className={row.key === selected ? styles.selectedRow : undefined}
                  onFocus={() => setSelected(row.key)}
                  data-testid="question-row"
                >
                  <td>
                    <input
                      className={styles.number}
                      aria-label="Question number"
                      maxLength={8}
                      value={row.number}
                      onChange={(e) => change(row.key, { number: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      className={styles.tiny}
                      aria-label={`Marks of question ${row.number}`}
                      type="number"
                      min={0}
                      max={999}
                      value={shown(row.marks)}
                      onChange={(e) => change(row.key, { marks: e.target.valueAsNumber })}
                    />
                  </td>
                  <td>
                    <input
                      className={styles.tiny}
                      aria-label={`Start page of question ${row.number}`}
                      type="number"
                      min={1}
                      max={pages ?? undefined}
                      value={shown(row.question_paper.page)}
                      onChange={(e) => move(row.key, { ...row.question_paper, page: e.target.valueAsNumber })}
                    />
                  </td>
                  <td>
                    <input
                      className={styles.small}
                      aria-label={`Start of question ${row.number} (0 top, 1 bottom)`}
                      type="number"
                      min={0}
                      max={1}
                      step={0.005}
                      value={shown(row.question_paper.top)}
                      onChange={(e) => move(row.key, { ...row.question_paper, top: e.target.valueAsNumber })}
                    />
                  </td>
                  <td>
                    {row.mark_scheme ? (
                      <span className={styles.pair}>
                        <input
                          className={styles.tiny}
                          aria-label={`Mark scheme page of question ${row.number}`}
                          type="number"
                          min={1}
                          max={schemePages ?? undefined}
                          value={shown(row.mark_scheme.page)}
                          onChange={(e) =>
                            change(row.key, { mark_scheme: { ...row.mark_scheme!, page: e.target.valueAsNumber } })
                          }
                        />
                        <input
                          className={styles.small}
                          aria-label={`Mark scheme top of question ${row.number}`}
                          type="number"
                          min={0}
                          max={1}
                          step={0.005}
                          value={shown(row.mark_scheme.top)}
                          onChange={(e) =>
                            change(row.key, { mark_scheme: { ...row.mark_scheme!, top: e.target.valueAsNumber } })
                          }
                        />
                        <Button size="small" variant="ghost" onClick={() => change(row.key, { mark_scheme: null })}>
                          Unlink
                        </Button>
                      </span>
                    ) : hasScheme ? (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => change(row.key, { mark_scheme: { page: 1, top: 0 } })}
                      >
                        Link row
                      </Button>
                    ) : (
                      <span className={styles.muted}>No mark scheme</span>
                    )}
                  </td>
                  <td>
                    <Button
                      size="small"
                      variant="danger"
                      aria-label={`Delete question ${row.number}`}
                      onClick={() => remove(row.key)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className={styles.muted}>No questions. Add the first one.</p>}
          <div className={styles.actions}>
            <Button size="small" variant="secondary" onClick={add} disabled={busy}>
              Add question
            </Button>
            <Button size="small" onClick={() => submit(false)} disabled={busy}>
              {save.isPending ? 'Saving…' : 'Save questions'}
            </Button>
            {data.status === 'flagged' && (
              <Button size="small" variant="secondary" onClick={() => submit(true)} disabled={busy}>
                Confirm and show to students
              </Button>
            )}
            {data.source === 'edited' && (
              <Button
                size="small"
                variant="ghost"
                disabled={busy}
                onClick={() => drop.mutate(data.updated_at, { onError: setError })}
              >
                Drop edits (use detection)
              </Button>
            )}
            <Button size="small" variant="ghost" onClick={reload} disabled={busy}>
              Reset
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

interface PicturesProps {
  url: string | null;
  pages: number | null;
  rows: Row[];
  selected: number | null;
  onSelect: (key: number) => void;
  onMove: (key: number, place: Place) => void;
}

/** The question paper's pages drawn by pdf.js, each with the question starts on it as lines. */
function PagePictures({ url, pages, rows, selected, onSelect, onMove }: PicturesProps) {
  const [count, setCount] = useState<number | null>(pages);
  const [failed, setFailed] = useState(false);
  const canvases = useRef<Array<HTMLCanvasElement | null>>([]);
  const stopDragging = useRef<(() => void) | null>(null);
  useEffect(() => () => stopDragging.current?.(), []);

  /** Follows the pointer until it is released: the line moves within its page. */
  const startDrag = (key: number, page: number, sheet: HTMLElement) => {
    stopDragging.current?.();
    const follow = (event: globalThis.PointerEvent) => {
      const box = sheet.getBoundingClientRect();
      onMove(key, { page, top: round((event.clientY - box.top) / box.height) });
    };
    const stop = () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopDragging.current = null;
    };
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    stopDragging.current = stop;
  };

  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let close: (() => void) | null = null;
    setFailed(false);
    openPdf(url)
      .then(async (pdf) => {
        close = () => void pdf.loadingTask.destroy();
        if (cancelled) return close();
        setCount(pdf.numPages);
        // Drawn one after another once the canvases exist.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        for (let page = 1; page <= pdf.numPages && !cancelled; page++) {
          const canvas = canvases.current[page - 1];
          if (canvas) await drawPage(pdf, page, canvas, PAGE_WIDTH);
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [url]);

  if (!url) return <p className={styles.muted}>The variant has no question paper.</p>;
  const place = (event: PointerEvent<HTMLDivElement>, page: number): Place => {
    const box = event.currentTarget.getBoundingClientRect();
    return { page, top: round((event.clientY - box.top) / box.height) };
  };
  return (
    <div className={styles.pages} aria-label="Question paper pages">
      {failed && <p className={styles.warn}>The pages could not be drawn; set the starts in the table.</p>}
      {Array.from({ length: count ?? 0 }, (_, index) => {
        const page = index + 1;
        return (
          <figure key={page} className={styles.page}>
            <div
              className={styles.sheet}
              data-testid={`page-${page}`}
              onPointerDown={(event) => {
                if (selected !== null) onMove(selected, place(event, page));
              }}
            >
              <canvas ref={(el) => void (canvases.current[index] = el)} className={styles.canvas} />
              {rows
                .filter((row) => row.question_paper.page === page)
                .map((row) => (
                  <button
                    type="button"
                    key={row.key}
                    className={[styles.line, row.key === selected ? styles.lineSelected : ''].join(' ')}
                    style={{ top: `${row.question_paper.top * 100}%` }}
                    aria-label={`Start of question ${row.number}: page ${page}, ${Math.round(row.question_paper.top * 100)}% down (arrow keys move it)`}
                    data-testid={`start-${row.number}`}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      event.preventDefault();
                      onSelect(row.key);
                      startDrag(row.key, page, event.currentTarget.parentElement as HTMLElement);
                    }}
                    onKeyDown={(event) => {
                      const step = event.shiftKey ? 0.02 : 0.005;
                      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                        event.preventDefault();
                        const top = round(row.question_paper.top + (event.key === 'ArrowUp' ? -step : step));
                        onMove(row.key, { page, top });
                      }
                    }}
                    onFocus={() => onSelect(row.key)}
                  >
                    <span className={styles.lineLabel}>Q{row.number}</span>
                  </button>
                ))}
            </div>
            <figcaption className={styles.muted}>Page {page}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}
