import { queryKeys } from '../api/queries';

/** What a rendered page shows that a content change can alter: these subjects and nothing else. */
export interface PageScope {
  subjects: number[];
}

interface RenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * The subjects a page rendered from these queries shows, when that is all it shows; null when it may show anything
 * (a list of subjects or papers, search, statistics, a missing subject, any query not known here). The site's
 * settings are allowed: a settings change is never scoped, so it drops every page anyway. The shell's server keeps a
 * page with a scope through content changes of other subjects.
 */
export function pageScopeOf(queries: readonly RenderedQuery[]): PageScope | null {
  const subjects: number[] = [];
  for (const { queryKey, data } of queries) {
    if (sameKey(queryKey, queryKeys.settings)) continue;
    const [pages, kind, code] = queryKey;
    if (pages === 'pages' && kind === 'subject' && typeof code === 'string') {
      const id = (data as { subject?: { id?: unknown } } | null)?.subject?.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
      subjects.push(id);
      continue;
    }
    return null;
  }
  return { subjects };
}
