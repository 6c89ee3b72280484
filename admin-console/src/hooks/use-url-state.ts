import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type UrlValue = string | number | null | undefined;

/**
 * List state (search, filters, sort, page) kept in the query string, so that it survives a reload and can be
 * shared. Empty values and values equal to their default are left out of the URL.
 */
export function useUrlState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const value = useCallback((key: K): string => params.get(key) ?? defaults[key], [params, defaults]);
  const update = useCallback(
    (changes: Partial<Record<K, UrlValue>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, raw] of Object.entries(changes) as Array<[K, UrlValue]>) {
            const text = raw === null || raw === undefined ? '' : String(raw);
            if (text === '' || text === defaults[key]) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults],
  );
  return { value, update, params };
}

/** A positive integer from the URL, or the fallback. */
export function positiveInt(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
