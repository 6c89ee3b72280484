import { compareCodes, type Level, type PastPaperSummary, type Subject } from '@ppl/shared-ui';
import { compareLatestFirst, compareText, newer } from '../../../lib/papers';

export interface SubjectSummary {
  id: number;
  name: string;
  code: string;
  level: Level;
  description: string | null;
  updated_at: string;
}

/**
 * One subject of a listing with its papers (latest first, in the compact list shape: their files are loaded when
 * the subject is opened) and the figures shown for it.
 */
export interface SubjectGroup {
  subject: SubjectSummary;
  papers: PastPaperSummary[];
  paperCount: number;
  variantCount: number;
  markSchemeCount: number;
  examinerReportCount: number;
  downloads: number;
  /** The newest update of the subject or any of its papers and variants. */
  lastUpdated: string;
}

function summarise(subject: SubjectSummary, papers: PastPaperSummary[]): SubjectGroup {
  const sorted = [...papers].sort(compareLatestFirst);
  const total = (figure: (paper: PastPaperSummary) => number) => sorted.reduce((sum, paper) => sum + figure(paper), 0);
  return {
    subject,
    papers: sorted,
    paperCount: sorted.length,
    variantCount: total((p) => p.variant_count),
    markSchemeCount: total((p) => p.mark_scheme_count),
    examinerReportCount: total((p) => p.examiner_report_count),
    downloads: total((p) => p.downloads),
    lastUpdated: sorted.reduce((latest, paper) => newer(latest, paper.last_updated_at), subject.updated_at),
  };
}

/**
 * Papers grouped by subject (spec section 2): every subject of the listed levels, with or without papers. A paper
 * whose subject is missing from the subject list still gets a group, built from the paper's own subject fields.
 */
export function buildSubjectGroups(
  subjects: readonly Subject[],
  papers: readonly PastPaperSummary[],
  levels: readonly Level[],
): SubjectGroup[] {
  const bySubject = new Map<number, PastPaperSummary[]>();
  for (const paper of papers) {
    const list = bySubject.get(paper.subject_id) ?? [];
    list.push(paper);
    bySubject.set(paper.subject_id, list);
  }
  const groups: SubjectGroup[] = [];
  for (const subject of subjects) {
    const own = bySubject.get(subject.id) ?? [];
    bySubject.delete(subject.id);
    if (levels.includes(subject.level)) groups.push(summarise(subject, own));
  }
  for (const [subjectId, orphans] of bySubject) {
    const first = orphans[0]!;
    if (!levels.includes(first.subject_level ?? first.level)) continue;
    const summary: SubjectSummary = {
      id: subjectId,
      name: first.subject_name ?? first.subject,
      code: first.subject_code ?? first.code,
      level: first.subject_level ?? first.level,
      description: null,
      updated_at: first.updated_at,
    };
    groups.push(summarise(summary, orphans));
  }
  return groups;
}

export const LISTING_SORTS = [
  { value: 'name', label: 'Subject Name' },
  { value: 'code', label: 'Subject Code' },
  { value: 'papers', label: 'Number of Papers' },
  { value: 'updated', label: 'Recently Updated' },
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number]['value'];
export const LISTING_SORT_VALUES = LISTING_SORTS.map((s) => s.value);

/** The four listing sorts: name and code A to Z; most papers first; most recently updated first. */
export function sortSubjectGroups(groups: readonly SubjectGroup[], sort: ListingSort): SubjectGroup[] {
  const byName = (a: SubjectGroup, b: SubjectGroup) =>
    compareText(a.subject.name, b.subject.name) || compareCodes(a.subject.code, b.subject.code);
  const compare: Record<ListingSort, (a: SubjectGroup, b: SubjectGroup) => number> = {
    name: byName,
    code: (a, b) => compareCodes(a.subject.code, b.subject.code) || byName(a, b),
    papers: (a, b) => b.paperCount - a.paperCount || byName(a, b),
    updated: (a, b) => (Date.parse(b.lastUpdated) || 0) - (Date.parse(a.lastUpdated) || 0) || byName(a, b),
  };
  return [...groups].sort(compare[sort]);
}

/** Search by subject name, code or description, case-insensitively. */
export function searchSubjectGroups(groups: readonly SubjectGroup[], term: string): SubjectGroup[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups.filter(({ subject }) =>
    [subject.name, subject.code, subject.description ?? ''].some((field) => field.toLowerCase().includes(needle)),
  );
}

export interface PaperFilters {
  level?: string;
  year?: string;
  session?: string;
}

/**
 * The filters panel: a level keeps that level's subjects; a year or a session keeps the matching papers and
 * hides subjects left without any.
 */
export function applyPaperFilters(groups: readonly SubjectGroup[], filters: PaperFilters): SubjectGroup[] {
  let result = filters.level ? groups.filter((g) => g.subject.level === filters.level) : [...groups];
  if (filters.year || filters.session) {
    result = result
      .map((group) =>
        summarise(
          group.subject,
          group.papers.filter(
            (paper) =>
              (!filters.year || String(paper.year) === filters.year) &&
              (!filters.session || paper.session === filters.session),
          ),
        ),
      )
      .filter((group) => group.paperCount > 0);
  }
  return result;
}

export interface ListingStats {
  subjects: number;
  papers: number;
  markSchemes: number;
  downloads: number;
}

export function listingStats(groups: readonly SubjectGroup[]): ListingStats {
  return groups.reduce(
    (stats, group) => ({
      subjects: stats.subjects + 1,
      papers: stats.papers + group.paperCount,
      markSchemes: stats.markSchemes + group.markSchemeCount,
      downloads: stats.downloads + group.downloads,
    }),
    { subjects: 0, papers: 0, markSchemes: 0, downloads: 0 },
  );
}

/** Spec section 9: in grid view only the three latest year-session groups are shown. */
export const GRID_YEAR_SESSION_GROUPS = 3;
