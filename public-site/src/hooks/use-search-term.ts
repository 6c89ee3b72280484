import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
import { useSearchParam } from './use-search-param';

/**
 * A search box whose settled term lives in the URL (`?q=`): typing updates the box at once and the URL once typing
 * pauses for `debounceMs` (replacing the history entry, so back does not step through keystrokes). Back/forward
 * and shared links restore the box.
 */
export function useSearchTerm(debounceMs: number, key = 'q') {
  const [term, setTerm] = useSearchParam<string>(key, '');
  const [input, setInput] = useState(term);
  const debounced = useDebouncedValue(input, debounceMs);
  const lastWritten = useRef(term);
  // The router's setter changes with every URL change; only a newly settled input may write the URL.
  const setTermRef = useRef(setTerm);
  useEffect(() => {
    setTermRef.current = setTerm;
  }, [setTerm]);

  useEffect(() => {
    if (debounced.trim() === lastWritten.current.trim()) return;
    lastWritten.current = debounced;
    setTermRef.current(debounced.trim() === '' ? '' : debounced, { replace: true });
  }, [debounced]);

  // The URL changed from outside (back/forward, a link): show its term in the box.
  useEffect(() => {
    if (term.trim() !== lastWritten.current.trim()) {
      lastWritten.current = term;
      setInput(term);
    }
  }, [term]);

  /** Empties the box and removes the term from the URL. */
  const clear = () => {
    forget();
    setTerm('', { replace: true });
  };
  /**
   * Empties the box only, for a caller that removes the term from the URL itself in the same update as other
   * params (two updates in one tick would not compose).
   */
  const forget = () => {
    setInput('');
    lastWritten.current = '';
  };

  return { input, setInput, term, clear, forget, settling: input.trim() !== term.trim() };
}
