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

  it('drops every page when content or counters moved, the BFF restarted or its live state changed', () => {
    expect(
      pagesToDrop([
        [base, { ...base, content: 5 }, true],
        [base, { ...base, counters: 10, index: 21 }, true],
        [base, { ...base, boot: 'b2' }, true],
        [base, { ...base, live: false }, true],
        [null, base, true],
        [base, base, false],
      ]),
    ).toEqual(['all', 'all', 'all', 'all', 'all', 'all']);
  });

  it('drops nothing when nothing moved (a repeated event)', () => {
    expect(pagesToDrop([[base, { ...base }, true]])).toEqual(['none']);
  });
});
