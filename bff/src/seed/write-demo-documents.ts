// A build step, not part of the running product: `npm run build -w @ppl/bff` runs it after tsc (and the
// integration tests' global setup before seeding). pdfkit is a devDependency.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { allDemoDocuments, DEMO_DOCUMENTS_DIR, demoDocumentFile, demoDocumentsVersion } from './demo-documents';
import { demoDocumentPages, type DemoDocumentAbout } from './demo-document-text';

/** One multi-page PDF with real text (uncompressed, so its words can be found in the file too). */
export function renderDemoDocument(about: DemoDocumentAbout): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      autoFirstPage: false,
      info: {
        Title: `${about.subject} (${about.code}) ${about.session} ${about.year} ${about.variant} - ${about.kind}`,
        Author: 'Past Paper Library',
        Subject: `${about.subject} ${about.kind}`,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const pages = demoDocumentPages(about);
    pages.forEach((page, index) => {
      doc.addPage();
      doc.font('Helvetica').fontSize(9).fillColor('#666666');
      doc.text(`${about.code} · ${about.session} ${about.year} · ${about.variant} · ${about.kind}`, { align: 'left' });
      doc.moveDown(index === 0 ? 4 : 1.5);
      doc
        .font('Helvetica-Bold')
        .fontSize(index === 0 ? 22 : 15)
        .fillColor('#111111')
        .text(page.heading);
      doc.moveDown();
      doc.font('Helvetica').fontSize(11.5);
      for (const line of page.lines) doc.text(line || ' ', { paragraphGap: 8, lineGap: 2 });
      doc.font('Helvetica').fontSize(9).fillColor('#666666');
      doc.text(`Page ${index + 1} of ${pages.length}`, 56, doc.page.height - 70, { align: 'center', lineBreak: false });
    });
    doc.end();
  });
}

/** Writes every demo document into `dir` unless the ones there were made from the same sources. */
export async function writeDemoDocuments(dir = DEMO_DOCUMENTS_DIR): Promise<number> {
  const version = demoDocumentsVersion();
  const marker = join(dir, 'version.txt');
  try {
    if (readFileSync(marker, 'utf8') === version) return 0;
  } catch {
    // not made yet
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const documents = allDemoDocuments();
  for (const about of documents) writeFileSync(join(dir, demoDocumentFile(about)), await renderDemoDocument(about));
  writeFileSync(marker, version);
  return documents.length;
}

if (require.main === module) {
  writeDemoDocuments().then(
    (count) => console.log(count ? `Wrote ${count} demo documents` : 'Demo documents are up to date'),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
