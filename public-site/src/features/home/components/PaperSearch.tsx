import { Button, LEVEL_LABELS, SearchInput, Skeleton, errorText, type PastPaperSummary } from '@ppl/shared-ui';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { usePaperSummaries } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { useSearchTerm } from '../../../hooks/use-search-term';
import { yearSessionLabel } from '../../../lib/papers';
import { usePaperSearch } from '../hooks/use-paper-search';
import styles from './PaperSearch.module.css';

/** Spec section 9: the home search waits for 300 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How many result cards are shown before 'Show all'. */
const SHOWN_RESULTS = 12;

function ResultCard({ paper }: { paper: PastPaperSummary }) {
  const code = paper.subject_code ?? paper.code;
  const level = paper.subject_level ?? paper.level;
  const variants = paper.variant_count;
  return (
    <li className={styles.result}>
      <h3 className={styles.resultTitle}>
        <Link to={`/past-papers/subject/${encodeURIComponent(code)}`} className={styles.resultLink}>
          {paper.subject_name ?? paper.subject}
        </Link>
      </h3>
      <p className={styles.resultMeta}>
        <span className={styles.code}>{code}</span> · {LEVEL_LABELS[level] ?? level}
      </p>
      <p className={styles.resultSession}>
        {yearSessionLabel(paper)} · {variants} {variants === 1 ? 'variant' : 'variants'}
      </p>
    </li>
  );
}

/**
 * The home search (spec section 2): 300 ms debounce, case-insensitive over subject, code or level of the loaded
 * papers, results cached per term, a 'Searching' skeleton, result cards linking to subject pages,
 * 'No results found' and 'Clear Search'. The settled term is kept in the URL (?q=).
 */
export function PaperSearch() {
  const { input, setInput, term, clear, settling } = useSearchTerm(SEARCH_DEBOUNCE_MS);
  // Every paper is loaded the first time the student searches (or opens a search address), not with the page: the
  // home page stays a few kilobytes whatever the size of the library.
  const [wanted, setWanted] = useState(false);
  const wantsPapers = wanted || input.trim() !== '' || term !== '';
  const papers = usePaperSummaries({ enabled: wantsPapers });
  const search = usePaperSearch(papers.data, term);
  const active = input.trim() !== '' || term !== '';
  const searching = input.trim() !== '' && (settling || search.status === 'searching') && !papers.isError;
  const [showAllFor, setShowAllFor] = useState<string | null>(null);
  const setShowAll = (all: boolean) => setShowAllFor(all ? term : null);
  const shown = showAllFor === term ? Number.POSITIVE_INFINITY : SHOWN_RESULTS;

  return (
    <section className={styles.section} aria-labelledby="paper-search-heading">
      <div className={styles.box}>
        <h2 id="paper-search-heading" className={styles.heading}>
          Find a past paper
        </h2>
        <SearchInput
          label="Search past papers by subject, code or level"
          placeholder="Search by subject, code or level, e.g. Physics, 0580, IGCSE"
          value={input}
          onChange={setInput}
          onFocus={() => setWanted(true)}
          onClear={clear}
          size="large"
        />
      </div>
      <div className={styles.results} aria-live="polite" aria-busy={searching}>
        {active && papers.isError && (
          <LoadError
            message={errorText(papers.error, 'Failed to fetch past papers')}
            onRetry={() => void papers.refetch()}
          />
        )}
        {active && !papers.isError && searching && (
          <div data-testid="search-skeleton">
            <p className={styles.status}>Searching…</p>
            <ul className={styles.grid} aria-hidden="true">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className={styles.result}>
                  <Skeleton width="60%" height={20} />
                  <Skeleton width="40%" height={14} />
                  <Skeleton width="70%" height={14} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {!searching && search.status === 'done' && search.results.length > 0 && (
          <>
            <div className={styles.resultsHeader}>
              <p className={styles.status}>
                {search.results.length > shown
                  ? `Showing ${shown} of ${search.results.length} results for “${term.trim()}”`
                  : `${search.results.length} ${search.results.length === 1 ? 'result' : 'results'} for “${term.trim()}”`}
              </p>
              <Button variant="secondary" size="small" onClick={clear}>
                Clear Search
              </Button>
            </div>
            <ul className={styles.grid}>
              {search.results.slice(0, shown).map((paper) => (
                <ResultCard key={paper.id} paper={paper} />
              ))}
            </ul>
            {search.results.length > shown && (
              <p className={styles.more}>
                <Button variant="ghost" onClick={() => setShowAll(true)}>
                  Show all {search.results.length} results
                </Button>
              </p>
            )}
          </>
        )}
        {!searching && search.status === 'done' && term.trim() !== '' && (
          <p className={styles.inside}>
            <Link to={`/search?q=${encodeURIComponent(term.trim())}`} className={styles.insideLink}>
              Search inside papers for “{term.trim()}”
            </Link>
          </p>
        )}
        {!searching && search.status === 'done' && search.results.length === 0 && (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>No results found</p>
            <p className={styles.emptyHint}>
              Try a subject such as Physics, a code such as 0580, or a level such as IGCSE.
            </p>
            <Button variant="secondary" onClick={clear}>
              Clear Search
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
