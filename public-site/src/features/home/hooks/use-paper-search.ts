import type { PastPaperSummary } from '@ppl/shared-ui';
import { useEffect, useState } from 'react';
import { searchKey, searchPapers } from '../lib/search-papers';

/** Spec section 9: a simulated search delay of 300 ms (after the 300 ms debounce), skipped for cached terms. */
export const SIMULATED_SEARCH_DELAY_MS = 300;

/**
 * Results are cached per term for as long as the loaded papers are the same list (TanStack Query keeps the
 * same array until the data changes), so returning to a term, or to the home page, answers at once.
 */
const caches = new WeakMap<readonly PastPaperSummary[], Map<string, PastPaperSummary[]>>();

function cacheFor(papers: readonly PastPaperSummary[]): Map<string, PastPaperSummary[]> {
  let cache = caches.get(papers);
  if (!cache) {
    cache = new Map();
    caches.set(papers, cache);
  }
  return cache;
}

export type PaperSearch =
  | { status: 'idle'; results: readonly [] }
  | { status: 'searching'; results: readonly [] }
  | { status: 'done'; results: readonly PastPaperSummary[] };

/** Searches the loaded papers for a settled (already debounced) term. */
export function usePaperSearch(papers: readonly PastPaperSummary[] | undefined, term: string): PaperSearch {
  const key = searchKey(term);
  const [answer, setAnswer] = useState<{
    papers: readonly PastPaperSummary[];
    key: string;
    results: PastPaperSummary[];
  } | null>(null);

  useEffect(() => {
    if (!key || !papers) return;
    const cache = cacheFor(papers);
    const cached = cache.get(key);
    if (cached) {
      setAnswer({ papers, key, results: cached });
      return;
    }
    const timer = setTimeout(() => {
      const results = searchPapers(papers, key);
      cache.set(key, results);
      setAnswer({ papers, key, results });
    }, SIMULATED_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, papers]);

  if (!key) return { status: 'idle', results: [] };
  if (answer && answer.key === key && answer.papers === papers) return { status: 'done', results: answer.results };
  // A cached answer is shown in the same render, without waiting for the effect.
  const cached = papers ? cacheFor(papers).get(key) : undefined;
  if (cached) return { status: 'done', results: cached };
  return { status: 'searching', results: [] };
}
