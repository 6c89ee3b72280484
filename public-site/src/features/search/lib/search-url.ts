import {
  documentViewerPath,
  LEVELS,
  SESSIONS,
  type SearchDocumentType,
  type SearchParams,
  type SearchResult,
} from '@ppl/shared-ui';

export const DOCUMENT_TYPES: readonly SearchDocumentType[] = ['question-paper', 'mark-scheme', 'examiner-report'];
export const DOCUMENT_TYPE_LABELS: Record<SearchDocumentType, string> = {
  'question-paper': 'Question paper',
  'mark-scheme': 'Mark scheme',
  'examiner-report': 'Examiner report',
};
/** The filters a results page keeps in its URL (`/search?q=…&year=2023&type=mark-scheme&page=2`). */
export const FILTER_KEYS = ['level', 'subject', 'year', 'session', 'type'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const PAGE_SIZE = 20;
/** What the API accepts (longer text is cut here rather than refused). */
export const MAX_QUERY_LENGTH = 200;

/** The search the URL asks for; values the API would refuse are left out. */
export function searchParamsOf(params: URLSearchParams): SearchParams {
  const q = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const year = Number(params.get('year'));
  const page = Number(params.get('page'));
  const level = params.get('level') ?? '';
  const session = params.get('session') ?? '';
  const type = params.get('type') ?? '';
  const subject = (params.get('subject') ?? '').slice(0, 50);
  return {
    q,
    ...((LEVELS as readonly string[]).includes(level) ? { level } : {}),
    ...(subject ? { subject } : {}),
    ...(Number.isInteger(year) && year >= 1990 && year <= 2100 ? { year } : {}),
    ...((SESSIONS as readonly string[]).includes(session) ? { session } : {}),
    ...((DOCUMENT_TYPES as readonly string[]).includes(type) ? { type: type as SearchDocumentType } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 200 ? { page } : {}),
    limit: PAGE_SIZE,
  };
}

/** The results page's URL for a search (defaults left out). */
export function searchHref(search: SearchParams): string {
  const params = new URLSearchParams();
  params.set('q', search.q);
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (search.page !== undefined && search.page > 1) params.set('page', String(search.page));
  return `/search?${params.toString()}`;
}

/** The same search with one filter set (or cleared), from its first page. */
export function withFilter(search: SearchParams, key: FilterKey, value: string | undefined): string {
  const next: SearchParams = { ...search, page: undefined };
  if (value === undefined) delete next[key];
  else if (key === 'year') next.year = Number(value);
  else if (key === 'type') next.type = value as SearchDocumentType;
  else next[key] = value;
  return searchHref(next);
}

/**
 * Where "Open" goes for a result: the document viewer at the page the words were found on, with the
 * variant's file or the mark scheme / examiner report added on its own (`linked`).
 */
export function documentHref(result: SearchResult): string {
  return documentViewerPath(result.paper_id, {
    variant: result.variant_id,
    doc: result.document_type,
    linked: result.linked_document_id,
    page: result.page ?? undefined,
    // A hit inside a question opens at that question (the first of the page's, when it may be in either).
    question: result.questions[0] ?? null,
  });
}

export interface PaperGroup {
  paperId: number;
  results: SearchResult[];
}

/** Results come grouped by paper (a paper's documents next to each other): one group per run of a paper. */
export function groupByPaper(results: readonly SearchResult[]): PaperGroup[] {
  const groups: PaperGroup[] = [];
  for (const result of results) {
    const last = groups[groups.length - 1];
    if (last && last.paperId === result.paper_id) last.results.push(result);
    else groups.push({ paperId: result.paper_id, results: [result] });
  }
  return groups;
}
