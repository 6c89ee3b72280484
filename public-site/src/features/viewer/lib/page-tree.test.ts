import { pageTreeKidOffsets } from './page-tree';

/** A PDF as pdfkit lays one out: each page's content, then its dictionary; the page tree and the xref at the end. */
function pdf(pages: number, { xrefStream = false } = {}): { text: string; pageAt: number[] } {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  const pageAt: number[] = [];
  const object = (id: number, body: string) => {
    offsets[id] = text.length;
    text += `${id} 0 obj\n${body}\nendobj\n`;
  };
  for (let n = 0; n < pages; n++) {
    object(4 + 2 * n, `<< /Length 1000 >>\nstream\n${'x'.repeat(1000)}\nendstream`);
    object(3 + 2 * n, `<< /Type /Page /Parent 2 0 R /Contents ${4 + 2 * n} 0 R >>`);
    pageAt.push(offsets[3 + 2 * n]!);
  }
  object(2, `<< /Type /Pages /Count ${pages} /Kids [${pageAt.map((_, n) => `${3 + 2 * n} 0 R`).join(' ')}] >>`);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const xref = text.length;
  const count = 3 + 2 * pages;
  if (xrefStream) text += `${count} 0 obj\n<< /Type /XRef >>\nstream\nendstream\nendobj\n`;
  else {
    text += `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let id = 1; id < count; id++) text += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
    text += `trailer\n<< /Size ${count} /Root 1 0 R >>\n`;
  }
  text += `startxref\n${xref}\n%%EOF\n`;
  return { text, pageAt };
}

describe('pageTreeKidOffsets', () => {
  const read = (text: string) => async (begin: number, end: number) => text.slice(begin, end);

  it('finds every page dictionary of a flat page tree from the end of the file', async () => {
    const { text, pageAt } = pdf(5);
    const tailBegin = text.length - 600;
    expect(await pageTreeKidOffsets(text.slice(tailBegin), tailBegin, read(text))).toEqual(pageAt);
  });

  it('reads the catalogue or the page tree where they are when they are not in the end it has', async () => {
    const { text, pageAt } = pdf(3);
    const tailBegin = text.indexOf('xref');
    const asked: number[] = [];
    const reader = async (begin: number, end: number) => {
      asked.push(begin);
      return text.slice(begin, end);
    };
    expect(await pageTreeKidOffsets(text.slice(tailBegin), tailBegin, reader)).toEqual(pageAt);
    expect(asked).toHaveLength(2); // the catalogue and the /Pages node
  });

  it('gives up on anything else (a cross-reference stream, a cut table), leaving pdf.js to find its way', async () => {
    const stream = pdf(3, { xrefStream: true }).text;
    expect(await pageTreeKidOffsets(stream.slice(-300), stream.length - 300, read(stream))).toBeNull();
    const { text } = pdf(3);
    const cut = text.replace('/Root 1 0 R', '');
    expect(await pageTreeKidOffsets(cut.slice(-400), cut.length - 400, read(cut))).toBeNull();
    expect(await pageTreeKidOffsets('no pdf here', 0, read(''))).toBeNull();
  });
});
