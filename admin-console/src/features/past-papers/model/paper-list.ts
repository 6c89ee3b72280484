import { compareCodes, LEVEL_LABELS, sortRows, type Level, type PastPaper, type SortDirection } from '@ppl/shared-ui';

/** What the list helpers read: a paper's own fields, in either shape (whole, or the compact list shape). */
export type ListedPaper = Omit<PastPaper, 'variants' | 'linked_documents'>;

export const SORT_KEYS = ['subject', 'code', 'level', 'year', 'session'] as const;
export type PaperSortKey = (typeof SORT_KEYS)[number];

export interface PaperFilters {
  q: string;
  subject: string;
  level: string;
  year: string;
  session: string;
}

export const subjectOf = (paper: ListedPaper): string => paper.subject_name || paper.subject || '';
export const levelLabel = (level: string): string => LEVEL_LABELS[level as Level] ?? level;

const has = (value: string | number, needle: string) =>
  String(value ?? '')
    .toLowerCase()
    .includes(needle.toLowerCase());

/**
 * Spec section 5: the search is a case-insensitive substring match on subject, code, year and session; the
 * subject, level and session filters match by substring, the year exactly.
 */
export function filterPapers<T extends ListedPaper>(papers: readonly T[], filters: PaperFilters): T[] {
  const q = filters.q.trim();
  return papers.filter(
    (paper) =>
      (!q || [subjectOf(paper), paper.code, paper.year, paper.session].some((field) => has(field, q))) &&
      (!filters.subject || has(subjectOf(paper), filters.subject)) &&
      (!filters.level || has(paper.level, filters.level)) &&
      (!filters.session || has(paper.session, filters.session)) &&
      (!filters.year || String(paper.year) === filters.year),
  );
}

export const isFiltered = (filters: PaperFilters): boolean =>
  Object.values(filters).some((value) => value.trim() !== '');

const ACCESSORS: Record<PaperSortKey, (paper: ListedPaper) => string | number> = {
  subject: subjectOf,
  code: (paper) => paper.code,
  level: (paper) => levelLabel(paper.level),
  year: (paper) => paper.year,
  session: (paper) => paper.session,
};

/** Case-insensitive sort on one of the five sortable columns. */
export function sortPapers<T extends ListedPaper>(
  papers: readonly T[],
  key: PaperSortKey,
  direction: SortDirection,
): T[] {
  if (key === 'code') return sortRows(papers, ACCESSORS.code, direction, (a, b) => compareCodes(String(a), String(b)));
  return sortRows(papers, ACCESSORS[key], direction);
}

export interface FilterOptions {
  subjects: string[];
  levels: string[];
  years: string[];
  sessions: string[];
}

/** The filters' options: the values present in the data (an 'All' option is added by the select). */
export function filterOptions(papers: readonly ListedPaper[]): FilterOptions {
  const distinct = (values: Array<string | number>) => Array.from(new Set(values.map(String).filter(Boolean)));
  const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
  return {
    subjects: distinct(papers.map(subjectOf)).sort(collator.compare),
    levels: distinct(papers.map((p) => p.level)).sort((a, b) => collator.compare(levelLabel(a), levelLabel(b))),
    years: distinct(papers.map((p) => p.year)).sort((a, b) => Number(b) - Number(a)),
    sessions: distinct(papers.map((p) => p.session)).sort(collator.compare),
  };
}
