import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../support/product';

/** scripts/critical-css.mjs is ESM: a node process answers the script's last expression. */
function run<T>(body: string): T {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/critical-css.mjs'))}).then((m) => console.log(JSON.stringify(${body})))`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as T;
}

const critical = (css: string, html: string) =>
  run<string>(`m.criticalCss(m.indexStylesheet(${JSON.stringify(css)}), ${JSON.stringify(html)})`);

/**
 * A rendered page inlines the rules its markup can use. A rule goes only when each of its selectors requires a class
 * the page does not have; what cannot be told for certain stays.
 */
describe('the styles a rendered page inlines', () => {
  it('keeps the rules of the classes in the markup, and leaves out the rest', () => {
    const css = '.card{color:red}.modal{display:flex}.card .title,.drawer{font-weight:700}.card.open{top:0}';
    expect(critical(css, '<div class="card"><h2 class="title">x</h2></div>')).toBe(
      '.card{color:red}.card .title,.drawer{font-weight:700}',
    );
  });

  it('keeps selectors that require no class: elements, :root, attributes, classes under :not() or :is()', () => {
    const css =
      ':root{--x:1}body{margin:0}[data-open]{display:block}a:not(.plain){color:blue}:is(.x,.y) p{margin:0}' +
      '[href$=".pdf"]{color:green}.x\\:y{color:red}';
    expect(critical(css, '<p></p>')).toBe(css);
  });

  it('filters inside @media and @supports, drops an empty block, and keeps @keyframes and @font-face', () => {
    const css =
      '@media (max-width:420px){.card{padding:0}.modal{padding:0}}@media print{.modal{display:none}}' +
      '@supports (display:grid){@media (min-width:1px){.card{display:grid}}}' +
      '@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:local(X)}';
    expect(critical(css, '<div class="card"></div>')).toBe(
      '@media (max-width:420px){.card{padding:0}}@supports (display:grid){@media (min-width:1px){.card{display:grid}}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:local(X)}',
    );
  });

  it('reads class attributes however they are quoted or spaced, and nothing else', () => {
    expect(
      run<string[]>(
        `[...m.classesIn('<a class="a  b" CLASS = \\'c\\'><span data-class="d" title="class=e">.f</span></a>')]`,
      ),
    ).toEqual(['a', 'b', 'c']);
  });
});
