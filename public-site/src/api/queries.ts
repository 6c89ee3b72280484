import { ApiError, type Api, type Level, type PastPaper, type PastPaperSummary, type Subject } from '@ppl/shared-ui';
import { useQuery, type QueryFunction, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServerRender } from '../ssr/server-render';
import { loadApi } from './load-api';

/**
 * The public site's server state, shared by every feature through one TanStack Query cache: each list is fetched
 * once, deduplicated and reused across pages (home, listings and subject pages read the same entries).
 */
export const queryKeys = {
  stats: ['dashboard-stats'] as const,
  settings: ['settings'] as const,
  subjects: ['subjects'] as const,
  subject: (id: number) => ['subjects', id] as const,
  paperSummaries: ['past-papers', 'summaries'] as const,
  recentPapers: (count: number) => ['past-papers', 'recent', count] as const,
  paperSummariesOf: (level: Level) => ['past-papers', 'summaries', level] as const,
  faqs: ['faqs', 'published'] as const,
  contactFaqs: ['faqs', 'contact'] as const,
  subjectPage: (code: string) => ['pages', 'subject', code.toLowerCase()] as const,
};

/**
 * useQuery, and during a server render also a note of what the page needs: the server fetches it and
 * renders again, so the HTML carries the data (and the browser reuses it instead of asking again).
 */
export function useAppQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
) {
  const render = useServerRender();
  if (render && options.enabled !== false && typeof options.queryFn === 'function') {
    render.collect({ queryKey: options.queryKey, queryFn: options.queryFn as QueryFunction<unknown> });
  }
  return useQuery(options);
}

export function useLibraryStats() {
  return useAppQuery({ queryKey: queryKeys.stats, queryFn: async () => (await loadApi()).dashboard.stats() });
}

export function useSiteSettings() {
  return useAppQuery({
    queryKey: queryKeys.settings,
    queryFn: async () => (await loadApi()).settings.getPublic(),
    staleTime: 10 * 60_000,
  });
}

export function useSubjects() {
  return useAppQuery({ queryKey: queryKeys.subjects, queryFn: async () => (await loadApi()).subjects.list() });
}

/**
 * Every paper in the compact shape (no variants): what the home search filters. `enabled: false` until it is needed
 * (a page that only may need it renders, on the server too, without it).
 */
export function usePaperSummaries({ enabled = true }: { enabled?: boolean } = {}) {
  return useAppQuery({
    queryKey: queryKeys.paperSummaries,
    queryFn: async () => (await loadApi()).pastPapers.summaries(),
    enabled,
  });
}

/** The `count` most recently updated papers, newest first (the home page's recent uploads): a few rows, not all. */
export function useRecentPapers(count: number) {
  return useAppQuery({
    queryKey: queryKeys.recentPapers(count),
    queryFn: async () => (await loadApi()).pastPapers.recent(count),
  });
}

/**
 * The papers of some levels, in the compact list shape (their files are loaded per subject when a listing opens
 * it): one level is asked of the server by category (and cached per level); several levels (a board or a group such
 * as o-level) read the one list of every paper the home page also uses, filtered here.
 */
export function usePaperSummariesOf(levels: readonly Level[]) {
  const single = levels.length === 1 ? levels[0]! : null;
  const levelKey = levels.join(',');
  const select = useCallback(
    (papers: PastPaperSummary[]) =>
      papers.filter((paper) => levelKey.split(',').includes(paper.subject_level ?? paper.level)),
    [levelKey],
  );
  return useAppQuery({
    queryKey: single ? queryKeys.paperSummariesOf(single) : queryKeys.paperSummaries,
    queryFn: async () => {
      const api = await loadApi();
      return single ? api.pastPapers.summaries({ category: single }) : api.pastPapers.summaries();
    },
    select: single ? undefined : select,
  });
}

export interface SubjectWithPapers {
  subject: Subject;
  papers: PastPaper[];
}

/** One subject with its papers (the BFF adds them to `?id=`; older servers are asked for them by subject_id). */
export function useSubjectWithPapers(id: number | null) {
  return useAppQuery({
    queryKey: queryKeys.subject(id ?? 0),
    enabled: id !== null,
    queryFn: async (): Promise<SubjectWithPapers> => {
      const api = await loadApi();
      const subject = await api.subjects.get(id!);
      const papers = subject.papers ?? (await api.pastPapers.list({ subject_id: id! }));
      return { subject, papers };
    },
  });
}

/** What the subject page shows (the subject with its papers, its coverage grid). */
export type SubjectPageData = Awaited<ReturnType<Api['pages']['subject']>>;

/**
 * The subject page in one request (the BFF's /pages/subject): found by code, any letter case. `null` when no
 * subject has the code, so that the server render and the browser show the same 'Subject Not Found' page.
 */
export function useSubjectPage(code: string) {
  return useAppQuery({
    queryKey: queryKeys.subjectPage(code),
    enabled: code !== '',
    queryFn: async (): Promise<SubjectPageData | null> => {
      try {
        return await (await loadApi()).pages.subject(code);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePublishedFaqs() {
  return useAppQuery({
    queryKey: queryKeys.faqs,
    queryFn: async () => (await loadApi()).faqs.list({ publishedOnly: true }),
  });
}
