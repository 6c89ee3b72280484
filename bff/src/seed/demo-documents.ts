import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PAPERS, DEMO_SUBJECTS } from './demo-content';
import type { DemoDocumentAbout, DemoDocumentKind } from './demo-document-text';

/**
 * The demo PDFs are made when the BFF is built (`write-demo-documents.ts`, with the question-detection test-paper
 * generator and pdfkit, build-time tools) and read from this folder by the seed, so the running product carries no
 * PDF generator.
 */
export const DEMO_DOCUMENTS_DIR = join(__dirname, '../../demo-documents');
const KINDS: DemoDocumentKind[] = ['Question Paper', 'Mark Scheme', 'Examiner Report'];
/** The files that make the documents: a change to any of them makes the documents again. */
const SOURCES = [
  'demo-content',
  'demo-document-text',
  'demo-paper-spec',
  'write-demo-documents',
  '../question-detection/testing/paper-content',
  '../question-detection/testing/question-paper-layout',
  '../question-detection/testing/mark-scheme-layout',
  '../question-detection/testing/examiner-report-layout',
  '../question-detection/testing/page-drawing',
  '../question-detection/testing/render-pdf',
];

/** The file name of one demo document. */
export function demoDocumentFile(about: DemoDocumentAbout): string {
  const slug = [about.code, about.year, about.session, about.variant, about.kind]
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return `${slug}.pdf`;
}

/** Every document the seed may ask for: each variant of each demo paper, in all three kinds. */
export function allDemoDocuments(): DemoDocumentAbout[] {
  return DEMO_PAPERS.flatMap((paper) => {
    const subject = DEMO_SUBJECTS.find((s) => s.code === paper.subjectCode)!;
    return Array.from({ length: paper.variants }, (_, i) =>
      KINDS.map((kind) => ({
        kind,
        subject: subject.name,
        code: subject.code,
        year: paper.year,
        session: paper.session,
        variant: `Paper ${i + 1}`,
      })),
    ).flat();
  });
}

/** A hash of the generator's inputs, recorded beside the documents. */
export function demoDocumentsVersion(): string {
  const hash = createHash('sha256');
  for (const name of SOURCES) {
    const file = [join(__dirname, `${name}.ts`), join(__dirname, `${name}.js`)].find((path) => existsSync(path));
    if (file) hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The bytes of one demo document (the build made it). */
export async function readDemoDocument(about: DemoDocumentAbout, dir = DEMO_DOCUMENTS_DIR): Promise<Buffer> {
  try {
    return await readFile(join(dir, demoDocumentFile(about)));
  } catch {
    throw new Error(`Demo document ${demoDocumentFile(about)} is missing from ${dir}: build the BFF first`);
  }
}
