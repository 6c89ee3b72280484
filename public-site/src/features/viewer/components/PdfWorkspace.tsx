import type { ViewerDocument } from '@ppl/shared-ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMediaQuery } from '../hooks/use-media-query';
import type { ViewerFile, ViewerSet } from '../lib/document-set';
import { clampPage, linkedPage, parsePageInput } from '../lib/page-math';
import { closeAllPdfs } from '../lib/pdf-documents';
import type { ViewerUrlState } from '../lib/viewer-url';
import { useRecordView } from '../api/record-view';
import { PdfPane, type FindStatus, type PanePlacement, type PdfPaneHandle } from './PdfPane';
import styles from './Viewer.module.css';

export interface PdfWorkspaceProps {
  set: ViewerSet;
  state: ViewerUrlState;
  /** Changes the address: `push` adds a history entry (another document), otherwise it replaces (scrolling). */
  navigate: (change: Partial<ViewerUrlState>, push?: boolean) => void;
  markSchemeHidden: boolean;
  /** A place to bring into view (where a question starts); a new `sequence` brings it there again. */
  target?: PaneTarget | null;
}

/** A place in one of the documents: page from 1, `top` from 0 (the page's top) to 1. */
export interface PaneTarget {
  doc: ViewerDocument;
  page: number;
  top: number;
  sequence: number;
}

const SIDE_BY_SIDE_QUERY = '(min-width: 1024px)';
/** How long the reader stays on a page before the document behind follows to it (each page drawn is data). */
const FOLLOW_DELAY_MS = 600;
/** How long a page the pane reported may still arrive in the address (one render late, at most a few). */
const REPORTED_PAGE_MS = 1000;
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The reading area (browser only, its own chunk with pdf.js behind it): the toolbar (pages, zoom, find, layout) and
 * one pane per open document. On screens of 1024 px and more the question paper and its companion (the mark
 * scheme, or the examiner report) sit side by side with their own scrolling, optionally linked; on a phone one
 * document shows at a time and the others stay open behind it, at the same page.
 *
 * Order on a slow link: the document in front draws its page first, alone; then the paper set's other document
 * (the mark scheme behind the question paper, or the question paper behind either of the others) draws the same
 * page, in the background on a phone, so that switching shows a drawn page at once.
 */
export default function PdfWorkspace({ set, state, navigate, markSchemeHidden, target = null }: PdfWorkspaceProps) {
  const wide = useMediaQuery(SIDE_BY_SIDE_QUERY);
  const [sideBySide, setSideBySide] = useState(true);
  const [linkScroll, setLinkScroll] = useState(true);
  const [companionChoice, setCompanionChoice] = useState<ViewerDocument>('mark-scheme');
  const [counts, setCounts] = useState<Partial<Record<ViewerDocument, number>>>({});
  const [scales, setScales] = useState<Partial<Record<ViewerDocument, number>>>({});
  const [findText, setFindText] = useState('');
  const [find, setFind] = useState<FindStatus | null>(null);
  const [pageText, setPageText] = useState(String(state.page));
  const panes = useRef<Partial<Record<ViewerDocument, PdfPaneHandle | null>>>({});
  const workspaceRef = useRef<HTMLDivElement>(null);
  const recordView = useRecordView();

  const files = set.files;
  const usable = (doc: ViewerDocument) => !!files[doc] && !(doc === 'mark-scheme' && markSchemeHidden);
  useEffect(() => {
    if (state.doc !== 'question-paper') setCompanionChoice(state.doc);
  }, [state.doc]);
  const companion: ViewerDocument | null = usable(companionChoice)
    ? companionChoice
    : usable('mark-scheme')
      ? 'mark-scheme'
      : usable('examiner-report')
        ? 'examiner-report'
        : null;
  const focus: ViewerDocument = usable(state.doc) ? state.doc : files['question-paper'] ? 'question-paper' : state.doc;
  const twoPanes = wide && sideBySide && !!files['question-paper'] && companion !== null;
  const visible: ViewerDocument[] = twoPanes ? ['question-paper', companion] : [focus];
  // The paper set's other document: prepared once the focused one has drawn its page.
  const other: ViewerDocument | null =
    focus === 'question-paper' ? companion : files['question-paper'] ? 'question-paper' : null;
  const [drawn, setDrawn] = useState<ReadonlySet<ViewerDocument>>(new Set());
  const prepared = drawn.has(focus) && other !== null && !!files[other]?.isPdf;
  const behind = !twoPanes && prepared ? other : null;
  const placementOf = (doc: ViewerDocument): PanePlacement =>
    visible.includes(doc) ? 'shown' : doc === behind ? 'background' : 'hidden';
  const loads = (doc: ViewerDocument) => doc === focus || drawn.has(doc) || (prepared && doc === other);

  // Panes once opened stay mounted (hidden), so going back to a document is instant and keeps its place.
  const wanted = behind ? [...visible, behind] : visible;
  const [mounted, setMounted] = useState<ViewerDocument[]>(wanted);
  useEffect(() => {
    setMounted((list) =>
      wanted.every((d) => list.includes(d)) ? list : [...list, ...wanted.filter((d) => !list.includes(d))],
    );
  }, [wanted.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const follow = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(follow.current), []);

  useEffect(() => () => closeAllPdfs(), []);
  useEffect(() => setPageText(String(state.page)), [state.page]);

  // The address's page is the focused document's: bring that pane there (scrolling updates the address itself).
  // A page the pane reported itself (within the last second) is never sent back to it: while it settles on a place
  // it may report several pages in a row, and the address catches up one render later, when the pane may already be
  // on the next one. Any other page in the address (back, forward, a typed address) clears what it reported.
  const reportedPages = useRef<{ doc: ViewerDocument; pages: Array<{ page: number; at: number }> }>({
    doc: focus,
    pages: [],
  });
  useEffect(() => {
    const reported = reportedPages.current;
    const recent = reported.doc === focus ? reported.pages.filter((r) => Date.now() - r.at < REPORTED_PAGE_MS) : [];
    const seen = recent.findIndex((r) => r.page === state.page);
    reportedPages.current = { doc: focus, pages: seen >= 0 ? recent.slice(seen + 1) : [] };
    if (seen >= 0) return;
    const pane = panes.current[focus];
    if (pane && pane.currentPage() !== state.page) pane.goTo(state.page);
  }, [focus, state.page]);

  // A question's place: that pane goes there. Its documents' pages do not match one to one, so linked scrolling
  // (page n beside page n) stops.
  const placed = useRef(0);
  useEffect(() => {
    if (!target || target.sequence === placed.current) return;
    placed.current = target.sequence;
    // A document behind that was about to follow the page in front would leave the place.
    window.clearTimeout(follow.current);
    setLinkScroll(false);
    panes.current[target.doc]?.goTo(target.page, target.top);
  }, [target?.sequence]); // eslint-disable-line react-hooks/exhaustive-deps

  const onPageChange = useCallback(
    (doc: ViewerDocument, page: number) => {
      if (doc === focus) {
        if (page !== state.page) {
          const reported = reportedPages.current;
          const entry = { page, at: Date.now() };
          if (reported.doc === focus) reported.pages = [...reported.pages.slice(-15), entry];
          else reportedPages.current = { doc: focus, pages: [entry] };
          navigate({ page });
        }
        if (twoPanes && linkScroll) {
          const linked = doc === 'question-paper' ? companion : 'question-paper';
          if (linked) panes.current[linked]?.goTo(linkedPage(page, counts[linked] ?? null));
        } else if (behind) {
          // The document behind follows once the reader stays on a page.
          window.clearTimeout(follow.current);
          follow.current = window.setTimeout(
            () => panes.current[behind]?.goTo(linkedPage(page, counts[behind] ?? null)),
            FOLLOW_DELAY_MS,
          );
        }
      }
    },
    [focus, state.page, navigate, twoPanes, linkScroll, companion, behind, counts],
  );
  const onPageCount = useCallback(
    (doc: ViewerDocument, count: number) => setCounts((c) => ({ ...c, [doc]: count })),
    [],
  );
  const onScale = useCallback((doc: ViewerDocument, scale: number) => setScales((s) => ({ ...s, [doc]: scale })), []);
  const focusRef = useRef(focus);
  focusRef.current = focus;
  const onFind = useCallback((doc: ViewerDocument, status: FindStatus) => {
    if (doc === focusRef.current) setFind(status);
  }, []);

  const onOpened = useCallback(
    (file: ViewerFile) => setDrawn((set) => (set.has(file.doc) ? set : new Set([...set, file.doc]))),
    [],
  );
  const onFocusPane = useCallback(
    (doc: ViewerDocument) => {
      if (doc !== focus) navigate({ doc, page: panes.current[doc]?.currentPage() ?? 1 });
    },
    [focus, navigate],
  );

  const count = counts[focus] ?? null;
  const goTo = (page: number) => {
    const target = clampPage(page, count);
    panes.current[focus]?.goTo(target);
    navigate({ page: target });
  };
  const submitPage = (event: FormEvent) => {
    event.preventDefault();
    const page = parsePageInput(pageText, count);
    if (page === null) setPageText(String(state.page));
    else goTo(page);
  };
  const runFind = (options: { again?: boolean; previous?: boolean } = {}) => {
    const query = findText.trim();
    if (!query) return;
    panes.current[focus]?.find(query, options);
  };
  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const pane = panes.current[focus];
    const actions: Record<string, () => void> = {
      ArrowRight: () => goTo(state.page + 1),
      ArrowLeft: () => goTo(state.page - 1),
      '+': () => pane?.zoom(1),
      '=': () => pane?.zoom(1),
      '-': () => pane?.zoom(-1),
      '0': () => pane?.fitWidth(),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  // Arrows turn pages, + and − zoom, 0 fits the width: anywhere in the viewer but in its text fields.
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const element = workspaceRef.current;
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    element?.addEventListener('keydown', listener);
    return () => element?.removeEventListener('keydown', listener);
  }, []);

  const scale = scales[focus];
  const findMessage = !find
    ? ''
    : find.state === 'pending'
      ? 'Searching…'
      : find.total > 0
        ? `${find.current} of ${find.total} match${find.total === 1 ? '' : 'es'}`
        : `“${find.query}” not found`;

  return (
    <div
      ref={workspaceRef}
      className={styles.workspace}
      data-testid="viewer-workspace"
      data-layout={twoPanes ? 'side-by-side' : 'single'}
    >
      <div className={styles.toolbar} role="toolbar" aria-label="Viewer controls" aria-orientation="horizontal">
        <div className={styles.toolGroup}>
          <button
            type="button"
            className={styles.tool}
            onClick={() => goTo(state.page - 1)}
            disabled={state.page <= 1}
            aria-label="Previous page"
          >
            ‹
          </button>
          <form className={styles.pageForm} onSubmit={submitPage}>
            <label htmlFor="viewer-page" className="ppl-visually-hidden">
              Page number
            </label>
            <input
              id="viewer-page"
              className={styles.pageInput}
              inputMode="numeric"
              autoComplete="off"
              value={pageText}
              onChange={(e) => setPageText(e.target.value)}
              onBlur={submitPage}
              data-testid="page-input"
            />
            <span className={styles.pageCount}>of {count ?? '…'}</span>
          </form>
          <button
            type="button"
            className={styles.tool}
            onClick={() => goTo(state.page + 1)}
            disabled={count !== null && state.page >= count}
            aria-label="Next page"
          >
            ›
          </button>
        </div>
        <div className={styles.toolGroup}>
          <button
            type="button"
            className={styles.tool}
            onClick={() => panes.current[focus]?.zoom(-1)}
            aria-label="Zoom out"
          >
            −
          </button>
          <output className={styles.zoomValue} aria-label="Zoom level">
            {scale ? `${Math.round(scale * 100)}%` : '…'}
          </output>
          <button
            type="button"
            className={styles.tool}
            onClick={() => panes.current[focus]?.zoom(1)}
            aria-label="Zoom in"
          >
            +
          </button>
          <button type="button" className={styles.toolText} onClick={() => panes.current[focus]?.fitWidth()}>
            Fit<span className={styles.wideOnly}> width</span>
          </button>
        </div>
        <form
          className={styles.findForm}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            runFind({ again: find?.query === findText.trim() });
          }}
        >
          <label htmlFor="viewer-find" className="ppl-visually-hidden">
            Find in document
          </label>
          <input
            id="viewer-find"
            type="search"
            className={styles.findInput}
            placeholder="Find in document"
            value={findText}
            onChange={(e) => setFindText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.shiftKey) {
                e.preventDefault();
                runFind({ again: true, previous: true });
              }
            }}
            data-testid="find-input"
          />
          <button type="submit" className={styles.toolText}>
            Find
          </button>
          <span className={styles.findStatus} role="status" aria-live="polite" data-testid="find-status">
            {findMessage}
          </span>
        </form>
        {wide && companion && files['question-paper'] && (
          <div className={styles.toolGroup}>
            <button
              type="button"
              className={styles.toolText}
              aria-pressed={sideBySide}
              onClick={() => setSideBySide((v) => !v)}
            >
              Side by side
            </button>
            <button
              type="button"
              className={styles.toolText}
              aria-pressed={linkScroll}
              disabled={!twoPanes}
              onClick={() => setLinkScroll((v) => !v)}
            >
              Link scroll
            </button>
          </div>
        )}
      </div>
      <div className={twoPanes ? styles.panesTwo : styles.panesOne}>
        {mounted.map((doc) => {
          const file = files[doc];
          if (!file) return null;
          return (
            <PdfPane
              key={file.key}
              ref={(handle) => {
                panes.current[doc] = handle;
              }}
              file={file}
              initialPage={doc === focus ? state.page : linkedPage(state.page, counts[doc] ?? null)}
              initialTop={target?.doc === doc ? target.top : null}
              placement={placementOf(doc)}
              load={loads(doc)}
              onPageChange={onPageChange}
              onPageCount={onPageCount}
              onScale={onScale}
              onOpened={onOpened}
              onSeen={recordView}
              onFind={onFind}
              onFocusPane={onFocusPane}
            />
          );
        })}
      </div>
    </div>
  );
}
