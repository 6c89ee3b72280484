import { documentViewerPath } from '@ppl/shared-ui';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { PageHero } from '../../../components/PageHero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { StatusBadges } from '../../../study/components/StatusBadges';
import { useProgressIndex } from '../../../study/hooks/use-progress';
import { LIMITS, scoreText, type PaperProgress } from '../../../study/lib/progress';
import { exportProgress, parseProgressFile } from '../../../study/lib/progress-file';
import { progressStore } from '../../../study/lib/progress-store';
import { exportFileName, myPapers, type SubjectGroup } from '../lib/my-papers';
import styles from './MyPapersPage.module.css';

export const PRIVACY_LINE = 'Your progress stays on this device. Nothing is sent to our servers.';

const viewerLink = (record: PaperProgress) =>
  documentViewerPath(record.paperId, record.variantId !== null ? { variant: record.variantId } : {});

function Groups({ groups, empty }: { groups: SubjectGroup[]; empty: string }) {
  if (groups.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <>
      {groups.map((group) => (
        <section
          key={group.subjectCode || group.subjectName}
          className={styles.subject}
          aria-label={`${group.subjectName} (${group.subjectCode})`}
        >
          <h3 className={styles.subjectTitle}>
            {group.subjectName} <span className={styles.code}>{group.subjectCode}</span>
          </h3>
          <ul className={styles.list}>
            {group.papers.map(({ record, score }) => (
              <li key={record.key} className={styles.item} data-testid="my-paper">
                <a href={viewerLink(record)} className={styles.paperLink}>
                  {record.title}
                </a>
                <StatusBadges record={record} compact />
                {score && (
                  <span className={styles.score} data-testid="my-paper-score">
                    Score {scoreText(score)}
                  </span>
                )}
                {record.note && <p className={styles.note}>{record.note}</p>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

type Notice = { kind: 'ok' | 'error'; text: string } | null;

/**
 * /my-papers: what the student is working on, has done (with scores) and bookmarked, grouped by subject, read from
 * this device only. The server renders the page's frame and the privacy line; the lists fill in the browser. Export
 * saves one JSON file, Import merges one back, Clear deletes everything after asking.
 */
export function MyPapersPage() {
  useDocumentTitle('My papers', 'Your progress on past papers: in progress, done and bookmarked, kept on this device.');
  const index = useProgressIndex();
  const view = useMemo(() => (index ? myPapers([...index.values()]) : null), [index]);
  // From the page's first render to the lists on screen (reading the device's records included): a User Timing
  // measure, `ppl-study:my-papers`, for benches and tests.
  const [mountedAt] = useState(() => (typeof performance !== 'undefined' ? performance.now() : 0));
  const measured = useRef(false);
  useEffect(() => {
    if (!view || measured.current) return;
    measured.current = true;
    try {
      performance.measure('ppl-study:my-papers', { start: mountedAt, end: performance.now() });
    } catch {
      // a runtime without User Timing options
    }
  }, [view, mountedAt]);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cancelClear = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  // The lists' links are plain anchors (hundreds of router links cost render time): one handler opens them in the
  // page; a modified or middle click is left to the browser (new tab).
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = anchor.getAttribute('href');
    if (!href?.startsWith('/')) return;
    event.preventDefault();
    navigate(href);
  };
  // The question takes the place of the Clear button: focus goes to its safe answer.
  useEffect(() => {
    if (confirming) cancelClear.current?.focus();
  }, [confirming]);

  const exportAll = () => {
    if (!index) return;
    const now = Date.now();
    const blob = new Blob([JSON.stringify(exportProgress([...index.values()], now), null, 1)], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(now);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setNotice({ kind: 'ok', text: `Exported ${index.size} ${index.size === 1 ? 'paper' : 'papers'}.` });
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LIMITS.importBytes) {
      setNotice({ kind: 'error', text: 'This file is too large to be a progress file exported from this site.' });
      return;
    }
    setBusy(true);
    try {
      const parsed = parseProgressFile(await file.text());
      if (!parsed.ok) {
        setNotice({ kind: 'error', text: parsed.error });
        return;
      }
      const result = await progressStore().merge(parsed.papers);
      setNotice({
        kind: 'ok',
        text: `Imported: ${result.added} added, ${result.updated} updated, ${result.unchanged} already up to date.`,
      });
    } catch {
      setNotice({ kind: 'error', text: 'The file could not be read or saved on this device.' });
    } finally {
      setBusy(false);
    }
  };

  const clearAll = async () => {
    setConfirming(false);
    await progressStore().clear();
    setNotice({ kind: 'ok', text: 'Your progress on this device was cleared.' });
  };

  return (
    <div className={styles.page} data-testid="my-papers">
      <PageHero
        title="My papers"
        subtitle="What you are working on, what you have done and what you saved for later."
      />
      <div className={styles.inner}>
        <p className={styles.privacy} data-testid="privacy-line">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M8 1l6 2.5V8c0 3.5-2.6 6.2-6 7-3.4-.8-6-3.5-6-7V3.5z" fill="currentColor" />
          </svg>
          {PRIVACY_LINE}
        </p>
        <div className={styles.tools} role="group" aria-label="Your progress file">
          <button type="button" className={styles.tool} onClick={exportAll} disabled={!index || index.size === 0}>
            Export
          </button>
          <button
            type="button"
            className={styles.tool}
            onClick={() => fileInput.current?.click()}
            disabled={!index || busy}
          >
            Import
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="ppl-visually-hidden"
            tabIndex={-1}
            aria-label="Progress file to import"
            onChange={(e) => void importFile(e)}
            data-testid="import-file"
          />
          {confirming ? (
            <span className={styles.confirm} role="alertdialog" aria-label="Clear your progress?">
              Delete all your progress on this device?
              <button type="button" className={styles.danger} onClick={() => void clearAll()}>
                Yes, clear
              </button>
              <button ref={cancelClear} type="button" className={styles.tool} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              className={styles.tool}
              onClick={() => setConfirming(true)}
              disabled={!index || index.size === 0}
            >
              Clear
            </button>
          )}
        </div>
        <p
          className={notice?.kind === 'error' ? styles.noticeError : styles.notice}
          role="status"
          aria-live="polite"
          data-testid="my-papers-notice"
        >
          {notice?.text}
        </p>

        {!view ? (
          <p className={styles.empty} data-testid="my-papers-loading">
            Reading your progress on this device…
          </p>
        ) : view.total === 0 ? (
          <div className={styles.emptyState} data-testid="my-papers-empty">
            <p>Nothing here yet. Open a paper and mark it in progress or done, or bookmark it.</p>
            <Link to="/past-papers">Browse past papers</Link>
          </div>
        ) : (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
          <div className={styles.sections} data-testid="my-papers-lists" onClick={followLink}>
            <section aria-labelledby="my-in-progress">
              <h2 id="my-in-progress" className={styles.heading}>
                In progress
              </h2>
              <Groups groups={view.inProgress} empty="No paper in progress." />
            </section>
            <section aria-labelledby="my-done">
              <h2 id="my-done" className={styles.heading}>
                Done
              </h2>
              <Groups groups={view.done} empty="No paper done yet." />
            </section>
            <section aria-labelledby="my-bookmarked">
              <h2 id="my-bookmarked" className={styles.heading}>
                Bookmarked
              </h2>
              <Groups groups={view.bookmarked} empty="No bookmarked paper." />
              {view.questions.length > 0 && (
                <>
                  <h3 className={styles.subjectTitle}>Questions</h3>
                  <ul className={styles.list}>
                    {view.questions.map(({ record, number }) => (
                      <li key={`${record.key}-${number}`} className={styles.item} data-testid="my-question">
                        <a href={viewerLink(record)} className={styles.paperLink}>
                          Question {number} · {record.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          </div>
        )}
      </div>
    </div>
  );
}

export default MyPapersPage;
