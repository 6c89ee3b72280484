import { createDeflate, deflateSync } from 'node:zlib';

/**
 * Hostile PDFs written byte by byte (small files that cost a reader a great deal), for the tests of the text
 * reader's bounds. Generated on the fly: the project never commits third-party PDFs.
 */

/** A PDF from its numbered objects (1 is the catalogue), with a correct cross-reference table. */
function assemble(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const dictionary = (text: string) => Buffer.from(text, 'latin1');
const stream = (entries: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${entries} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/** Words of 3 to 9 letters from a fixed seed: different words, so the text is costly to index as a real one is. */
function* words(seed: number): Generator<string> {
  let state = seed >>> 0 || 1;
  for (;;) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    let word = '';
    for (let n = 3 + (state % 7), s = state; n > 0; n--, s = Math.floor(s / 26) + n * 7919)
      word += String.fromCharCode(97 + (s % 26));
    yield word;
  }
}

/**
 * `pages` pages that all draw the same content stream of about `charsPerPage` characters of text: the file stays
 * small (one compressed stream) while a reader that keeps everything gets pages × charsPerPage characters.
 */
export function textBombPdf({ pages = 2000, charsPerPage = 20_000 } = {}): Buffer {
  const lines: string[] = ['BT /F1 6 Tf 8 TL 20 820 Td'];
  let chars = 0;
  const source = words(pages * 31 + charsPerPage);
  while (chars < charsPerPage) {
    let line = '';
    while (line.length < 90) line += `${source.next().value as string} `;
    lines.push(`(${line}) Tj T*`);
    chars += line.length;
  }
  lines.push('ET');
  const content = deflateSync(Buffer.from(lines.join('\n'), 'latin1'));
  const firstPage = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i} 0 R`).join(' ');
  const objects: Buffer[] = [
    dictionary('<< /Type /Catalog /Pages 2 0 R >>'),
    dictionary(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    dictionary('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    stream('/Filter /FlateDecode', content),
  ];
  for (let i = 0; i < pages; i++)
    objects.push(
      dictionary(
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
      ),
    );
  return assemble(objects);
}

/** `bytes` zero bytes compressed with Flate, fed in chunks (a 432 MB picture is never held in memory). */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const chunk = Buffer.alloc(1 << 20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * One A4 page that draws a `side` × `side` RGB picture (all black, so Flate shrinks 432 MB to a few hundred KB at
 * 12000), with a line of text so the page also has something to read.
 */
export async function hugeImagePdf({ side = 12_000, text = 'Huge picture page' } = {}): Promise<Buffer> {
  const image = await deflatedZeros(side * side * 3);
  const content = Buffer.from(`q 595 0 0 842 0 0 cm /Im1 Do Q\nBT /F1 12 Tf 40 40 Td (${text}) Tj ET`, 'latin1');
  return assemble([
    dictionary('<< /Type /Catalog /Pages 2 0 R >>'),
    dictionary('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    dictionary(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 6 0 R >>',
    ),
    dictionary('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
      image,
    ),
    stream('', content),
  ]);
}
