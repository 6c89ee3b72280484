import { readPages } from './page-lines';
import { handMadeText, lineAt, markAt, type Placed } from './testing/hand-made-text';

/** Pages with a body line each, plus what is given for the header band. */
const pagesWith = (count: number, header: (page: number) => Placed[]): Placed[][] =>
  Array.from({ length: count }, (_, i) => [...lineAt(300, [80, `Body text of page ${i + 1}.`]), ...header(i + 1)]);

describe('readPages', () => {
  it('groups runs into lines by baseline, left to right, with words placed', () => {
    const [page] = readPages(
      handMadeText([[...lineAt(100, [78, 'The diagram'], [50, '1']), { x: 140, baseline: 97, text: '2', size: 7 }]]),
    );
    expect(page!.lines).toHaveLength(1);
    expect(page!.lines[0]).toMatchObject({ page: 1, text: '1 The diagram 2', x: 50, baseline: 100, size: 11 });
    expect(page!.lines[0]!.words.map((word) => [word.text, word.x])).toEqual([
      ['1', 50],
      ['The', 78],
      ['diagram', 78 + 4 * 5.5],
      ['2', 140],
    ]);
  });

  it('takes out running headers and footers repeated at the same place, and reads the page numbers', () => {
    const pages = readPages(
      handMadeText(
        pagesWith(4, (n) => [
          ...lineAt(30, [297, String(n)], [50, `# 00196553${n} #`]),
          ...lineAt(812, [50, '© UCLES 2024'], [260, '0625/42/M/J/24']),
        ]),
      ),
    );
    expect(pages.map((page) => page.lines.map((line) => line.text))).toEqual([
      ['Body text of page 1.'],
      ['Body text of page 2.'],
      ['Body text of page 3.'],
      ['Body text of page 4.'],
    ]);
    expect(pages.map((page) => page.printedNumber)).toEqual([1, 2, 3, 4]);
    expect(pages[0]!.running.map((line) => line.text)).toEqual(['# 001965531 #', '© UCLES 2024 0625/42/M/J/24']);
  });

  it('reads "Page 3 of 12" among footer text', () => {
    const pages = readPages(
      handMadeText(
        pagesWith(3, (n) => lineAt(812, [50, '© UCLES 2024'], [270, `Page ${n} of 3`], [480, '[Turn over'])),
      ),
    );
    expect(pages.map((page) => page.printedNumber)).toEqual([1, 2, 3]);
    expect(pages.every((page) => page.lines.length === 1)).toBe(true);
  });

  it('keeps a heading that differs in its numbers when it is at the top of two pages only', () => {
    const pages = readPages(handMadeText(pagesWith(3, (n) => (n > 1 ? lineAt(66, [50, `*Paper 0625/4${n}`]) : []))));
    expect(pages[1]!.lines.map((line) => line.text)).toContain('Paper 0625/42');
    expect(pages[2]!.lines.map((line) => line.text)).toContain('Paper 0625/43');
  });

  it('keeps a mark in the header band even when one sits at the same place on several pages', () => {
    const pages = readPages(handMadeText(pagesWith(4, () => [markAt(62, '[2]')])));
    expect(pages.every((page) => page.lines.some((line) => line.text === '[2]'))).toBe(true);
  });

  it('knows a BLANK PAGE (and a page without text) from one with content', () => {
    const pages = readPages(
      handMadeText([
        lineAt(400, [260, '*BLANK PAGE']),
        [],
        lineAt(400, [50, 'This page is intentionally left blank.']),
        lineAt(100, [50, 'Text']),
      ]),
    );
    expect(pages.map((page) => page.blank)).toEqual([true, true, true, false]);
  });
});
