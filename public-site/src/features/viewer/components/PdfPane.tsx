import { formatFileSize } from '@ppl/shared-ui';
import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useFetchProgress } from '../hooks/use-fetch-progress';
import { useTouchGestures } from '../hooks/use-touch-gestures';
import type { ViewerFile } from '../lib/document-set';
import { clampPage, clampScale, stepScale } from '../lib/page-math';
import { openPdf } from '../lib/pdf-documents';
import { loadPdfjs, loadPdfjsViewer } from '../lib/pdfjs';
import styles from './Viewer.module.css';

export interface FindStatus {
  query: string;
  current: number;
  total: number;
  /** pending while pages are searched; not-found when nothing matched. */
  state: 'pending' | 'found' | 'not-found';
}

/** What the workspace asks of a pane. */
export interface PdfPaneHandle {
  /** Brings a page into view; with `top` (0 at the page's top, 1 at its bottom) that place of it at the pane's top. */
  goTo(page: number, top?: number | null): void;
  zoom(direction: 1 | -1): void;
  fitWidth(): void;
  find(query: string, options?: { again?: boolean; previous?: boolean }): void;
  currentPage(): number;
}

/**
 * Where a pane is: shown; in the background (laid out at the size it would be shown at, invisible and out of the
 * accessibility tree, drawing the page the reader will switch to, so the switch is instant); or hidden.
 */
export type PanePlacement = 'shown' | 'background' | 'hidden';

interface PdfPaneProps {
  file: ViewerFile;
  initialPage: number;
  /** Where on the first page to open (0 top … 1 bottom), e.g. where a question starts; null: the page's top. */
  initialTop?: number | null;
  placement: PanePlacement;
  /** Fetch and draw now (a companion waits until the document in front has drawn its page). */
  load: boolean;
  ref?: Ref<PdfPaneHandle>;
  onPageChange: (doc: ViewerFile['doc'], page: number) => void;
  onPageCount: (doc: ViewerFile['doc'], count: number) => void;
  onScale: (doc: ViewerFile['doc'], scale: number) => void;
  /** The document is open and its first page drawn (the companion may start). */
  onOpened: (file: ViewerFile) => void;
  /** The reader sees the document with a page drawn (counts the view, once per visit). */
  onSeen: (file: ViewerFile) => void;
  onFind: (doc: ViewerFile['doc'], status: FindStatus) => void;
  onFocusPane: (doc: ViewerFile['doc']) => void;
}

const FIND_STATE = { FOUND: 0, NOT_FOUND: 1, WRAPPED: 2, PENDING: 3 } as const;
/** A place opened by `top` shows a little of what is above it (the line above a question's number). */
const ABOVE_TOP = 0.025;

/** Shows `page` of the viewer, with the place `top` down the page (0..1) at the top of the pane when given. */
function showPlace(instance: PDFViewer, page: number, top: number | null): void {
  const pageNumber = clampPage(page, instance.pagesCount);
  // A page fitted to the pane's width is fitted again first: the pane may have narrowed since (the question list
  // arriving beside it), and a place is placed at the scale it is shown at.
  if (instance.currentScaleValue === 'page-width') instance.currentScaleValue = 'page-width';
  const view = top === null ? undefined : instance.getPageView(pageNumber - 1);
  const box = (view as { viewport?: { viewBox?: number[] } } | undefined)?.viewport?.viewBox;
  if (top === null || !box || box.length < 4) {
    instance.currentPageNumber = pageNumber;
    return;
  }
  const [, bottom, , upper] = box as [number, number, number, number];
  // pdf.js places an XYZ destination by PDF units from the page box's bottom.
  const y = upper - Math.min(1, Math.max(0, top - ABOVE_TOP)) * (upper - bottom);
  instance.scrollPageIntoView({
    pageNumber,
    destArray: [null, { name: 'XYZ' }, null, y, null],
    ignoreDestinationZoom: true,
  });
}

function formatFetched(loaded: number, total: number): string {
  return `${formatFileSize(Math.min(loaded, total))} of ${formatFileSize(total)} fetched`;
}

/**
 * One document, page by page, with pdf.js's viewer: only the pages in view (and the next) are rendered and fetched,
 * each with a text layer (select, find, highlights). A Word file has no in-page render: the pane says so and offers
 * the download. Download (counted) and the raw file are always in the pane's header.
 */
export function PdfPane({
  file,
  initialPage,
  initialTop = null,
  placement,
  load,
  ref,
  onPageChange,
  onPageCount,
  onScale,
  onOpened,
  onSeen,
  onFind,
  onFocusPane,
}: PdfPaneProps) {
  const headingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const pdfViewer = useRef<PDFViewer | null>(null);
  const bus = useRef<EventBus | null>(null);
  const pending = useRef<number>(initialPage);
  const pendingTop = useRef<number | null>(initialTop);
  const lastQuery = useRef('');
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>(file.isPdf ? 'loading' : 'ready');
  const [pages, setPages] = useState<{ page: number; count: number | null }>({ page: initialPage, count: null });
  const progress = useFetchProgress(file.streamUrl);
  // Page 1 as a picture from the server, shown until pdf.js has drawn the page (on a phone's first visit pdf.js is
  // several hundred KB away). Only for the pane in front opening at page 1; dropped if the server has none.
  // The pane renders in the browser only, so React hears the picture's error event (a 404: none drawn yet).
  const [previewFailed, setPreviewFailed] = useState(false);
  const showPreview =
    file.isPdf && initialPage === 1 && placement === 'shown' && status === 'loading' && !previewFailed;
  // The latest callbacks, without re-creating the viewer when the parent re-renders.
  const callbacks = useRef({ onPageChange, onPageCount, onScale, onOpened, onSeen, onFind });
  callbacks.current = { onPageChange, onPageCount, onScale, onOpened, onSeen, onFind };
  // The file as last rendered: the viewer is made once per document (its address), not once per render.
  const fileRef = useRef(file);
  fileRef.current = file;
  const { streamUrl, isPdf } = file;
  // In the background only the pages in view are drawn, not the next one too (each page is data on a phone).
  const background = useRef(placement === 'background');
  background.current = placement === 'background';

  useEffect(() => {
    if (!isPdf || !load) return;
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    let cancelled = false;
    void (async () => {
      try {
        const [{ lib }, viewer] = await Promise.all([loadPdfjs(), loadPdfjsViewer()]);
        if (cancelled) return;
        const eventBus = new viewer.EventBus();
        const linkService = new viewer.PDFLinkService({ eventBus });
        const findController = new viewer.PDFFindController({ eventBus, linkService });
        // pdf.js brings a match into view with element.scrollIntoView(), which scrolls the whole page too; scroll
        // only this pane (its checks of which match to show stay pdf.js's own).
        const scrollMatch = findController.scrollMatchIntoView.bind(findController);
        findController.scrollMatchIntoView = (args: Parameters<typeof scrollMatch>[0]) => {
          const element = args.element;
          if (!element) return scrollMatch(args);
          element.scrollIntoView = () => {
            const box = element.getBoundingClientRect();
            const frame = container.getBoundingClientRect();
            container.scrollTop += box.top - frame.top - container.clientHeight / 3;
            container.scrollLeft += box.left + box.width / 2 - frame.left - container.clientWidth / 2;
          };
          try {
            scrollMatch(args);
          } finally {
            delete (element as Partial<HTMLElement>).scrollIntoView;
          }
        };
        const instance = new viewer.PDFViewer({
          container,
          viewer: viewerElement,
          eventBus,
          linkService,
          findController,
          textLayerMode: 1,
          annotationMode: lib.AnnotationMode.ENABLE,
        });
        linkService.setViewer(instance);
        const queue = instance.renderingQueue;
        if (queue) {
          const highest = queue.getHighestPriority.bind(queue);
          queue.getHighestPriority = (visible: { views: Array<{ view: unknown }> }, ...rest: [unknown[], boolean]) => {
            const view: unknown = highest(visible, ...rest);
            return background.current && !visible.views.some((v) => v.view === view) ? null : view;
          };
        }
        let opened = false;
        eventBus.on('pagesinit', () => {
          instance.currentScaleValue = 'page-width';
          showPlace(instance, pending.current, pendingTop.current);
        });
        eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
          setPages((p) => ({ ...p, page: pageNumber }));
          callbacks.current.onPageChange(fileRef.current.doc, pageNumber);
        });
        eventBus.on('scalechanging', ({ scale }: { scale: number }) =>
          callbacks.current.onScale(fileRef.current.doc, scale),
        );
        eventBus.on('pagerendered', () => {
          if (opened) return;
          opened = true;
          setStatus('ready');
          callbacks.current.onOpened(fileRef.current);
        });
        const report = ({ state, matchesCount, rawQuery }: FindEvent) => {
          const query = typeof rawQuery === 'string' ? rawQuery : '';
          const { current = 0, total = 0 } = matchesCount ?? {};
          callbacks.current.onFind(fileRef.current.doc, {
            query,
            current,
            total,
            state: state === FIND_STATE.PENDING ? 'pending' : total > 0 ? 'found' : 'not-found',
          });
        };
        eventBus.on('updatefindcontrolstate', report);
        eventBus.on('updatefindmatchescount', ({ matchesCount }: FindEvent) =>
          report({ state: FIND_STATE.FOUND, matchesCount, rawQuery: lastQuery.current }),
        );
        pdfViewer.current = instance;
        bus.current = eventBus;

        const pdf = await openPdf(fileRef.current, pending.current);
        if (cancelled) return;
        instance.setDocument(pdf);
        linkService.setDocument(pdf);
        setPages({ page: clampPage(pending.current, pdf.numPages), count: pdf.numPages });
        callbacks.current.onPageCount(fileRef.current.doc, pdf.numPages);
      } catch {
        if (!cancelled) setStatus('error');
      }
    })();
    return () => {
      cancelled = true;
      pdfViewer.current?.cleanup();
      pdfViewer.current = null;
      bus.current = null;
    };
  }, [streamUrl, isPdf, load]);

  // Shown again (the student switched back) or brought forward: the pane may have a new width (the same width,
  // for a pane drawn in the background: its page is not drawn again).
  useEffect(() => {
    const instance = pdfViewer.current;
    if (placement === 'hidden' || !instance?.pdfDocument) return;
    const value = instance.currentScaleValue;
    instance.currentScaleValue = value || 'page-width';
    instance.update();
  }, [placement]);

  const seen = placement === 'shown' && status === 'ready';
  useEffect(() => {
    if (seen) callbacks.current.onSeen(fileRef.current);
  }, [seen]);

  useImperativeHandle(
    ref,
    (): PdfPaneHandle => ({
      goTo(page, top = null) {
        pending.current = page;
        pendingTop.current = top;
        const instance = pdfViewer.current;
        if (instance?.pagesCount) showPlace(instance, page, top);
      },
      zoom(direction) {
        const instance = pdfViewer.current;
        if (instance?.pagesCount) instance.currentScale = stepScale(instance.currentScale, direction);
      },
      fitWidth() {
        const instance = pdfViewer.current;
        if (instance?.pagesCount) instance.currentScaleValue = 'page-width';
      },
      find(query, options = {}) {
        lastQuery.current = query;
        bus.current?.dispatch('find', {
          source: null,
          type: options.again ? 'again' : '',
          query,
          caseSensitive: false,
          entireWord: false,
          highlightAll: true,
          findPrevious: options.previous === true,
          matchDiacritics: false,
        });
      },
      currentPage() {
        // Until the document is open, the page it will open at.
        const instance = pdfViewer.current;
        return instance?.pagesCount ? instance.currentPageNumber : pending.current;
      },
    }),
    [],
  );

  const gestures = useMemo(
    () => ({
      getScale: () => pdfViewer.current?.currentScale ?? 1,
      setScale: (scale: number) => {
        const instance = pdfViewer.current;
        if (instance?.pagesCount) instance.currentScale = clampScale(scale);
      },
      turnPage: (direction: 1 | -1) => {
        const instance = pdfViewer.current;
        if (instance?.pagesCount) {
          instance.currentPageNumber = clampPage(instance.currentPageNumber + direction, instance.pagesCount);
        }
      },
    }),
    [],
  );
  useTouchGestures(containerRef, gestures);

  const size = file.size !== null ? formatFileSize(file.size) : null;
  return (
    <section
      className={placement === 'background' ? `${styles.pane} ${styles.paneBackground}` : styles.pane}
      hidden={placement === 'hidden'}
      aria-hidden={placement === 'background' || undefined}
      inert={placement === 'background'}
      aria-labelledby={headingId}
      data-testid={`pane-${file.doc}`}
      data-status={status}
      onFocusCapture={() => onFocusPane(file.doc)}
      onPointerDown={() => onFocusPane(file.doc)}
    >
      <header className={styles.paneHeader}>
        <h2 id={headingId} className={styles.paneTitle}>
          {file.label}
        </h2>
        <span className={styles.paneMeta} data-testid={`fetched-${file.doc}`}>
          {file.isPdf && progress
            ? formatFetched(progress.loaded, progress.total)
            : size
              ? `${file.isPdf ? 'PDF' : 'Word'} · ${size}`
              : null}
        </span>
        <span className={styles.paneLinks}>
          <a className={styles.download} href={file.downloadUrl} download data-testid={`download-${file.doc}`}>
            Download<span className="ppl-visually-hidden"> {file.label.toLowerCase()}</span>
            {size && <span className={styles.linkSize}>{size}</span>}
          </a>
          <a className={styles.rawLink} href={file.fileUrl} target="_blank" rel="noopener noreferrer">
            Open file<span className="ppl-visually-hidden"> {file.label.toLowerCase()} (opens in a new tab)</span>
          </a>
        </span>
      </header>
      {file.isPdf ? (
        <div className={styles.stage}>
          <div
            ref={containerRef}
            className={styles.scroller}
            tabIndex={0}
            role="region"
            aria-label={`${file.label}, page ${pages.page}${pages.count ? ` of ${pages.count}` : ''}`}
            data-testid={`scroller-${file.doc}`}
          >
            <div ref={viewerRef} className="pdfViewer" />
          </div>
          {showPreview && (
            <img
              className={styles.preview}
              src={file.previewUrl}
              alt=""
              decoding="async"
              fetchPriority="high"
              data-page-preview={file.doc}
              onError={() => setPreviewFailed(true)}
            />
          )}
          {status === 'loading' && (
            <p className={styles.stageNote} role="status">
              Loading page {pages.page}…
            </p>
          )}
          {status === 'error' && (
            <p className={styles.stageNote} role="alert">
              This document could not be shown here. Download it or open the file instead.
            </p>
          )}
        </div>
      ) : (
        <div className={styles.wordNote}>
          <p>
            This is a Word document: it cannot be shown in the page. Download it to read it{size ? ` (${size})` : ''}.
          </p>
          <a className={styles.download} href={file.downloadUrl} download>
            Download {file.label.toLowerCase()}
            {size ? ` (${size})` : ''}
          </a>
        </div>
      )}
    </section>
  );
}

interface FindEvent {
  state: number;
  matchesCount?: { current?: number; total?: number };
  rawQuery?: unknown;
}
