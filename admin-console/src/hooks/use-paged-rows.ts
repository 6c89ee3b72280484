import type { PaginationProps } from '@ppl/shared-ui';
import { useMemo } from 'react';
import { useDefaultPageSize } from '../lib/site-settings';
import { positiveInt, type UrlValue } from './use-url-state';

/** The per-page choices of every paged list; the filesPerPage setting (the default) is added when it is another. */
export const PAGE_SIZES = [10, 20, 50] as const;

/** What the hook needs of useUrlState: a list's page and per-page choice live in the query string. */
export interface PageUrlState<K extends string> {
  value: (key: K) => string;
  update: (changes: Partial<Record<K, UrlValue>>) => void;
}

/**
 * One page of `rows`, kept in the URL under `keys.page` and `keys.perPage` (so a reload or a shared link shows the
 * same page), with the props of the list's <Pagination>. A page past the end shows the last one.
 */
export function usePagedRows<T, K extends string>(
  rows: readonly T[],
  url: PageUrlState<K>,
  keys: { page: K; perPage: K },
): { visible: T[]; pagination: PaginationProps } {
  const defaultPerPage = useDefaultPageSize();
  const pageSizes = useMemo(
    () => [...new Set<number>([...PAGE_SIZES, defaultPerPage])].sort((a, b) => a - b),
    [defaultPerPage],
  );
  const asked = Number(url.value(keys.perPage));
  const perPage = pageSizes.includes(asked) ? asked : defaultPerPage;
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(positiveInt(url.value(keys.page), 1), pageCount);
  const visible = useMemo(() => rows.slice((current - 1) * perPage, current * perPage), [rows, current, perPage]);
  const pageKey = keys.page;
  const perPageKey = keys.perPage;
  return {
    visible,
    pagination: {
      page: current,
      pageCount,
      onPageChange: (page) => url.update({ [pageKey]: page } as Partial<Record<K, UrlValue>>),
      pageSize: perPage,
      pageSizeOptions: pageSizes,
      onPageSizeChange: (size) => url.update({ [perPageKey]: size, [pageKey]: null } as Partial<Record<K, UrlValue>>),
    },
  };
}
