import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  beyondBounds,
  detectExaminerReport,
  detectMarkScheme,
  detectQuestionPaper,
  questionPaperReasons,
  questionSet,
  type ExaminerReportDetection,
  type LaidOutText,
  type MarkSchemeDetection,
  type PagePosition,
  type QuestionPaperDetection,
} from '../question-detection';
import type { DetectionStatus, QuestionSource } from './question-set.entity';
import {
  DETECTION_FAILED_SQL,
  DOCUMENT_READ_SQL,
  QUESTION_DOCUMENTS_SQL,
  STORE_DETECTION_SQL,
  VARIANT_OF_PAPER_SQL,
} from './questions.queries';
import type { PaperQuestionsView, QuestionPlaceView } from './questions.view';

/** One document's detection, as stored. */
export interface DocumentDetection {
  status: DetectionStatus;
  reasons: string[];
  detection: QuestionPaperDetection | MarkSchemeDetection | ExaminerReportDetection | null;
}

const NOT_READABLE = 'The document has no positioned text that detection can read (none sent, or beyond its bounds).';

/** Runs the detector that fits the document's kind; null for kinds that hold no questions. */
export function detectDocument(kind: string, text: LaidOutText | null): DocumentDetection | null {
  if (kind !== 'question-paper' && kind !== 'mark-scheme' && kind !== 'examiner-report') return null;
  if (!text || beyondBounds(text)) return { status: 'none', reasons: [NOT_READABLE], detection: null };
  if (kind === 'question-paper') {
    const paper = detectQuestionPaper(text);
    if (!paper) return { status: 'none', reasons: ['No question layout was recognised.'], detection: null };
    const reasons = questionPaperReasons(paper);
    return { status: reasons.length > 0 ? 'flagged' : 'ready', reasons, detection: paper };
  }
  if (kind === 'mark-scheme') {
    const scheme = detectMarkScheme(text);
    if (!scheme) return { status: 'none', reasons: ['No mark scheme table was recognised.'], detection: null };
    return { status: scheme.problems.length > 0 ? 'flagged' : 'ready', reasons: scheme.problems, detection: scheme };
  }
  const report = detectExaminerReport(text);
  if (!report) return { status: 'none', reasons: ['No "Question N" comments were recognised.'], detection: null };
  return { status: 'ready', reasons: [], detection: report };
}

interface QuestionDocumentRow {
  id: number;
  kind: 'question-paper' | 'mark-scheme' | 'examiner-report';
  variant_id: number | null;
  text_status: string | null;
  text_generation: number | null;
  status: DetectionStatus | null;
  reasons: string[] | null;
  detection: unknown;
  source: QuestionSource | null;
  generation: number | null;
}

/**
 * Whether a document's detection is still to come: its text is due, or read but not yet detected from that reading
 * (an admin's edits stand whatever the reading).
 */
const stillReading = (row: QuestionDocumentRow): boolean =>
  row.text_status === 'pending' ||
  row.text_status === 'working' ||
  (row.text_status === 'done' && row.source !== 'edited' && row.generation !== row.text_generation);

/** A document's text just stored by the reader: its text row, the reading, and the positioned text. */
export interface DocumentRead {
  documentTextId: number;
  generation: number;
  layout: LaidOutText | null;
}

/** Runs a statement and answers its rows (a DataSource's `query`, or a pg Pool's rows). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown[]>;

/**
 * Detects the questions of a document just read (text row `documentTextId` at `generation`) and stores them, unless
 * the document holds another file by now or an admin edited its questions. Never throws: a failure is logged and
 * stored as `none` (not left pending). Used by the BFF's background reader and by `npm run reindex`.
 */
export async function storeDetection(
  query: RunQuery,
  read: DocumentRead,
  logger: Pick<Logger, 'warn'> = new Logger('Questions'),
): Promise<void> {
  try {
    const [document] = (await query(DOCUMENT_READ_SQL, [read.documentTextId, read.generation])) as Array<{
      id: number;
      kind: string;
    }>;
    if (!document) return;
    const found = detectDocument(document.kind, read.layout);
    if (!found) return;
    await query(STORE_DETECTION_SQL, [
      document.id,
      document.kind,
      found.status,
      JSON.stringify(found.reasons),
      found.detection === null ? null : JSON.stringify(found.detection),
      read.generation,
    ]);
  } catch (error) {
    logger.warn({ err: error }, `Question detection of document text ${read.documentTextId} failed`);
    // Not left pending for ever: the document shows no questions, and the admin sees why.
    await query(DETECTION_FAILED_SQL, [
      read.documentTextId,
      read.generation,
      JSON.stringify(['Question detection failed on this document.']),
    ]).catch(() => undefined);
  }
}

const place = (documentId: number, position: PagePosition | null): QuestionPlaceView | null =>
  position ? { document_id: documentId, page: position.page, top: position.top } : null;

const NONE: PaperQuestionsView = {
  status: 'none',
  total_marks: null,
  stated_total: null,
  source: 'detected',
  questions: [],
};

/**
 * Question detection stored per document after the background reading, and a variant's questions put together from
 * its question paper, mark scheme and examiner report when asked.
 */
@Injectable()
export class QuestionsService {
  private readonly logger = new Logger('Questions');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Detects and stores the questions of a document just read (see `storeDetection`). */
  documentRead(read: DocumentRead): Promise<void> {
    return storeDetection((sql, parameters) => this.db.query(sql, parameters), read, this.logger);
  }

  /** A variant's questions; the public sees `ready` ones only (anything else: `none`, no questions). */
  async ofVariant(paperId: number, variantId: number, admin: boolean): Promise<PaperQuestionsView> {
    const variant: unknown[] = await this.db.query(VARIANT_OF_PAPER_SQL, [paperId, variantId]);
    if (variant.length === 0) throw new NotFoundException('Past paper or variant not found');
    const rows = await this.db.query<QuestionDocumentRow[]>(QUESTION_DOCUMENTS_SQL, [paperId, variantId]);
    const view = this.assemble(rows);
    if (admin) return view;
    const { reasons: _reasons, ...shown } = view;
    return shown.status === 'ready' ? shown : { ...NONE };
  }

  private assemble(rows: QuestionDocumentRow[]): PaperQuestionsView & { reasons: string[] } {
    // The variant's own document of each kind first (the query orders them so), then the paper's.
    const of = (kind: QuestionDocumentRow['kind']) => rows.find((row) => row.kind === kind) ?? null;
    const paper = of('question-paper');
    const scheme = of('mark-scheme');
    const report = of('examiner-report');
    if (!paper || paper.variant_id === null) return { ...NONE, reasons: ['The variant has no question paper.'] };
    const reading = [paper, scheme, report].filter(
      (row): row is QuestionDocumentRow => row !== null && stillReading(row),
    );
    if (reading.length > 0) {
      return {
        ...NONE,
        status: 'pending',
        reasons: reading.map((row) => `The ${row.kind.replace('-', ' ')} (document ${row.id}) is still being read.`),
      };
    }
    if (paper.text_status === 'failed' || paper.text_status === 'skipped' || paper.text_status === null) {
      return { ...NONE, reasons: ['The question paper could not be read (see its reading status).'] };
    }
    const set = questionSet({
      questionPaper: (paper.detection as QuestionPaperDetection | null) ?? null,
      markScheme: (scheme?.detection as MarkSchemeDetection | null | undefined) ?? null,
      examinerReport: (report?.detection as ExaminerReportDetection | null | undefined) ?? null,
    });
    return {
      status: set.status,
      total_marks: set.totalMarks,
      stated_total: set.statedTotal,
      source: paper.source ?? 'detected',
      reasons: set.status === 'none' && paper.reasons?.length ? paper.reasons : set.reasons,
      questions: set.questions.map((question) => ({
        number: question.number,
        marks: question.marks,
        question_paper: place(paper.id, question.questionPaper)!,
        mark_scheme: scheme ? place(scheme.id, question.markScheme) : null,
        examiner_report: report ? place(report.id, question.examinerReport) : null,
      })),
    };
  }
}
