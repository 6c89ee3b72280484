import {
  api,
  compareCodes,
  EmptyState,
  ErrorBanner,
  errorText,
  formatFileSize,
  type CoverageCell,
  type CoverageSession,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../../components/page/FilterSelect';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { positiveInt, useUrlState } from '../../../hooks/use-url-state';
import { useCoverage, useSubjects } from '../api/coverage';
import styles from './CoveragePage.module.css';

const DEFAULTS = { subject: '' };
const DOCUMENTS = [
  { key: 'question_paper', short: 'QP', name: 'question paper' },
  { key: 'mark_scheme', short: 'MS', name: 'mark scheme' },
  { key: 'examiner_report', short: 'ER', name: 'examiner report' },
] as const;

/**
 * /admin/coverage: for the chosen subject, every session (newest first) against every paper it has, and
 * which of question paper, mark scheme and examiner report each has. Missing documents are highlighted and lead to
 * where they are added: the paper's edit form when the paper exists, the bulk import otherwise.
 */
export function CoveragePage() {
  const url = useUrlState(DEFAULTS);
  const subjects = useSubjects();
  const sorted = useMemo(
    () => [...(subjects.data ?? [])].sort((a, b) => compareCodes(a.code, b.code)),
    [subjects.data],
  );
  const chosen = positiveInt(url.value('subject'), 0) || sorted[0]?.id || null;
  const coverage = useCoverage(chosen);

  return (
    <>
      <PageHeader title="Coverage" subtitle="What each subject has, session by session: find what is missing." />
      <div className={page.toolbar}>
        <FilterSelect
          label="Subject"
          value={chosen ? String(chosen) : ''}
          onChange={(value) => url.update({ subject: value })}
          options={sorted.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))}
        />
        {coverage.data && (
          <p className={page.summary} data-testid="coverage-missing">
            {coverage.data.missing_mark_schemes === 0
              ? 'Every question paper has its mark scheme.'
              : `${coverage.data.missing_mark_schemes} question paper(s) without a mark scheme.`}
          </p>
        )}
      </div>
      {(subjects.isPending || coverage.isPending) && chosen !== null && (
        <LoadingStatus>Loading coverage...</LoadingStatus>
      )}
      {subjects.data?.length === 0 && <EmptyState title="No subjects yet" hint="Add a subject, or import a series." />}
      {coverage.isError && (
        <ErrorBanner
          message={errorText(coverage.error, 'Failed to load coverage')}
          onRetry={() => void coverage.refetch()}
        />
      )}
      {coverage.data && coverage.data.sessions.length === 0 && (
        <EmptyState
          title={`No papers for ${coverage.data.subject.name} yet`}
          hint="Import a series to fill the grid."
          action={<Link to="/admin/import">Bulk Import</Link>}
        />
      )}
      {coverage.data && coverage.data.sessions.length > 0 && (
        <div className={styles.scroller} role="region" aria-labelledby="coverage-caption" tabIndex={0}>
          <table className={styles.grid} data-testid="coverage-grid">
            <caption id="coverage-caption" className="ppl-visually-hidden">
              Coverage of {coverage.data.subject.name}: sessions by paper
            </caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                {coverage.data.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.name}
                  </th>
                ))}
                <th scope="col">Whole session</th>
              </tr>
            </thead>
            <tbody>
              {coverage.data.sessions.map((s) => (
                <tr key={`${s.year}-${s.session}`}>
                  <th scope="row">
                    {s.session} {s.year}
                  </th>
                  {s.cells.map((cell) => (
                    <td key={cell.key} className={styles.cell}>
                      <Cell cell={cell} session={s} />
                    </td>
                  ))}
                  <td className={styles.cell}>
                    <span className={styles.session}>
                      <span className={s.session_examiner_report ? styles.present : styles.absent}>
                        ER {s.session_examiner_report ? '✓' : '—'}
                      </span>
                      <a href={api.links.apiPath(s.zip_url)} className={styles.zip}>
                        Zip · {s.files} {s.files === 1 ? 'file' : 'files'} · {formatFileSize(s.bytes)}
                      </a>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Cell({ cell, session }: { cell: CoverageCell; session: CoverageSession }) {
  if (!cell.question_paper && !cell.mark_scheme && !cell.examiner_report) {
    return (
      <span className={styles.none} aria-label="Not in this session">
        ·
      </span>
    );
  }
  const paperId = session.past_paper_ids[0];
  const addTo = paperId ? `/admin/past-papers/edit/${paperId}` : '/admin/import';
  return (
    <span className={styles.marks}>
      {DOCUMENTS.map((d) =>
        cell[d.key] ? (
          <span key={d.key} className={styles.present} title={`${d.name} present`}>
            {d.short}
          </span>
        ) : (
          <Link
            key={d.key}
            to={addTo}
            className={styles.missing}
            title={`Add the ${d.name} of ${cell.key} ${session.session} ${session.year}`}
          >
            {d.short}
            <span className="ppl-visually-hidden"> missing: add it</span>
          </Link>
        ),
      )}
    </span>
  );
}
