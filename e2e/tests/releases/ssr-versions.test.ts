import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../support/product';

type Versions = {
  boot?: string;
  live?: boolean;
  content?: number;
  counters?: number;
  index?: number;
  scope?: { subjects?: unknown };
};
type Drop = 'all' | 'none' | { subjects: number[] };

/** scripts/ssr.mjs is ESM: a node process answers `name(...args)` for each case's arguments. */
function ssrAnswers<T>(name: string, cases: unknown[][]): T[] {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/ssr.mjs'))}).then((m) => console.log(JSON.stringify(${JSON.stringify(cases)}.map((args) => m[${JSON.stringify(name)}](...args)))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as T[];
}

const pagesToDrop = (cases: Array<[Versions | null, Versions, boolean]>) => ssrAnswers<Drop>('pagesToDrop', cases);

/**
 * The shell's server keeps rendered public pages until the BFF's data versions say they are wrong: a content change
 * drops them (only the pages that may show its subjects when it named them); the counters and the search index (the
 * text worker moves it with every document it reads, thousands in a bulk import) drop none.
 */
describe('which rendered pages a versions event drops', () => {
  const base: Versions = { boot: 'b1', live: true, content: 4, counters: 9, index: 20 };

  it('drops nothing when only the search index moved (search pages follow it within SSR_INDEX_MAX_AGE)', () => {
    expect(pagesToDrop([[base, { ...base, index: 21 }, true]])).toEqual(['none']);
  });

  it('drops every page when content moved, the BFF restarted or its live state changed', () => {
    expect(
      pagesToDrop([
        [base, { ...base, content: 5 }, true],
        [base, { ...base, content: 5, counters: 10 }, true],
        [base, { ...base, boot: 'b2' }, true],
        [base, { ...base, live: false }, true],
        [null, base, true],
        [base, base, false],
      ]),
    ).toEqual(['all', 'all', 'all', 'all', 'all', 'all']);
  });

  it('keeps dropped pages for visitors who ask while they are rendered again only when content alone moved', () => {
    const contentOnlyMoved = (cases: Array<[Versions | null, Versions, boolean]>) =>
      ssrAnswers<boolean>('contentOnlyMoved', cases);
    expect(
      contentOnlyMoved([
        [base, { ...base, content: 5 }, true],
        [base, { ...base, content: 5, scope: { subjects: [3] } }, true],
        [base, { ...base, content: 7, counters: 10 }, true],
        [base, { ...base, content: 5, boot: 'b2' }, true],
        [base, { ...base, content: 5, live: false }, true],
        [null, { ...base, content: 5 }, true],
        [base, { ...base, content: 5 }, false],
        [base, { ...base, counters: 10 }, true],
      ]),
    ).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('drops only the pages that may show the subjects one scoped content change named', () => {
    const scope = { subjects: [7, 12] };
    expect(
      pagesToDrop([
        [base, { ...base, content: 5, scope }, true],
        // Two changes seen as one event, or a change after a lost one: the scope does not cover what was missed.
        [base, { ...base, content: 6, scope }, true],
        [base, { ...base, content: 5, scope, boot: 'b2' }, true],
        [null, { ...base, content: 5, scope }, true],
        // A scope that is not a short list of ids is no scope.
        [base, { ...base, content: 5, scope: { subjects: ['7'] } }, true],
        [base, { ...base, content: 5, scope: { subjects: Array.from({ length: 101 }, (_, i) => i + 1) } }, true],
        [base, { ...base, content: 5, scope: { subjects: 7 } }, true],
      ]),
    ).toEqual([{ subjects: [7, 12] }, 'all', 'all', 'all', 'all', 'all', 'all']);
  });

  it('drops nothing when only download or view counters moved (a download changes a number, not a page)', () => {
    expect(
      pagesToDrop([
        [base, { ...base, counters: 10 }, true],
        [base, { ...base, counters: 10, index: 21 }, true],
      ]),
    ).toEqual(['none', 'none']);
  });

  it('drops nothing when nothing moved (a repeated event)', () => {
    expect(pagesToDrop([[base, { ...base }, true]])).toEqual(['none']);
  });
});

const showsSubjects = (cases: Array<[number[] | null, number[]]>) => ssrAnswers<boolean>('showsSubjects', cases);

describe('which cached pages a change to some subjects makes wrong', () => {
  it("a page of one of them, and any page that did not say which subjects it shows; never another subject's page", () => {
    expect(
      showsSubjects([
        [[7], [7, 12]],
        [[3], [7, 12]],
        [null, [7]],
        [[], [7]],
      ]),
    ).toEqual([true, false, true, false]);
  });
});

const countsFresh = (cases: Array<[{ counters: number | undefined; renderedAt: number }, number, number, number]>) =>
  ssrAnswers<boolean>('countsFresh', cases);
const indexFresh = (
  cases: Array<[{ search: boolean; index: number | undefined; renderedAt: number }, number, number, number]>,
) => ssrAnswers<boolean>('indexFresh', cases);

/**
 * A cached page keeps being served after downloads until its counts are older than SSR_COUNTS_MAX_AGE (30 s by
 * default): counts in rendered pages are eventually consistent, never more than that behind.
 */
describe('how long a cached page may show counts that have moved since', () => {
  it('is fresh under the same counters, or within the maximum age; stale after it', () => {
    const page = { counters: 9, renderedAt: 1_000_000 };
    expect(
      countsFresh([
        [page, 9, 1_000_000 + 3_600_000, 60_000],
        [page, 10, 1_000_000 + 59_999, 60_000],
        [page, 10, 1_000_000 + 60_000, 60_000],
        [page, 10, 1_000_000, 0],
      ]),
    ).toEqual([true, true, false, false]);
  });
});

/**
 * A cached search page keeps being served after the search index moved until it is older than SSR_INDEX_MAX_AGE (30 s
 * by default); any other page does not follow the index at all.
 */
describe('how long a cached search page may show results the index has moved on from', () => {
  it('is fresh under the same index, or within the maximum age; stale after it; other pages are always fresh', () => {
    const search = { search: true, index: 20, renderedAt: 1_000_000 };
    expect(
      indexFresh([
        [search, 20, 1_000_000 + 3_600_000, 30_000],
        [search, 21, 1_000_000 + 29_999, 30_000],
        [search, 21, 1_000_000 + 30_000, 30_000],
        [search, 21, 1_000_000, 0],
        [{ ...search, search: false }, 21, 1_000_000 + 3_600_000, 0],
      ]),
    ).toEqual([true, true, false, false, true]);
  });
});
