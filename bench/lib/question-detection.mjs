// @ts-check
// The BFF's question detection and pdf.js's text extraction as the BFF's reader does them, for the question
// benches (bench/questions.mjs on the generated labelled set, bench/questions-real.mjs on real PDFs). It reads the
// BFF's build (bff/dist/question-detection): build it first (npm run build -w @ppl/bff), or it compiles the BFF with
// tsc when that folder is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { polyfillPdfJs } from './pdfjs-node.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = resolve(process.env.PPL_BFF_DIST ?? join(ROOT, 'bff/dist'));

if (!existsSync(join(DIST, 'question-detection/index.js'))) {
  console.log('Building the BFF (tsc)...');
  const built = spawnSync('npx', ['tsc', '-p', 'bff/tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
}

const requireBff = createRequire(join(ROOT, 'bff/package.json'));
/**
 * The compiled detector and generator (a computed path keeps the type checker out of the BFF's build output).
 * @type {{
 *   LaidOutTextBuilder: new () => { addPage(content: unknown, view: number[]): void; build(): unknown };
 *   detectQuestionPaper(text: unknown): QuestionPaper | null;
 *   detectMarkScheme(text: unknown): MarkScheme | null;
 *   detectExaminerReport(text: unknown): unknown;
 *   commentsForPaper(report: unknown, code: string | null): Array<{ questions: number[]; start: Position }>;
 *   questionSet(input: { questionPaper: unknown; markScheme?: unknown; examinerReport?: unknown }): { status: string; reasons: string[] };
 * }}
 */
export const detection = requireBff(join(DIST, 'question-detection/index.js'));
/**
 * @type {{
 *   labelledSetSpecs(options: { seed: number; papers: number; damagedPerKind: number }): Array<{ seed: number; damage: string | null; questions: unknown[] }>;
 *   renderPaper(spec: unknown): Promise<Generated>;
 *   generatePaper(seed: number, options: { minimumPages?: number }): Promise<Generated>;
 * }}
 */
export const generator = requireBff(join(DIST, 'question-detection/testing/question-papers.js'));

/**
 * @typedef {{ page: number; top: number }} Position
 * @typedef {{ layout: string; cover: { statedTotal: number | null; durationMinutes: number | null }; questions: Array<{ number: number; start: Position; marks: number }> }} QuestionPaper
 * @typedef {{ rows: Array<{ label: string; question: number; start: Position; marks: number }>; questions: Array<{ number: number; start: Position; marks: number }> }} MarkScheme
 * @typedef {{
 *   spec: { seed: number; damage: string | null; questions: Array<{ figure: unknown; leaves: Array<{ label: string; marks: number }> }> };
 *   expected: 'ready' | 'flagged';
 *   questionPaper: { pdf: Buffer; labels: { statedTotal: number; durationMinutes: number; pages: number; questions: Array<{ number: number; marks: number; start: Position; lastPage: number }> } };
 *   markScheme: { pdf: Buffer; labels: { rows: Array<{ label: string; question: number; marks: number; start: Position }>; questions: Array<{ number: number; marks: number; start: Position }> } };
 *   examinerReport: { pdf: Buffer; labels: { paperCode: string; comments: Array<{ questions: number[]; start: Position }> } };
 * }} Generated
 */

polyfillPdfJs();
const pdfjsDir = dirname(requireBff.resolve('pdfjs-dist/package.json'));
/** @type {{ getDocument(options: object): { promise: Promise<PdfDocument>; destroy(): Promise<void> } }} */
const pdfjs = await import(pathToFileURL(join(pdfjsDir, 'legacy/build/pdf.mjs')).href);
/**
 * @typedef {{ numPages: number; getPage(n: number): Promise<{ view: number[]; getTextContent(): Promise<{ items: unknown[]; styles: object }>; cleanup(): void }> }} PdfDocument
 */
const DOCUMENT_OPTIONS = {
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
  standardFontDataUrl: join(pdfjsDir, 'standard_fonts/'),
  cMapUrl: join(pdfjsDir, 'cmaps/'),
  cMapPacked: true,
};

/** Text extraction as the BFF's reader does it: every page's getTextContent(). @param {Buffer} pdf */
export async function extract(pdf) {
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), ...DOCUMENT_OPTIONS });
  try {
    const document = await task.promise;
    const pages = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      pages.push({ content: await page.getTextContent(), view: page.view });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** @param {Array<{ content: unknown; view: number[] }>} pages */
export function laidOut(pages) {
  const builder = new detection.LaidOutTextBuilder();
  for (const page of pages) builder.addPage(page.content, page.view);
  return builder.build();
}
