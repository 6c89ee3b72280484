import { layoutExaminerReport, type ExaminerReportLabels } from './examiner-report-layout';
import { layoutMarkScheme, type MarkSchemeLabels } from './mark-scheme-layout';
import { DAMAGES, paperSpec, type PaperDamage, type PaperOptions, type PaperSpec } from './paper-content';
import { layoutQuestionPaper, type QuestionPaperLabels } from './question-paper-layout';
import { measure, renderPdf } from './render-pdf';

/** A generated paper's three documents, each with where the detector should find things in it (its labels). */
export interface GeneratedPaper {
  spec: PaperSpec;
  /** What the checks must conclude: a damaged paper must be flagged, a sound one ready. */
  expected: 'ready' | 'flagged';
  questionPaper: { pdf: Buffer; labels: QuestionPaperLabels };
  markScheme: { pdf: Buffer; labels: MarkSchemeLabels };
  examinerReport: { pdf: Buffer; labels: ExaminerReportLabels };
}

export interface LabelledSetOptions {
  /** The first paper's seed; paper i has seed `seed + i`. */
  seed?: number;
  /** Sound papers (at least 30 for the bench); their question counts cycle through 5–12. */
  papers?: number;
  /** Damaged papers of each kind of damage. */
  damagedPerKind?: number;
}

/** One paper's documents from a seed: the same seed gives the same files and labels. */
export async function generatePaper(seed: number, options: PaperOptions = {}): Promise<GeneratedPaper> {
  return renderPaper(paperSpec(seed, options));
}

/** The documents of a paper whose content is already chosen (`paperSpec`). */
export async function renderPaper(spec: PaperSpec): Promise<GeneratedPaper> {
  const title = `${spec.subject} ${spec.paperCode} ${spec.series.name} ${spec.series.year}`;
  const qp = layoutQuestionPaper(spec, measure);
  const ms = layoutMarkScheme(spec, measure);
  const er = layoutExaminerReport(spec, measure);
  const [qpPdf, msPdf, erPdf] = await Promise.all([
    renderPdf(qp.pages, `${title} question paper`),
    renderPdf(ms.pages, `${title} mark scheme`),
    renderPdf(er.pages, `${title} examiner report`),
  ]);
  return {
    spec,
    expected: spec.damage === null ? 'ready' : 'flagged',
    questionPaper: { pdf: qpPdf, labels: qp.labels },
    markScheme: { pdf: msPdf, labels: ms.labels },
    examinerReport: { pdf: erPdf, labels: er.labels },
  };
}

/** The seeds and options of the labelled set, without drawing anything. */
export function labelledSetSpecs(options: LabelledSetOptions = {}): PaperSpec[] {
  const seed = options.seed ?? 1;
  const papers = options.papers ?? 30;
  const damaged = options.damagedPerKind ?? 3;
  const specs: PaperSpec[] = [];
  for (let i = 0; i < papers; i++) specs.push(paperSpec(seed + i, { questions: 5 + (i % 8) }));
  DAMAGES.forEach((damage: PaperDamage, kind) => {
    for (let i = 0; i < damaged; i++) {
      const at = seed + 1000 + kind * 100 + i;
      specs.push(paperSpec(at, { questions: 5 + ((i * 3 + kind) % 8), damage }));
    }
  });
  return specs;
}

/** The labelled set: sound papers of 5–12 questions, then each kind of damaged paper. */
export async function labelledSet(options: LabelledSetOptions = {}): Promise<GeneratedPaper[]> {
  const generated: GeneratedPaper[] = [];
  for (const spec of labelledSetSpecs(options)) generated.push(await renderPaper(spec));
  return generated;
}

export { DAMAGES, paperSpec, type PaperDamage, type PaperOptions, type PaperSpec } from './paper-content';
export { type QuestionLabel, type QuestionPaperLabels } from './question-paper-layout';
export { type MarkSchemeLabels, type MarkSchemeRowLabel } from './mark-scheme-layout';
export { type ExaminerReportLabels } from './examiner-report-layout';
