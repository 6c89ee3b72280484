/**
 * What each file of a staged import is, once its name is read (exam-references) and the admin's corrections are
 * applied: subject, year, session, document type and paper, what still needs the admin, and which paper (subject,
 * year, session) it belongs to. Pure: the service gives it the library's subjects and the sessions of stored papers.
 */
import { MIN_PAPER_YEAR, SESSIONS, maxPaperYear, type Level, type Session } from '../common/domain-values';
import {
  assignEdexcelSeries,
  parseDocumentFileName,
  variantNaming,
  type DocumentFileResult,
  type DocumentType,
  type ExamBoard,
  type VariantNaming,
} from '../exam-references';
import type { DocumentKind } from '../uploads/document-type';
import type { ImportFileCorrections } from './import-file.entity';

export interface PlanInput {
  id: number;
  fileName: string;
  kind: DocumentKind | null;
  corrections: ImportFileCorrections;
}

export interface SubjectRef {
  id: number;
  name: string;
  code: string;
  level: string;
}

/** A session of a stored paper that has a given variant: where an Edexcel mark scheme may belong. */
export interface StoredSitting {
  year: number;
  session: Session;
}

export interface PlanContext {
  subjects: readonly SubjectRef[];
  /** Subject codes of the files mapped by the admin to a library subject (upper-case code → subject id). */
  subjectChoices: Readonly<Record<string, number>>;
  /** Sittings of stored papers by `${SUBJECT CODE}/${variant slug}` (Edexcel mark schemes and reports). */
  storedSittings?: ReadonlyMap<string, readonly StoredSitting[]>;
  now?: Date;
}

export interface PlannedFile {
  id: number;
  fileName: string;
  kind: DocumentKind | null;
  board: ExamBoard | null;
  /** The code the file name gives (upper case), or the chosen subject's. */
  subjectCode: string | null;
  subject: SubjectRef | null;
  /** A code from the name that no library subject has and the admin has not mapped: "create" or "choose subject". */
  unknownSubjectCode: string | null;
  suggestedLevel: Level | null;
  year: number | null;
  session: Session | null;
  documentType: DocumentType | null;
  /** The product's variant (Paper 12, paper-12, 12); null for a whole-session examiner report. */
  paper: VariantNaming | null;
  /** Why the file is left out (a type the library does not store, or the admin's choice); null otherwise. */
  skipped: string | null;
  /** What the admin must decide before the file can be imported. */
  attention: string[];
  /** `${subjectId}|${year}|${session}`: the past paper it belongs to, once all three are known. */
  paperKey: string | null;
  /** The document's place in that paper: `${documentType}|${variant slug or ''}`. */
  slotKey: string | null;
}

const SESSION_MONTH: Record<Session, number> = { 'Feb/March': 3, 'May/June': 6, 'Oct/Nov': 11 };
const MAX_PUBLICATION_DELAY_MS = 183 * 24 * 60 * 60 * 1000;

/** `12` → Paper 12 (component 1, variant 2); `1`, `01` → Paper 1; `1F`, `2BH` → Paper 1F, Paper 2BH. */
export function paperOfLabel(label: string): VariantNaming | null {
  const m = /^\s*(?:paper\s*)?(\d{1,2})([a-z]{0,3})\s*$/i.exec(label);
  if (!m) return null;
  const [, digits, letters] = m as unknown as [string, string, string];
  if (digits.length === 2 && digits[0] !== '0' && !letters) return variantNaming(Number(digits[0]), Number(digits[1]));
  const number = Number(digits);
  return number === 0 ? null : variantNaming(number, null, letters);
}

/** The label the preview shows and the admin edits: `Paper 12` → `12`. */
export const labelOfPaper = (paper: VariantNaming | null): string | null =>
  paper ? paper.name.replace(/^Paper /, '') : null;

export function planImport(inputs: readonly PlanInput[], context: PlanContext): PlannedFile[] {
  const now = context.now ?? new Date();
  const byId = new Map(context.subjects.map((s) => [s.id, s]));
  const byCode = new Map(context.subjects.map((s) => [s.code.toLowerCase(), s]));
  const parsed = assignEdexcelSeries(inputs.map((f) => parseDocumentFileName(f.fileName, { now })));
  const planned = inputs.map((input, i) => planOne(input, parsed[i]!, { ...context, now, byId, byCode }));
  markDuplicates(planned);
  return planned;
}

interface Lookup extends PlanContext {
  now: Date;
  byId: Map<number, SubjectRef>;
  byCode: Map<string, SubjectRef>;
}

function planOne(input: PlanInput, result: DocumentFileResult, ctx: Lookup): PlannedFile {
  const c = input.corrections;
  const attention: string[] = [];
  let board: ExamBoard | null = null;
  let code: string | null = null;
  let year: number | null = null;
  let session: Session | null = null;
  let documentType: DocumentType | null = null;
  let paper: VariantNaming | null = null;
  let suggestedLevel: Level | null = null;
  let skipped: string | null = null;
  /** Messages of the name's own that a correction of the field settles. */
  const nameAttention: Array<{ field: 'session' | 'series' | 'paper'; message: string }> = [];

  if (result.kind === 'recognised') {
    board = result.board;
    code = result.subjectCode;
    year = result.year;
    session = result.session;
    documentType = result.documentType;
    // An Edexcel examiner report (pef) is per paper: its variant is the paper part of the name.
    paper =
      result.board === 'edexcel' && result.documentType === 'examiner-report'
        ? paperOfLabel(result.edexcel.paper)
        : result.paper;
    suggestedLevel = result.suggestedLevel;
    nameAttention.push(...result.attention);
    if (result.board === 'edexcel' && result.edexcel.dateMeaning === 'publication' && year === null) {
      const sitting = storedSittingOf(result.subjectCode, result.edexcel.date, paper, ctx.storedSittings);
      if (sitting) {
        ({ year, session } = sitting);
        nameAttention.splice(0, nameAttention.length, ...nameAttention.filter((a) => a.field !== 'series'));
      }
    }
  } else if (result.kind === 'skipped') {
    board = result.board;
    code = result.subjectCode;
    year = result.year;
    session = result.session;
    if (c.documentType === undefined) skipped = result.reason;
  } else if (c.documentType === undefined || c.subjectId === undefined) {
    nameAttention.push({ field: 'series', message: result.reason });
  }
  if (c.skip) skipped = 'Left out of this import.';

  if (c.year !== undefined) year = c.year;
  if (c.session !== undefined)
    session = (SESSIONS as readonly string[]).includes(c.session) ? (c.session as Session) : null;
  if (c.documentType !== undefined) documentType = c.documentType;
  if (c.paper !== undefined) paper = c.paper === null ? null : paperOfLabel(c.paper);

  let subject: SubjectRef | null = null;
  let unknownSubjectCode: string | null = null;
  if (c.subjectId !== undefined) subject = ctx.byId.get(c.subjectId) ?? null;
  else if (code) {
    const chosen = ctx.subjectChoices[code.toUpperCase()];
    subject = (chosen !== undefined ? ctx.byId.get(chosen) : undefined) ?? ctx.byCode.get(code.toLowerCase()) ?? null;
    if (!subject) unknownSubjectCode = code.toUpperCase();
  }
  if (subject) code = subject.code;

  const needsPaper = documentType === 'question-paper' || documentType === 'mark-scheme';
  const covered = new Set<string>();
  for (const a of nameAttention) {
    const settled =
      (a.field === 'session' && c.session !== undefined) ||
      (a.field === 'paper' && c.paper !== undefined) ||
      (a.field === 'series' && year !== null && session !== null);
    if (settled) continue;
    attention.push(a.message);
    if (a.field === 'session') covered.add('session');
    if (a.field === 'paper') covered.add('paper');
    if (a.field === 'series')
      ['year', 'session', ...(result.kind === 'unrecognised' ? ['subject', 'document type', 'paper'] : [])].forEach(
        (f) => covered.add(f),
      );
  }
  if (unknownSubjectCode) {
    attention.push(`Subject code ${unknownSubjectCode} is not in the library: create the subject or choose one.`);
    covered.add('subject');
  }
  const missing = [
    !subject && 'subject',
    year === null && 'year',
    session === null && 'session',
    documentType === null && 'document type',
    needsPaper && paper === null && 'paper',
  ].filter((f): f is string => typeof f === 'string' && !covered.has(f));
  if (missing.length > 0) attention.push(`Choose the ${missing.join(', ')}.`);
  if (year !== null && (year < MIN_PAPER_YEAR || year > maxPaperYear(ctx.now))) {
    attention.push(`Year must be between ${MIN_PAPER_YEAR} and ${maxPaperYear(ctx.now)}.`);
  }
  if (input.kind === null) attention.push('The content is not a PDF, DOC or DOCX document: it cannot be imported.');

  const complete = subject !== null && year !== null && session !== null;
  return {
    id: input.id,
    fileName: input.fileName,
    kind: input.kind,
    board,
    subjectCode: code ? code.toUpperCase() : null,
    subject,
    unknownSubjectCode,
    suggestedLevel,
    year,
    session,
    documentType,
    paper,
    skipped,
    attention: skipped ? [] : [...new Set(attention)],
    paperKey: complete ? `${subject!.id}|${year}|${session}` : null,
    slotKey: documentType ? `${documentType}|${paper?.slug ?? ''}` : null,
  };
}

/** Two files of the import for the same document of the same paper: the admin leaves one out. */
function markDuplicates(files: PlannedFile[]): void {
  const byTarget = new Map<string, PlannedFile[]>();
  for (const f of files) {
    if (f.skipped || !f.paperKey || !f.slotKey) continue;
    const key = `${f.paperKey}#${f.slotKey}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), f]);
  }
  for (const same of byTarget.values()) {
    if (same.length < 2) continue;
    for (const f of same) {
      const others = same.filter((o) => o !== f).map((o) => o.fileName);
      f.attention.push(`The same document as ${others.join(', ')}: leave one of them out.`);
    }
  }
}

/**
 * An Edexcel mark scheme or report whose question paper is not in the import: the stored sitting of the same unit
 * and paper held most recently before its publication date (within about six months), as assignEdexcelSeries does
 * within a batch.
 */
function storedSittingOf(
  unit: string,
  publishedIso: string,
  paper: VariantNaming | null,
  sittings: ReadonlyMap<string, readonly StoredSitting[]> | undefined,
): StoredSitting | null {
  if (!sittings) return null;
  const published = Date.parse(publishedIso);
  const candidates = paper
    ? (sittings.get(`${unit.toUpperCase()}/${paper.slug}`) ?? [])
    : [...sittings.entries()].filter(([key]) => key.startsWith(`${unit.toUpperCase()}/`)).flatMap(([, s]) => s);
  let best: { sitting: StoredSitting; at: number } | null = null;
  for (const sitting of candidates) {
    const at = Date.UTC(sitting.year, SESSION_MONTH[sitting.session] - 1, 1);
    if (at > published || published - at > MAX_PUBLICATION_DELAY_MS) continue;
    if (!best || at > best.at) best = { sitting, at };
  }
  return best?.sitting ?? null;
}
