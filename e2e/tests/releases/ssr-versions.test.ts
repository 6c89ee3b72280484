import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../support/product';

type Versions = { boot?: string; live?: boolean; content?: number; counters?: number; index?: number };

/** scripts/ssr.mjs is ESM: a node process answers pagesToDrop for each case. */
function pagesToDrop(cases: Array<[Versions | null, Versions, boolean]>): string[] {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/ssr.mjs'))}).then((m) => console.log(JSON.stringify(${JSON.stringify(cases)}.map(([b, n, l]) => m.pagesToDrop(b, n, l)))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

/**
 * The shell's server keeps rendered public pages until the BFF's data versions say they are wrong (issue 13). The
 * text worker moves the search index version with every document it reads (thousands in a bulk import or a
 * reindex): that drops the search pages only, never home, listings, subjects or FAQs, which do not show the index.
 */
describe('which rendered pages a versions event drops', () => {
  const base: Versions = { boot: 'b1', live: true, content: 4, counters: 9, index: 20 };

  it('drops only the search pages when only the search index moved', () => {
    expect(pagesToDrop([[base, { ...base, index: 21 }, true]])).toEqual(['search']);
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

  it('drops nothing when only download or view counters moved (a download changes a number, not a page)', () => {
    expect(
      pagesToDrop([
        [base, { ...base, counters: 10 }, true],
        [base, { ...base, counters: 10, index: 21 }, true],
      ]),
    ).toEqual(['none', 'search']);
  });

  it('drops nothing when nothing moved (a repeated event)', () => {
    expect(pagesToDrop([[base, { ...base }, true]])).toEqual(['none']);
  });
});

/** scripts/ssr.mjs's countsFresh for each case. */
function countsFresh(cases: Array<[{ counters: number | undefined; renderedAt: number }, number, number, number]>) {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/ssr.mjs'))}).then((m) => console.log(JSON.stringify(${JSON.stringify(cases)}.map((c) => m.countsFresh(...c)))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as boolean[];
}

/**
 * A cached page keeps being served after downloads until its counts are older than SSR_COUNTS_MAX_AGE (60 s by
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
