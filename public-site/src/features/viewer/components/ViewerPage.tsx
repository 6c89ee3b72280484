import { ApiError, errorText, formatFileSize, VIEWER_DOCUMENTS } from '@ppl/shared-ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { preload } from 'react-dom';
import { Link, useParams, usePathname, useSearchParams } from '../../../lib/router';
import { LoadError } from '../../../components/LoadError';
import { SaveOfflineButton } from '../../../offline/SaveOfflineButton';
import { paperPlan } from '../../../offline/pack-plan';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { changeSearchParams } from '../../../lib/search-params';
import { useHttpStatus } from '../../../ssr/server-render';
import { useViewerPaper } from '../api/viewer-paper';
import { viewerSet, type ViewerFile } from '../lib/document-set';
import { firstReadUrls, openPdf } from '../lib/pdf-documents';
import { loadPdfjsViewer } from '../lib/pdfjs';
import { parseViewerSearch, withViewerState, type ViewerUrlState } from '../lib/viewer-url';
import styles from './Viewer.module.css';

// pdf.js and the reading area (with the paper's questions): their own chunks, loaded in the browser once the page
// is live.
const PdfWorkspace = lazy(() => import(/* webpackChunkName: "viewer-workspace" */ './QuestionWorkspace'));
// The student's progress, exam mode and self-marking (kept on the device): browser only, its own chunk.
const StudyPanel = lazy(() => import(/* webpackChunkName: "study-panel" */ '../../../study/components/StudyPanel'));

/** What the page shows before the reading area is there (the server's HTML, and the first browser render). */
function FilePlaceholder({ file, page }: { file: ViewerFile; page: number }) {
  const size = file.size !== null ? formatFileSize(file.size) : null;
  return (
    <div className={styles.placeholder} data-testid="viewer-placeholder">
      <p className={styles.placeholderNote} role="status">
        {file.isPdf
          ? `Loading page ${page} of the ${file.label.toLowerCase()}…`
          : 'This is a Word document: it cannot be shown in the page.'}
      </p>
      {file.isPdf && page === 1 && (
        // Page 1 as a picture (drawn on the server when the file was indexed): it arrives with the HTML, before any
        // script; an absent one (404) shows nothing.
        <img
          className={styles.placeholderPreview}
          src={file.previewUrl}
          alt=""
          fetchPriority="high"
          data-page-preview={file.doc}
        />
      )}
      <p className={styles.paneLinks}>
        <a className={styles.download} href={file.downloadUrl} download>
          Download<span className="ppl-visually-hidden"> {file.label.toLowerCase()}</span>
          {size && <span className={styles.linkSize}>{size}</span>}
        </a>
        <a className={styles.rawLink} href={file.fileUrl} target="_blank" rel="noopener noreferrer">
          Open file<span className="ppl-visually-hidden"> {file.label.toLowerCase()} (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

/**
 * /papers/{paperId}/view: a past paper's question paper, mark scheme and examiner report, read page by
 * page in the page. The server renders the title, the document switcher with every size, and the links to
 * download or open each file; the reading area (pdf.js) starts in the browser.
 */
export function ViewerPage() {
  const { paperId: paperParam = '' } = useParams();
  const pathname = usePathname();
  const paperId = /^\d{1,9}$/.test(paperParam) && Number(paperParam) > 0 ? Number(paperParam) : null;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseViewerSearch(params), [params]);
  const paper = useViewerPaper(paperId);
  const set = useMemo(() => (paper.data ? viewerSet(paper.data, state) : null), [paper.data, state]);
  const [markSchemeHidden, setMarkSchemeHidden] = useState(false);
  const [examRunning, setExamRunning] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const missing = paperId === null || (paper.error instanceof ApiError && paper.error.status === 404);
  const file = set ? (set.files[state.doc] ?? set.files['question-paper'] ?? Object.values(set.files)[0]) : undefined;
  // The document's first bytes start with the HTML (React puts the preloads in the server's markup; the first render
  // after a navigation in the browser adds them too); pdf.js (code and worker) opens the document as soon as the page
  // is live, while the reading area's own chunks load. Not on later renders: the other documents are fetched by the
  // viewer itself, and a preload of bytes it has would fetch them again.
  if (!live && file?.isPdf) {
    for (const href of firstReadUrls(file, state.page)) preload(href, { as: 'fetch', crossOrigin: 'anonymous' });
  }
  useEffect(() => {
    if (!file?.isPdf) return;
    openPdf(file, state.page).catch(() => undefined); // the pane shows a failure
    loadPdfjsViewer().catch(() => undefined);
  }, [file?.streamUrl]); // eslint-disable-line react-hooks/exhaustive-deps
  useHttpStatus(missing ? 404 : 200);
  useDocumentTitle(
    set && file ? `${set.title} ${file.label}` : missing ? 'Past paper not found' : 'Document viewer',
    set ? `Read ${set.title} page by page: question paper, mark scheme and examiner report side by side.` : undefined,
  );

  const navigate = useCallback(
    (change: Partial<ViewerUrlState>, push = false) =>
      setParams((previous) => changeSearchParams(previous, (params) => withViewerState(params, change)), {
        replace: !push,
      }),
    [setParams],
  );

  const hideMarkScheme = useCallback(
    (hidden: boolean) => {
      setMarkSchemeHidden(hidden);
      if (hidden && state.doc === 'mark-scheme') navigate({ doc: 'question-paper' }, true);
    },
    [state.doc, navigate],
  );

  if (missing) {
    return <LoadError title="Past paper not found" message="This past paper does not exist or has been removed." />;
  }
  if (paper.isPending) return <PageSkeleton cards={1} />;
  if (paper.isError || !set) {
    return (
      <LoadError
        message={errorText(paper.error, 'Failed to load past paper details. Please try again later.')}
        onRetry={() => void paper.refetch()}
      />
    );
  }
  const data = paper.data;
  const subjectCode = data.subject_code || data.code;
  const available = VIEWER_DOCUMENTS.filter((doc) => set.files[doc]);

  return (
    <div className={styles.page} data-testid="viewer-page">
      <header className={styles.header}>
        <nav aria-label="Breadcrumb" className={styles.back}>
          <Link to={`/past-papers/subject/${encodeURIComponent(subjectCode)}`}>
            ← {data.subject_name || data.subject} papers
          </Link>
        </nav>
        <h1 className={styles.title}>{set.title}</h1>
        <SaveOfflineButton plan={paperPlan(data)} label="Save paper for offline" />
        <div className={styles.switcherRow}>
          <nav aria-label="Documents of this paper" className={styles.switcher}>
            {available.map((doc) => {
              const entry = set.files[doc]!;
              const hiddenScheme = doc === 'mark-scheme' && markSchemeHidden;
              const current = file?.doc === doc;
              const label = (
                <>
                  <span className={styles.switchLabel}>{entry.label}</span>
                  <span className={styles.switchSize}>
                    {hiddenScheme
                      ? 'hidden'
                      : entry.size !== null
                        ? formatFileSize(entry.size)
                        : entry.isPdf
                          ? 'PDF'
                          : 'Word'}
                  </span>
                </>
              );
              return hiddenScheme ? (
                <span key={doc} className={styles.switchItem} aria-disabled="true">
                  {label}
                </span>
              ) : (
                <Link
                  key={doc}
                  className={styles.switchItem}
                  aria-current={current ? 'page' : undefined}
                  to={`${pathname}?${withViewerState(params, { doc, linked: entry.linkedId, page: state.page }).toString()}`}
                  data-testid={`switch-${doc}`}
                >
                  {label}
                </Link>
              );
            })}
          </nav>
          {set.files['mark-scheme'] && (
            <button
              type="button"
              className={styles.hideToggle}
              aria-pressed={markSchemeHidden}
              disabled={examRunning}
              onClick={() => {
                setMarkSchemeHidden((hidden) => !hidden);
                if (!markSchemeHidden && state.doc === 'mark-scheme') navigate({ doc: 'question-paper' }, true);
              }}
            >
              {markSchemeHidden ? 'Show mark scheme' : 'Hide mark scheme'}
            </button>
          )}
        </div>
      </header>
      {live && (
        <Suspense fallback={null}>
          <StudyPanel
            paper={data}
            variant={set.variant}
            title={set.title}
            hideMarkScheme={hideMarkScheme}
            onExamRunning={setExamRunning}
          />
        </Suspense>
      )}
      {!file ? (
        <p className={styles.placeholderNote}>No document uploaded</p>
      ) : live ? (
        <Suspense fallback={<FilePlaceholder file={file} page={state.page} />}>
          <PdfWorkspace set={set} state={state} navigate={navigate} markSchemeHidden={markSchemeHidden} />
        </Suspense>
      ) : (
        <FilePlaceholder file={file} page={state.page} />
      )}
    </div>
  );
}

export default ViewerPage;
