import { api, formatFileSize, type Coverage, type CoverageCell, type CoverageSession } from '@ppl/shared-ui';
import { type ReactNode, useState } from 'react';
import { Link } from '../../../lib/router';
import styles from './SessionCoverage.module.css';

/** Sessions shown before "Show all": a phone screen's worth. */
const FIRST_SESSIONS = 4;
const DOCUMENTS = [
  { key: 'question_paper', short: 'QP', name: 'question paper' },
  { key: 'mark_scheme', short: 'MS', name: 'mark scheme' },
  { key: 'examiner_report', short: 'ER', name: 'examiner report' },
] as const;

interface SubjectRef {
  id: number;
  name: string;
  code: string;
}

/** The contact form, filled in with a request for exactly this document. */
function requestLink(subject: SubjectRef, session: CoverageSession, paper: string, document: string): string {
  const what = `${subject.name} (${subject.code}) ${paper} ${document}, ${session.session} ${session.year}`;
  const params = new URLSearchParams({
    subject: `Document request: ${subject.code} ${session.session} ${session.year} ${paper} ${document}`,
    message: `Please add the ${what}. Thank you!`,
  });
  return `/contact?${params.toString()}`;
}

/**
 * What the library has for the subject, session by session (newest first) and paper by paper, compact
 * enough for a phone; each session offers its zip with its size, and a missing document links to the contact form
 * with the request written. Drawn from the subject page's one read (its coverage), on the server and in the browser alike.
 */
export function SessionCoverage({
  subject,
  coverage: data,
  sessionAction,
}: {
  subject: SubjectRef;
  coverage: Coverage;
  /** Extra controls per session (the offline pack's "Save for offline"). */
  sessionAction?: (session: CoverageSession) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  if (data.sessions.length === 0) return null;
  const names = new Map(data.columns.map((c) => [c.key, c.name]));
  const sessions = all ? data.sessions : data.sessions.slice(0, FIRST_SESSIONS);
  return (
    <section className={styles.coverage} aria-labelledby="coverage-title" data-testid="subject-coverage">
      <div className={styles.header}>
        <h2 id="coverage-title" className={styles.title}>
          Sessions at a glance
        </h2>
        <p className={styles.legend}>
          <abbr title="question paper">QP</abbr> · <abbr title="mark scheme">MS</abbr> ·{' '}
          <abbr title="examiner report">ER</abbr>. Missing one? Tap it to ask us for it.
        </p>
      </div>
      <ol className={styles.sessions}>
        {sessions.map((s) => {
          const cells = s.cells.filter((c) => c.question_paper || c.mark_scheme || c.examiner_report);
          return (
            <li key={`${s.year}-${s.session}`} className={styles.session}>
              <div className={styles.sessionHead}>
                <h3 className={styles.sessionName}>
                  {s.session} {s.year}
                </h3>
                <a className={styles.zip} href={api.links.apiPath(s.zip_url)} download>
                  Download all
                  <span className={styles.zipSize}>
                    {' '}
                    · {s.files} {s.files === 1 ? 'file' : 'files'} · {formatFileSize(s.bytes)}
                  </span>
                  <span className="ppl-visually-hidden">
                    {' '}
                    of {s.session} {s.year} as a zip
                  </span>
                </a>
                {sessionAction?.(s)}
              </div>
              <ul className={styles.papers}>
                {cells.map((cell) => (
                  <PaperCell
                    key={cell.key}
                    cell={cell}
                    name={names.get(cell.key) ?? cell.key}
                    session={s}
                    subject={subject}
                  />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {data.sessions.length > FIRST_SESSIONS && (
        <button type="button" className={styles.more} onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer sessions' : `Show all ${data.sessions.length} sessions`}
        </button>
      )}
    </section>
  );
}

function PaperCell({
  cell,
  name,
  session,
  subject,
}: {
  cell: CoverageCell;
  name: string;
  session: CoverageSession;
  subject: SubjectRef;
}) {
  return (
    <li className={styles.paper}>
      <span className={styles.paperName}>{name}</span>
      {DOCUMENTS.map((d) =>
        cell[d.key] ? (
          <span key={d.key} className={styles.have} title={`${d.name} available`}>
            {d.short}
            <span className="ppl-visually-hidden"> available</span>
          </span>
        ) : (
          <Link
            key={d.key}
            to={requestLink(subject, session, name, d.name)}
            className={styles.missing}
            title={`Ask for the ${d.name}`}
          >
            {d.short}
            <span className="ppl-visually-hidden"> missing: ask for it</span>
          </Link>
        ),
      )}
    </li>
  );
}
