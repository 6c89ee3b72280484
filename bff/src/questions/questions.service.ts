import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ValidationFailedException } from '../common/validation';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
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
import type { EditQuestionsDto } from './dto/question-edit.dto';
import {
  editErrors,
  editedSet,
  toEdited,
  type EditTargets,
  type EditedPlace,
  type EditedQuestion,
} from './question-edits';
import type { DetectionStatus, QuestionSource } from './question-set.entity';
import {
  DETECTION_FAILED_SQL,
  DOCUMENT_READ_SQL,
  DROP_EDITS_SQL,
  LOCK_QUESTION_PAPER_SQL,
  LOCK_QUESTIONS_ROW_SQL,
  QUESTION_DOCUMENTS_OF_VARIANTS_SQL,
  QUESTION_DOCUMENTS_SQL,
  SAVE_EDITS_SQL,
  STORE_DETECTION_SQL,
  VARIANT_OF_PAPER_SQL,
} from './questions.queries';
import type { PaperQuestionsView, QuestionDocumentView, QuestionPlaceView, QuestionView } from './questions.view';

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
  pages: number | null;
  status: DetectionStatus | null;
  reasons: string[] | null;
  detection: unknown;
  source: QuestionSource | null;
  generation: number | null;
  edits: EditedQuestion[] | null;
  confirmed_at: Date | null;
  updated_at: Date | null;
}

/**
 * Whether a document's detection is still to come: its text is due, or read but not yet detected from that reading
 * (an admin's edits stand whatever the reading).
 */
/** A row of QUESTION_DOCUMENTS_SQL: a document, or the one row of nulls of a variant that holds none. */
type DocumentRowOrNone = QuestionDocumentRow | (Omit<QuestionDocumentRow, 'id'> & { id: null });
const documentsOf = (rows: DocumentRowOrNone[]): QuestionDocumentRow[] =>
  rows.filter((row): row is QuestionDocumentRow => row.id !== null);

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

/** A variant's questions as an admin sees them, with what the editor needs. */
type AdminQuestionsView = PaperQuestionsView &
  Required<Pick<PaperQuestionsView, 'reasons' | 'confirmed' | 'documents'>>;

const documentOf = (row: QuestionDocumentRow | null): QuestionDocumentView | null =>
  row ? { document_id: row.id, pages: row.pages } : null;

const editPlace = (row: QuestionDocumentRow | null, place: EditedPlace | null): QuestionPlaceView | null =>
  row && place && place.document_id === row.id ? { document_id: row.id, page: place.page, top: place.top } : null;

const short = (paperId: number, variantId: number) => `past paper ${paperId}, variant ${variantId}`;

/**
 * Question detection stored per document after the background reading, a variant's questions put together from its
 * question paper, mark scheme and examiner report when asked, and an admin's edits of them.
 */
@Injectable()
export class QuestionsService {
  private readonly logger = new Logger('Questions');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Detects and stores the questions of a document just read (see `storeDetection`). */
  documentRead(read: DocumentRead): Promise<void> {
    return storeDetection((sql, parameters) => this.db.query(sql, parameters), read, this.logger);
  }

  /**
   * The public questions of several variants (one map entry per variant whose set is `ready`), for readers that
   * label many documents at once (search results), read in one statement. A variant that is not of its paper, or
   * gone, has no entry.
   */
  async publicSetsOf(
    variants: ReadonlyArray<{ paperId: number; variantId: number }>,
  ): Promise<Map<number, QuestionView[]>> {
    const sets = new Map<number, QuestionView[]>();
    const wanted = [...new Map(variants.map((v) => [v.variantId, v.paperId])).entries()];
    if (wanted.length === 0) return sets;
    const rows = await this.db.query<Array<QuestionDocumentRow & { for_variant: number }>>(
      QUESTION_DOCUMENTS_OF_VARIANTS_SQL,
      [wanted.map(([, paperId]) => paperId), wanted.map(([variantId]) => variantId)],
    );
    const byVariant = new Map<number, QuestionDocumentRow[]>();
    for (const { for_variant: variantId, ...row } of rows) {
      const list = byVariant.get(variantId) ?? [];
      list.push(row);
      byVariant.set(variantId, list);
    }
    for (const [variantId, documents] of byVariant) {
      const set = this.assemble(documents);
      if (set.status === 'ready') sets.set(variantId, set.questions);
    }
    return sets;
  }

  /** A variant's questions; the public sees `ready` ones only (anything else: `none`, no questions). */
  async ofVariant(paperId: number, variantId: number, admin: boolean): Promise<PaperQuestionsView> {
    const view = await this.assembled(this.db.manager, paperId, variantId);
    if (admin) return view;
    const { reasons: _reasons, updated_at: _version, confirmed: _confirmed, documents: _documents, ...shown } = view;
    return shown.status === 'ready' ? shown : { ...NONE };
  }

  /**
   * Saves an admin's questions for the variant (they stand instead of the detection, whatever later readings find,
   * until dropped). A stale `updated_at` answers 409; the same checks as detection's decide ready or flagged, unless
   * the admin confirms the set.
   */
  async edit(
    actor: AuthUser,
    paperId: number,
    variantId: number,
    dto: EditQuestionsDto,
    expected: ExpectedVersion,
  ): Promise<PaperQuestionsView> {
    await this.db.transaction(async (tx) => {
      const { paper, rows } = await this.lockForEdit(tx, paperId, variantId, expected);
      const of = (kind: QuestionDocumentRow['kind']) => rows.find((row) => row.kind === kind) ?? null;
      const scheme = of('mark-scheme');
      const report = of('examiner-report');
      const targets: EditTargets = {
        questionPaper: { id: paper.id, pages: rows.find((row) => row.id === paper.id)?.pages ?? null },
        markScheme: scheme ? { id: scheme.id, pages: scheme.pages } : null,
        examinerReport: report ? { id: report.id, pages: report.pages } : null,
      };
      const errors = editErrors(dto.questions, targets);
      if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
      const edits = toEdited(dto.questions, targets);
      await tx.query(SAVE_EDITS_SQL, [
        paper.id,
        paper.generation,
        JSON.stringify(edits),
        dto.confirmed === true,
        actor.id,
      ]);
      const confirmed = dto.confirmed === true ? ' and confirmed them' : '';
      await this.audit.record(
        tx,
        actor,
        'update',
        'questions',
        paper.id,
        `Edited the questions of ${short(paperId, variantId)} (${edits.length} questions)${confirmed}`,
      );
    });
    return this.assembled(this.db.manager, paperId, variantId);
  }

  /** Drops an admin's edits of the variant's questions: the detection of the file as last read applies again. */
  async dropEdits(
    actor: AuthUser,
    paperId: number,
    variantId: number,
    expected: ExpectedVersion,
  ): Promise<PaperQuestionsView> {
    await this.db.transaction(async (tx) => {
      const { paper } = await this.lockForEdit(tx, paperId, variantId, expected);
      const dropped: unknown = await tx.query(DROP_EDITS_SQL, [paper.id, actor.id]);
      const count = Array.isArray(dropped) && typeof dropped[1] === 'number' ? dropped[1] : 0;
      if (count > 0) {
        await this.audit.record(
          tx,
          actor,
          'update',
          'questions',
          paper.id,
          `Dropped the edited questions of ${short(paperId, variantId)}: detection applies again`,
        );
      }
    });
    return this.assembled(this.db.manager, paperId, variantId);
  }

  /** Locks the variant's question paper (and its questions row, checking the version) for an edit. */
  private async lockForEdit(tx: EntityManager, paperId: number, variantId: number, expected: ExpectedVersion) {
    const variant: unknown[] = await tx.query(VARIANT_OF_PAPER_SQL, [paperId, variantId]);
    if (variant.length === 0) throw new NotFoundException('Past paper or variant not found');
    const [paper] = await tx.query<Array<{ id: number; generation: number }>>(LOCK_QUESTION_PAPER_SQL, [variantId]);
    if (!paper) throw new NotFoundException('The variant has no question paper to split into questions');
    const [stored] = await tx.query<Array<{ updated_at: Date }>>(LOCK_QUESTIONS_ROW_SQL, [paper.id]);
    if (stored) assertUnchanged(stored.updated_at, expected);
    const rows = documentsOf(await tx.query<DocumentRowOrNone[]>(QUESTION_DOCUMENTS_SQL, [paperId, variantId]));
    return { paper, rows };
  }

  private async assembled(db: EntityManager, paperId: number, variantId: number): Promise<AdminQuestionsView> {
    // One statement: no row at all when the variant is not of the paper.
    const rows = await db.query<DocumentRowOrNone[]>(QUESTION_DOCUMENTS_SQL, [paperId, variantId]);
    if (rows.length === 0) throw new NotFoundException('Past paper or variant not found');
    return this.assemble(documentsOf(rows));
  }

  private assemble(rows: QuestionDocumentRow[]): AdminQuestionsView {
    // The variant's own document of each kind first (the query orders them so), then the paper's.
    const of = (kind: QuestionDocumentRow['kind']) => rows.find((row) => row.kind === kind) ?? null;
    const paper = of('question-paper');
    const scheme = of('mark-scheme');
    const report = of('examiner-report');
    const admin = {
      updated_at: paper?.updated_at ? new Date(paper.updated_at).toISOString() : null,
      confirmed: paper?.confirmed_at != null,
      documents: {
        question_paper: paper && paper.variant_id !== null ? documentOf(paper) : null,
        mark_scheme: documentOf(scheme),
        examiner_report: documentOf(report),
      },
    };
    if (!paper || paper.variant_id === null) {
      return { ...NONE, ...admin, reasons: ['The variant has no question paper.'] };
    }
    if (paper.source === 'edited' && paper.edits) {
      // An admin's questions stand whatever the documents' readings: no pending, no unreadable file.
      const set = editedSet(
        paper.edits,
        paper.confirmed_at != null,
        (paper.detection as QuestionPaperDetection | null) ?? null,
        (scheme?.detection as MarkSchemeDetection | null | undefined) ?? null,
      );
      return {
        ...admin,
        status: set.status,
        total_marks: set.totalMarks,
        stated_total: set.statedTotal,
        source: 'edited',
        reasons: set.reasons,
        questions: paper.edits.map((question) => ({
          number: question.number,
          marks: question.marks,
          question_paper: {
            document_id: paper.id,
            page: question.question_paper.page,
            top: question.question_paper.top,
          },
          mark_scheme: editPlace(scheme, question.mark_scheme),
          examiner_report: editPlace(report, question.examiner_report),
        })),
      };
    }
    const reading = [paper, scheme, report].filter(
      (row): row is QuestionDocumentRow => row !== null && stillReading(row),
    );
    if (reading.length > 0) {
      return {
        ...NONE,
        ...admin,
        status: 'pending',
        reasons: reading.map((row) => `The ${row.kind.replace('-', ' ')} (document ${row.id}) is still being read.`),
      };
    }
    if (paper.text_status === 'failed' || paper.text_status === 'skipped' || paper.text_status === null) {
      return { ...NONE, ...admin, reasons: ['The question paper could not be read (see its reading status).'] };
    }
    const set = questionSet({
      questionPaper: (paper.detection as QuestionPaperDetection | null) ?? null,
      markScheme: (scheme?.detection as MarkSchemeDetection | null | undefined) ?? null,
      examinerReport: (report?.detection as ExaminerReportDetection | null | undefined) ?? null,
    });
    return {
      ...admin,
      status: set.status,
      total_marks: set.totalMarks,
      stated_total: set.statedTotal,
      source: 'detected',
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
