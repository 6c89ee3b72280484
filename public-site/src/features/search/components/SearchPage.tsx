import {
  errorText,
  LEVEL_LABELS,
  type Level,
  type SearchAnswer,
  type SearchFacet,
  type SearchResult,
} from '@ppl/shared-ui';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { LoadError } from '../../../components/LoadError';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSearch } from '../api/use-search';
import { useResultKeys } from '../hooks/use-result-keys';
import {
  DOCUMENT_TYPE_LABELS,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  documentHref,
  groupByPaper,
  searchHref,
  searchParamsOf,
  withFilter,
  type FilterKey,
} from '../lib/search-url';
import styles from './SearchPage.module.css';

const FACETS: Array<{ key: FilterKey; facet: keyof SearchAnswer['facets']; title: string }> = [
  { key: 'type', facet: 'document_types', title: 'Document type' },
  { key: 'level', facet: 'levels', title: 'Level' },
  { key: 'subject', facet: 'subjects', title: 'Subject' },
  { key: 'year', facet: 'years', title: 'Year' },
  { key: 'session', facet: 'sessions', title: 'Session' },
];

function facetLabel(key: FilterKey, facet: SearchFacet): string {
  if (key === 'level') return LEVEL_LABELS[facet.value as Level] ?? facet.label;
  if (key === 'type') return DOCUMENT_TYPE_LABELS[facet.value as SearchResult['document_type']] ?? facet.label;
  if (key === 'subject') return `${facet.label} (${facet.value})`;
  return facet.label;
}

/** "Physics (9702) · May/June 2023 · Paper 12 · Question paper": what the query was read as. */
function understoodAs(answer: SearchAnswer): string {
  const i = answer.interpreted;
  const parts = [
    ...i.subjects.slice(0, 3).map((s) => `${s.name} (${s.code})`),
    i.subjects.length === 0 ? i.levels.map((l) => LEVEL_LABELS[l] ?? l).join(' or ') : '',
    [i.session, i.year].filter(Boolean).join(' '),
    i.variant_name ?? (i.paper !== null ? `Paper ${i.paper}` : ''),
    i.document_type ? DOCUMENT_TYPE_LABELS[i.document_type as SearchResult['document_type']] : '',
    i.words.length ? `“${i.words.join(' ')}”` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "Question 4", or "Questions 3–4" when the hit's page holds the end of one and the start of the next. */
function questionLabel(numbers: readonly string[]): string | null {
  if (numbers.length === 0) return null;
  return numbers.length === 1 ? `Question ${numbers[0]}` : `Questions ${numbers[0]}–${numbers.at(-1)}`;
}

function ResultItem({ result }: { result: SearchResult }) {
  const type = DOCUMENT_TYPE_LABELS[result.document_type];
  const question = questionLabel(result.questions);
  return (
    <li className={styles.document}>
      <p className={styles.documentTitle}>
        <span className={styles.type} data-type={result.document_type}>
          {type}
        </span>
        {result.variant_name && <span>{result.variant_name}</span>}
        {result.page !== null && <span className={styles.pageNumber}>page {result.page}</span>}
        {question && (
          <span className={styles.pageNumber} data-testid="result-question">
            in {question}
          </span>
        )}
      </p>
      {result.snippet && (
        // The API escapes every character of the text and adds only <mark> (bff/src/search/snippet.ts).
        <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: result.snippet }} />
      )}
      <Link
        className={styles.open}
        to={documentHref(result)}
        data-result-link=""
        aria-label={`Open ${result.subject_name} ${result.session} ${result.year} ${result.variant_name ?? ''} ${type}${question ? ` at question ${result.questions[0]}` : result.page !== null ? ` at page ${result.page}` : ''}`}
      >
        {question
          ? `Open at question ${result.questions[0]}`
          : result.page !== null
            ? `Open at page ${result.page}`
            : 'Open'}
      </Link>
    </li>
  );
}

function Results({ answer, best }: { answer: SearchAnswer; best: boolean }) {
  const list = useRef<HTMLOListElement>(null);
  const { onListKeyDown } = useResultKeys(list);
  const groups = groupByPaper(answer.results);
  return (
    // Arrow keys move between the result links inside (the keydown bubbles up from them).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <ol ref={list} className={styles.groups} onKeyDown={onListKeyDown} data-testid="search-results">
      {groups.map((group, index) => {
        const first = group.results[0]!;
        return (
          <li key={`${group.paperId}-${index}`} className={styles.group} data-paper-id={group.paperId}>
            <h2 className={styles.paperTitle}>
              <Link to={`/past-papers/subject/${encodeURIComponent(first.subject_code)}`}>
                {first.subject_name} ({first.subject_code})
              </Link>
              {best && index === 0 && <span className={styles.best}>Best match</span>}
            </h2>
            <p className={styles.paperMeta}>
              {first.session} {first.year} · {LEVEL_LABELS[first.level] ?? first.level}
            </p>
            <ul className={styles.documents}>
              {group.results.map((result, n) => (
                <ResultItem
                  key={`${result.variant_id ?? 'l'}-${result.linked_document_id ?? ''}-${result.document_type}-${n}`}
                  result={result}
                />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function Facets({ answer, search }: { answer: SearchAnswer; search: ReturnType<typeof searchParamsOf> }) {
  return (
    <div className={styles.facets}>
      {FACETS.map(({ key, facet, title }) => {
        const values = answer.facets[facet];
        const chosen = search[key] !== undefined ? String(search[key]) : undefined;
        if (values.length === 0) return null;
        return (
          <section key={key} className={styles.facet} aria-label={title}>
            <h3 className={styles.facetTitle}>{title}</h3>
            <ul className={styles.facetValues}>
              {values.slice(0, 12).map((value) => {
                const active = chosen === value.value;
                return (
                  <li key={value.value}>
                    <Link
                      className={[styles.facetLink, active ? styles.facetActive : ''].filter(Boolean).join(' ')}
                      to={withFilter(search, key, active ? undefined : value.value)}
                      aria-current={active ? 'true' : undefined}
                    >
                      <span>{facetLabel(key, value)}</span>
                      <span className={styles.count}>{value.count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Empty({ answer, q }: { answer: SearchAnswer | undefined; q: string }) {
  const suggestions = answer?.suggestions ?? [];
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>No results for “{q}”</h2>
      {suggestions.length > 0 && (
        <p>
          Did you mean{' '}
          {suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 && ' or '}
              <Link to={searchHref({ q: s })}>{s}</Link>
            </span>
          ))}
          ?
        </p>
      )}
      <ul className={styles.tips}>
        <li>Check the spelling, or use fewer words.</li>
        <li>Try a paper code as printed on the paper, e.g. 9702/12/M/J/23 or 9702_s23_qp_12.</li>
        <li>Try a subject and year, e.g. “igcse physics 2023”.</li>
      </ul>
      <p>
        Still missing? <Link to="/contact">Request the paper</Link> and we will try to add it.
      </p>
    </div>
  );
}

/** `/search?q=…`: results grouped by paper, facet filters and pages in the URL, "Open at page N". */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = useMemo(() => searchParamsOf(params), [params]);
  const query = useSearch(search);
  const [typed, setTyped] = useState<{ for: string; text: string } | null>(null);
  const text = typed?.for === search.q ? typed.text : search.q;
  const list = useRef<HTMLDivElement>(null);
  const { onInputKeyDown } = useResultKeys(list);
  useDocumentTitle(search.q ? `Search: ${search.q}` : 'Search');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) navigate(searchHref({ q }));
  };
  const answer = query.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / PAGE_SIZE)) : 1;
  const page = search.page ?? 1;
  const best =
    answer !== undefined &&
    page === 1 &&
    (answer.interpreted.variant_name !== null || answer.interpreted.year !== null);

  return (
    <div className={styles.page}>
      <form className={styles.form} role="search" action="/search" onSubmit={submit}>
        <label className="ppl-visually-hidden" htmlFor="search-page-input">
          Search papers
        </label>
        <input
          id="search-page-input"
          className={styles.input}
          type="search"
          name="q"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Paper code, subject, year or words inside papers"
          autoComplete="off"
          enterKeyHint="search"
          data-search-input=""
          onChange={(event) => setTyped({ for: search.q, text: event.target.value })}
          onKeyDown={onInputKeyDown}
        />
        <button className={styles.submit} type="submit">
          Search
        </button>
      </form>

      {!search.q && !search.level && !search.subject && (
        <p className={styles.hint}>
          Type a paper code as printed (9702/12/M/J/23, 9702_s23_qp_12, wph11 jan 2023), a subject and year, or words
          from inside a paper.
        </p>
      )}
      {query.isError && (
        <LoadError message={errorText(query.error, 'Search failed')} onRetry={() => void query.refetch()} />
      )}
      {answer && (
        <div className={styles.layout} ref={list}>
          <aside className={styles.aside}>
            {answer.total > 0 && (
              <details className={styles.filters} open>
                <summary className={styles.filtersSummary}>Filters</summary>
                <Facets answer={answer} search={search} />
              </details>
            )}
          </aside>
          <div className={styles.main} aria-live="polite" aria-busy={query.isFetching}>
            {answer.total > 0 ? (
              <>
                <p className={styles.summary} data-testid="search-summary">
                  {answer.total} {answer.total === 1 ? 'document' : 'documents'}
                  {understoodAs(answer) && <> for {understoodAs(answer)}</>}
                </p>
                {answer.interpreted.corrections.length > 0 && (
                  <p className={styles.note}>
                    Showing results for{' '}
                    {answer.interpreted.corrections.map((c) => `${c.to} (you typed “${c.from}”)`).join(', ')}.
                  </p>
                )}
                {answer.interpreted.relaxed.length > 0 && (
                  <p className={styles.note}>
                    Nothing matched all of “{search.q}”: showing the closest papers (without{' '}
                    {answer.interpreted.relaxed
                      .map((r) => r.replace('_', ' ').replace('all words', 'every word'))
                      .join(', ')}
                    ).
                  </p>
                )}
                <Results answer={answer} best={best && answer.interpreted.relaxed.length === 0} />
                {pages > 1 && (
                  <nav className={styles.pager} aria-label="Result pages">
                    {page > 1 ? (
                      <Link to={searchHref({ ...search, page: page - 1 })}>Previous</Link>
                    ) : (
                      <span aria-hidden="true" />
                    )}
                    <span>
                      Page {page} of {pages}
                    </span>
                    {page < pages ? (
                      <Link to={searchHref({ ...search, page: page + 1 })}>Next</Link>
                    ) : (
                      <span aria-hidden="true" />
                    )}
                  </nav>
                )}
              </>
            ) : (
              <Empty answer={answer} q={search.q} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
