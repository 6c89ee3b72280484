import { Button, LEVEL_LABELS, Skeleton, errorText, formatCount, formatDate } from '@ppl/shared-ui';
import { useId, useMemo, useState } from 'react';
import { Link } from '../../../lib/router';
import { useSubjectWithPapers } from '../../../api/queries';
import { SubjectIcon } from '../../../components/SubjectIcon';
import { groupByYearSession } from '../../../lib/papers';
import { GRID_YEAR_SESSION_GROUPS, type SubjectGroup } from '../lib/subject-groups';
import { VariantDownloads } from './VariantDownloads';
import styles from './SubjectGroupCard.module.css';

const plural = formatCount;

export const subjectPath = (code: string) => `/past-papers/subject/${encodeURIComponent(code)}`;

/**
 * A subject in the listing. Grid: a card whose variants show the three latest year-session groups. List: a row
 * whose variants show every group. The listing holds the compact shape of the papers; their files are loaded when
 * the subject is opened (the same request, and cache entry, as the subject's own page).
 */
export function SubjectGroupCard({
  group,
  colour,
  view,
}: {
  group: SubjectGroup;
  colour: string;
  view: 'grid' | 'list';
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { subject } = group;
  const sessions = groupByYearSession(group.papers);
  const shownCount = view === 'grid' ? Math.min(sessions.length, GRID_YEAR_SESSION_GROUPS) : sessions.length;
  const label = `${subject.name} (${subject.code})`;

  return (
    <li
      className={[styles.card, view === 'list' ? styles.row : ''].filter(Boolean).join(' ')}
      style={{ ['--subject-colour' as string]: colour }}
      data-testid="subject-group"
    >
      <div className={styles.main}>
        <SubjectIcon name={subject.name} colour={colour} size={view === 'list' ? 40 : 48} />
        <div className={styles.identity}>
          <h3 className={styles.name}>
            <Link to={subjectPath(subject.code)}>{subject.name}</Link>
          </h3>
          <p className={styles.meta}>
            <span className={styles.code} data-testid="subject-code">
              {subject.code}
            </span>{' '}
            · {LEVEL_LABELS[subject.level] ?? subject.level}
          </p>
        </div>
      </div>
      {view === 'grid' && subject.description && <p className={styles.description}>{subject.description}</p>}
      <p className={styles.figures}>
        <span data-testid="paper-count">{plural(group.paperCount, 'paper', 'papers')}</span>
        <span>{plural(group.variantCount, 'variant', 'variants')}</span>
        <span>{plural(group.markSchemeCount, 'mark scheme', 'mark schemes')}</span>
        <span>{plural(group.downloads, 'download', 'downloads')}</span>
      </p>
      <p className={styles.updated}>Updated {formatDate(group.lastUpdated, { utc: true })}</p>
      <div className={styles.actions}>
        {group.paperCount > 0 ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide papers' : 'Show papers'}
            <span className="ppl-visually-hidden"> of {label}</span>
            <svg viewBox="0 0 12 8" width="12" height="8" aria-hidden="true" focusable="false">
              <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        ) : (
          <span className={styles.none}>No papers yet</span>
        )}
        <Link to={subjectPath(subject.code)} className={styles.view}>
          View subject<span className="ppl-visually-hidden"> {label}</span> <span aria-hidden="true">→</span>
        </Link>
      </div>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && (
          <>
            <SubjectFiles
              subjectId={subject.id}
              paperIds={group.papers.map((p) => p.id)}
              shownSessions={shownCount}
              label={label}
            />
            {sessions.length > shownCount && (
              <p className={styles.allSessions}>
                <Link to={subjectPath(subject.code)}>
                  All {sessions.length} sessions of {subject.name}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </li>
  );
}

/** The files of a subject's listed papers (those the filters keep), loaded when its card opens. */
function SubjectFiles({
  subjectId,
  paperIds,
  shownSessions,
  label,
}: {
  subjectId: number;
  paperIds: number[];
  shownSessions: number;
  label: string;
}) {
  const files = useSubjectWithPapers(subjectId);
  const idsKey = paperIds.join(',');
  const groups = useMemo(() => {
    const listed = new Set(idsKey.split(',').map(Number));
    return groupByYearSession((files.data?.papers ?? []).filter((paper) => listed.has(paper.id))).slice(
      0,
      shownSessions,
    );
  }, [files.data, idsKey, shownSessions]);
  if (files.isPending) {
    return (
      <div role="status" aria-label={`Loading the papers of ${label}`}>
        <Skeleton height={18} />
        <Skeleton height={18} width="70%" />
      </div>
    );
  }
  if (files.isError) {
    return (
      <p role="alert">
        {errorText(files.error, 'Unable to Load Content')}{' '}
        <Button size="small" variant="secondary" onClick={() => void files.refetch()}>
          Try Again
        </Button>
      </p>
    );
  }
  return <VariantDownloads groups={groups} subjectLabel={label} />;
}
