// A build step, not part of the running product: `npm run build -w @ppl/bff` runs it after tsc (and the
// integration tests' global setup before seeding). pdfkit (through the question-detection test-paper generator)
// is a devDependency.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutExaminerReport } from '../question-detection/testing/examiner-report-layout';
import { layoutMarkScheme } from '../question-detection/testing/mark-scheme-layout';
import { layoutQuestionPaper } from '../question-detection/testing/question-paper-layout';
import { measure, renderPdf } from '../question-detection/testing/render-pdf';
import { allDemoDocuments, DEMO_DOCUMENTS_DIR, demoDocumentFile, demoDocumentsVersion } from './demo-documents';
import { type DemoDocumentAbout } from './demo-document-text';
import { demoPaperSpec } from './demo-paper-spec';

/**
 * One demo document in the Cambridge layout (cover, numbered questions with their part marks, the mark scheme's
 * table, the examiner report's "Question N" comments), with real uncompressed text so that its words can be found.
 */
export function renderDemoDocument(about: DemoDocumentAbout): Promise<Buffer> {
  const spec = demoPaperSpec(about);
  const layout =
    about.kind === 'Question Paper'
      ? layoutQuestionPaper(spec, measure)
      : about.kind === 'Mark Scheme'
        ? layoutMarkScheme(spec, measure)
        : layoutExaminerReport(spec, measure);
  return renderPdf(
    layout.pages,
    `${about.subject} (${about.code}) ${about.session} ${about.year} ${about.variant} - ${about.kind}`,
  );
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
