// Draws generated pages with pdfkit (a devDependency: tests, the bench and build-time tools only).
import PDFDocument from 'pdfkit';
import { PAGE_HEIGHT, PAGE_WIDTH, type DrawnPage, type FontFace, type Measure } from './page-drawing';

const FONTS: Record<FontFace, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
/** A fixed date keeps the files byte for byte the same from one run to the next. */
const FIXED_DATE = new Date('2024-01-01T00:00:00Z');

let measuring: PDFKit.PDFDocument | undefined;
const widths = new Map<string, number>();

/** Text widths from pdfkit's metrics of the standard fonts (what the drawn text will measure). */
export const measure: Measure = (value, font, size) => {
  const key = `${font}\u0000${value}`;
  let width = widths.get(key);
  if (width === undefined) {
    measuring ??= new PDFDocument({ size: 'A4', autoFirstPage: false });
    width = measuring.font(FONTS[font]).fontSize(1000).widthOfString(value) / 1000;
    if (widths.size > 50_000) widths.clear();
    widths.set(key, width);
  }
  return width * size;
};

/** One PDF of the given pages (A4, uncompressed text so that a reader of the bytes can find words too). */
export function renderPdf(pages: readonly DrawnPage[], title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: [PAGE_WIDTH, PAGE_HEIGHT],
      margin: 0,
      autoFirstPage: false,
      compress: false,
      info: { Title: title, Author: 'Past Paper Library test papers', CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
      for (const op of page) {
        switch (op.op) {
          case 'text': {
            doc.font(FONTS[op.font]).fontSize(op.size).fillColor('#000000');
            const width = doc.widthOfString(op.text);
            const x = op.align === 'right' ? op.x - width : op.align === 'centre' ? op.x - width / 2 : op.x;
            doc.text(op.text, x, op.y, { lineBreak: false });
            break;
          }
          case 'rotated':
            doc.save();
            doc.rotate(op.angle, { origin: [op.x, op.y] });
            doc.font(FONTS.regular).fontSize(op.size).fillColor('#000000');
            doc.text(op.text, op.x, op.y, { lineBreak: false });
            doc.restore();
            break;
          case 'rect':
            if (op.fill) doc.rect(op.x, op.y, op.width, op.height).fillAndStroke(op.fill, '#000000');
            else doc.rect(op.x, op.y, op.width, op.height).lineWidth(0.6).stroke('#000000');
            break;
          case 'line':
            doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(0.6).stroke('#000000');
            break;
        }
      }
    }
    doc.end();
  });
}
