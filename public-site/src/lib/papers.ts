import { normaliseSession, type PastPaper, type Variant } from '@ppl/shared-ui';

/** Order of the exam series within a year (later series rank higher); unknown sessions rank lowest. */
const SESSION_RANK: Record<string, number> = {
  'feb/march': 1,
  spring: 1,
  'may/june': 2,
  summer: 2,
  'oct/nov': 3,
  winter: 3,
};

export function sessionRank(session: string): number {
  return SESSION_RANK[session.trim().toLowerCase()] ?? SESSION_RANK[normaliseSession(session).toLowerCase()] ?? 0;
}

export interface YearSession {
  year: number;
  session: string;
}

/** Latest first: by year, then by series within the year. */
export function compareLatestFirst(a: YearSession, b: YearSession): number {
  return b.year - a.year || sessionRank(b.session) - sessionRank(a.session);
}

/** How a series is shown: "May/June 2024" (session display normalisation, spec section 4). */
export function yearSessionLabel({ year, session }: YearSession): string {
  return `${normaliseSession(session)} ${year}`;
}

export interface YearSessionGroup<T> {
  key: string;
  year: number;
  session: string;
  label: string;
  items: T[];
}

/** Groups items by year and series, in the order each group first appears. */
export function groupByYearSession<T extends YearSession>(items: readonly T[]): Array<YearSessionGroup<T>> {
  const groups = new Map<string, YearSessionGroup<T>>();
  for (const item of items) {
    const session = normaliseSession(item.session);
    const key = `${item.year}-${session.toLowerCase()}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, year: item.year, session: item.session, label: yearSessionLabel(item), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

export const variantDownloads = (variant: Variant): number =>
  variant.downloads ?? variant.document_downloads + variant.mark_scheme_downloads + variant.examiner_report_downloads;

export const paperDownloads = (paper: PastPaper): number =>
  paper.variants.reduce((sum, variant) => sum + variantDownloads(variant), 0);

/** The newest of two ISO timestamps (either may be missing). */
export function newer(a: string | undefined, b: string | undefined): string {
  if (!a) return b ?? '';
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Natural, case-insensitive text order ("Paper 2" before "Paper 10"). */
export const compareText = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
