import { isLaidOutText, LaidOutTextBuilder, MAX_PAGES, type PdfJsTextContent } from './laid-out-text';

const item = (str: string, transform: number[], width = str.length * 5, fontName = 'g_d0_f1') => ({
  str,
  transform,
  width,
  height: transform[3]!,
  fontName,
});

describe('LaidOutTextBuilder', () => {
  it("keeps upright text as rounded runs, with fonts by index, relative to the page box's origin", () => {
    const builder = new LaidOutTextBuilder();
    const content: PdfJsTextContent = {
      items: [
        item('1', [11, 0, 0, 11, 50, 733.992], 6.116),
        item(' ', [11, 0, 0, 11, 56.116, 733.992], 23.884),
        item('(a) Describe the thing.', [11, 0, 0, 11, 80, 733.992], 108.37199999999999, 'g_d0_f2'),
        { type: 'beginMarkedContent' },
        item('DO NOT WRITE IN THIS MARGIN', [0, 7, -7, 0, 22, 400]),
        item('', [11, 0, 0, 11, 80, 600]),
        item('  [2]', [11, 0, 0, 11, 520, 703.992], 25),
      ],
      styles: { g_d0_f1: { fontFamily: 'sans-serif' }, g_d0_f2: { fontFamily: 'serif' } },
    };
    builder.addPage(content, [0, 10, 595.28, 851.89]);
    const text = builder.build();
    expect(text.fonts).toEqual([
      { family: 'sans-serif', bold: null },
      { family: 'serif', bold: null },
    ]);
    expect(text.pages).toEqual([
      {
        width: 595.28,
        height: 841.89,
        runs: [
          ['1', 50, 723.99, 6.12, 11, 0],
          ['(a) Describe the thing.', 80, 723.99, 108.37, 11, 1],
          // Leading spaces are moved out of the run: it starts where "[2]" starts.
          ['[2]', 530, 693.99, 15, 11, 0],
        ],
      },
    ]);
  });

  it('takes bold from the reader when it knows it, and from a family that says so', () => {
    const builder = new LaidOutTextBuilder();
    builder.addPage(
      {
        items: [item('1', [11, 0, 0, 11, 50, 700], 6, 'a'), item('x', [11, 0, 0, 11, 80, 700], 6, 'b')],
        styles: { a: { fontFamily: 'Arial-BoldMT' }, b: { fontFamily: 'sans-serif' } },
      },
      [0, 0, 595, 842],
    );
    builder.addPage(
      { items: [item('y', [11, 0, 0, 11, 80, 700], 6, 'c')], styles: { c: { fontFamily: 'sans-serif' } } },
      [0, 0, 595, 842],
      new Set(['c']),
    );
    expect(builder.build().fonts.map((font) => font.bold)).toEqual([true, null, true]);
  });

  it(`keeps at most ${MAX_PAGES} pages`, () => {
    const builder = new LaidOutTextBuilder();
    for (let i = 0; i < MAX_PAGES + 5; i++) builder.addPage({ items: [], styles: {} }, [0, 0, 100, 100]);
    expect(builder.build().pages).toHaveLength(MAX_PAGES);
  });

  it('skips items with numbers that are not numbers', () => {
    const builder = new LaidOutTextBuilder();
    builder.addPage(
      { items: [item('x', [11, 0, 0, 11, Number.NaN, 700]), item('y', [11, 0, 0, Infinity, 80, 700])], styles: {} },
      [0, 0, 595, 842],
    );
    expect(builder.build().pages[0]!.runs).toEqual([]);
  });
});

describe('isLaidOutText', () => {
  it('accepts what the builder builds, sent through JSON', () => {
    const builder = new LaidOutTextBuilder();
    builder.addPage({ items: [item('1', [11, 0, 0, 11, 50, 700])], styles: {} }, [0, 0, 595, 842]);
    expect(isLaidOutText(JSON.parse(JSON.stringify(builder.build())))).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'pages'],
    ['no fonts', { pages: [] }],
    ['a run of five', { pages: [{ width: 1, height: 1, runs: [['a', 1, 2, 3, 4]] }], fonts: [] }],
    ['a run with a text number', { pages: [{ width: 1, height: 1, runs: [['a', '1', 2, 3, 4, 0]] }], fonts: [] }],
    ['a page without size', { pages: [{ runs: [] }], fonts: [] }],
  ])('rejects %s', (_, value) => {
    expect(isLaidOutText(value)).toBe(false);
  });
});
