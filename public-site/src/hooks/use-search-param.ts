import { useCallback } from 'react';
import { useSearchParams } from '../lib/router';
import { changeSearchParams } from '../lib/search-params';

/**
 * A value kept in the URL's search params, so back/forward and shared links keep it. The default is left out of
 * the URL; values outside `allowed` read as the default.
 */
export function useSearchParam<T extends string>(
  key: string,
  fallback: T,
  allowed?: readonly T[],
): [T, (value: T, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = raw !== null && (!allowed || (allowed as readonly string[]).includes(raw)) ? (raw as T) : fallback;
  const setValue = useCallback(
    (next: T, options: { replace?: boolean } = {}) => {
      setParams(
        (rendered) =>
          changeSearchParams(rendered, (updated) => {
            if (next === fallback || next === '') updated.delete(key);
            else updated.set(key, next);
            return updated;
          }),
        { replace: options.replace ?? false },
      );
    },
    [key, fallback, setParams],
  );
  return [value, setValue];
}
