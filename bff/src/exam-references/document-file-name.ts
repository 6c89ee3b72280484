/**
 * Recognises a document from its file name, by the boards' conventions (shared/naming-conventions.md):
 * Cambridge `9702_s23_qp_12.pdf`, Pearson Edexcel `wph11-01-que-20230110.pdf`. Pure: no I/O, never throws.
 */
import type { Level, Session } from '../common/domain-values';
import {
  CAMBRIDGE_DOCUMENT_CODES,
  CAMBRIDGE_SERIES,
  CAMBRIDGE_SERIES_LETTERS,
  CAMBRIDGE_SPECIMEN_LETTER,
  CAMBRIDGE_SYLLABUS,
  DOCUMENT_EXTENSIONS,
  EDEXCEL_CODE,
  EDEXCEL_DOCUMENT_CODES,
  MONTH_NAMES,
  SERIES_OF_MONTH,
  SPECIMEN_SKIP_REASON,
  parseCompactDate,
  parseEdexcelPaper,
  suggestedLevelOfCode,
  variantNaming,
  yearOfTwoDigits,
  type DocumentCode,
  type DocumentExtension,
  type DocumentType,
  type ExamBoard,
  type Series,
  type VariantNaming,
} from './exam-grammar';
import { tokenize } from './tokenize';

/** Something the admin must decide before the file can be imported. */
export interface Attention {
  /** `series`: year and session both unknown (an Edexcel mark scheme or report not yet matched to its paper). */
  field: 'session' | 'series' | 'paper';
  message: string;
}

interface RecognisedCommon {
  kind: 'recognised';
  /** The name as given. */
  fileName: string;
  extension: DocumentExtension;
  /** Cambridge syllabus (`9702`) or Edexcel unit/specification in upper case (`WPH11`, `4PH1`). */
  subjectCode: string;
  documentType: DocumentType;
  /** The type code as written in the name, lower case (`qp`, `rms`). */
  documentCode: string;
  year: number | null;
  session: Session | null;
  /** True when `session` is null: the admin must choose it (January series, unmatched Edexcel mark scheme, …). */
  sessionNeedsAssignment: boolean;
  /** Cambridge component (paper number) or Edexcel paper number; null for series-level documents. */
  component: number | null;
  /** Cambridge variant digit; null when the name has a single digit, and always for Edexcel. */
  variant: number | null;
  /** The product's variant this file belongs to; null for examiner reports and names without a paper. */
  paper: VariantNaming | null;
  /** A likely level for a subject the library does not have yet (from the code's shape), or null. */
  suggestedLevel: Level | null;
  attention: Attention[];
}

export interface RecognisedCambridgeFile extends RecognisedCommon {
  board: 'cambridge';
  year: number;
}

export interface EdexcelReference {
  unit: string;
  /** The paper part as written, upper case (`01`, `1F`, `2BH`). */
  paper: string;
  paperNumber: number;
  tier: 'F' | 'H' | null;
  /** Paper letters other than the tier (`2BH` → `B`), or null. */
  option: string | null;
  /** The date in the name, ISO `YYYY-MM-DD`. */
  date: string;
  /** A question paper's date is its exam date; a mark scheme's or report's is its publication date. */
  dateMeaning: 'exam' | 'publication';
  /** The series once known: from the exam date, or from the matched question paper (`assignEdexcelSeries`). */
  series: Series | null;
  /** Unit + paper number + paper letters (`WPH11/1`, `1SC0/2BH`): files of one paper share it. */
  seriesKey: string;
  /** For a mark scheme or report: the question paper whose series it took. */
  matchedQuestionPaper: string | null;
}

export interface RecognisedEdexcelFile extends RecognisedCommon {
  board: 'edexcel';
  edexcel: EdexcelReference;
}

export type RecognisedDocumentFile = RecognisedCambridgeFile | RecognisedEdexcelFile;

/** A board document the library does not store (grade thresholds, inserts, specimen material, …). */
export interface SkippedDocumentFile {
  kind: 'skipped';
  fileName: string;
  board: ExamBoard;
  subjectCode: string;
  year: number | null;
  session: Session | null;
  documentCode: string;
  reason: string;
}

/** A name that carries no reference the parser can trust: the admin assigns every field by hand. */
export interface UnrecognisedDocumentFile {
  kind: 'unrecognised';
  fileName: string;
  reason: string;
}

export type DocumentFileResult = RecognisedDocumentFile | SkippedDocumentFile | UnrecognisedDocumentFile;

export interface ParseOptions {
  /** Two-digit years are read against this date (default: now). */
  now?: Date;
}

const BY_HAND = 'choose its subject, year, session and paper by hand';

export function parseDocumentFileName(name: string, options: ParseOptions = {}): DocumentFileResult {
  const fileName = typeof name === 'string' ? name : '';
  const unrecognised = (reason: string): UnrecognisedDocumentFile => ({ kind: 'unrecognised', fileName, reason });
  const base = fileName.split(/[/\\]/).pop()!.trim();
  if (!base) return unrecognised('The file has no name.');

  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(base);
  if (!ext) return unrecognised(`The name has no file extension: only PDF, DOC and DOCX documents are imported.`);
  const extension = ext[1]!.toLowerCase();
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    return unrecognised(
      `A .${extension} file is not a document the library stores: only PDF, DOC and DOCX are imported.`,
    );
  }
  const stem = withoutDuplicateSuffix(base.slice(0, -ext[0].length));
  const tokens = tokenize(stem).map((t) => t.lower);
  const first = tokens[0] ?? '';
  const context = { fileName, extension: extension as DocumentExtension, now: options.now ?? new Date() };

  if (CAMBRIDGE_SYLLABUS.test(first)) return parseCambridge(tokens, context);
  if (EDEXCEL_CODE.test(first)) return parseEdexcel(tokens, context);
  return unrecognised(
    `The name does not start with a Cambridge syllabus code (4 digits) or a Pearson Edexcel unit or specification code: ${BY_HAND}.`,
  );
}

/** Browsers and file managers add `(1)`, ` - Copy`, ` copy 2` to a downloaded or copied file's name. */
function withoutDuplicateSuffix(stem: string): string {
  const suffix = /(?:\s*\(\d{1,3}\)|\s+-\s+copy(?:\s*\(\d{1,3}\))?|\s+copy(?:\s+\d{1,3})?)$/i;
  let s = stem;
  for (let i = 0; i < 3 && suffix.test(s); i++) s = s.replace(suffix, '');
  return s;
}

interface FileContext {
  fileName: string;
  extension: DocumentExtension;
  now: Date;
}

function parseCambridge(tokens: string[], ctx: FileContext): DocumentFileResult {
  const unrecognised = (reason: string): UnrecognisedDocumentFile => ({
    kind: 'unrecognised',
    fileName: ctx.fileName,
    reason,
  });
  const subjectCode = tokens[0]!;
  const series = CAMBRIDGE_SERIES.exec(tokens[1] ?? '');
  if (!series) {
    return unrecognised(
      `'${tokens[1] ?? ''}' after syllabus ${subjectCode} is not a Cambridge series (m, s or w and two year digits, e.g. s23): ${BY_HAND}.`,
    );
  }
  const [, letter, yy] = series as unknown as [string, string, string];
  const year = yearOfTwoDigits(Number(yy), ctx.now);
  const session = CAMBRIDGE_SERIES_LETTERS[letter] ?? null;

  const parts = typeAndDigits(tokens.slice(2));
  if (!parts) {
    return unrecognised(
      `'${tokens.slice(2).join(' ')}' is not a Cambridge document type with an optional paper number (e.g. qp 12): ${BY_HAND}.`,
    );
  }
  const code: DocumentCode | undefined = CAMBRIDGE_DOCUMENT_CODES[parts.code];
  if (!code) return unrecognised(`'${parts.code}' is not a Cambridge document type (qp, ms, er, …): ${BY_HAND}.`);
  const skipped = (reason: string): SkippedDocumentFile => ({
    kind: 'skipped',
    fileName: ctx.fileName,
    board: 'cambridge',
    subjectCode,
    year,
    session,
    documentCode: parts.code,
    reason,
  });
  if (letter === CAMBRIDGE_SPECIMEN_LETTER) return skipped(SPECIMEN_SKIP_REASON);
  if ('skip' in code) return skipped(code.skip);

  const paperDigits = componentAndVariant(parts.digits);
  if (paperDigits === undefined)
    return unrecognised(`'${parts.digits.join(' ')}' is not a component and variant (e.g. 12 or 1): ${BY_HAND}.`);
  const attention: Attention[] = [];
  let component: number | null = null;
  let variant: number | null = null;
  // An examiner report belongs to the whole series (one per syllabus and session), whatever digits the name has.
  if (code.type !== 'examiner-report' && paperDigits && paperDigits.component !== 0)
    ({ component, variant } = paperDigits);
  if (code.type !== 'examiner-report' && component === null)
    attention.push({ field: 'paper', message: 'The name has no paper number: choose the variant.' });

  return {
    kind: 'recognised',
    board: 'cambridge',
    fileName: ctx.fileName,
    extension: ctx.extension,
    subjectCode,
    documentType: code.type,
    documentCode: parts.code,
    year,
    session,
    sessionNeedsAssignment: session === null,
    component,
    variant,
    paper: component === null ? null : variantNaming(component, variant),
    suggestedLevel: suggestedLevelOfCode('cambridge', subjectCode),
    attention,
  };
}

/** The type code and the paper digits around it: `qp`, `qp 12`, `qp 1 2`, `1 3 qp`, `12 qp`. */
function typeAndDigits(rest: string[]): { code: string; digits: string[] } | null {
  const isDigits = (t: string) => /^\d+$/.test(t);
  const isCode = (t: string) => /^[a-z]{2,3}$/.test(t);
  if (rest.length === 0 || rest.length > 3) return null;
  if (isCode(rest[0]!) && rest.slice(1).every(isDigits)) return { code: rest[0]!, digits: rest.slice(1) };
  const last = rest[rest.length - 1]!;
  if (isCode(last) && rest.slice(0, -1).every(isDigits)) return { code: last, digits: rest.slice(0, -1) };
  return null;
}

/** `[]` → null (no paper); `12` or `1 2` → component 1 variant 2; `1` → component 1; else undefined (not a paper). */
function componentAndVariant(digits: string[]): { component: number; variant: number | null } | null | undefined {
  if (digits.length === 0) return null;
  if (digits.length === 1) {
    const d = digits[0]!;
    if (d.length === 1) return { component: Number(d), variant: null };
    return d.length === 2 ? { component: Number(d[0]), variant: Number(d[1]) } : undefined;
  }
  if (digits.length === 2 && digits.every((d) => d.length === 1))
    return { component: Number(digits[0]), variant: Number(digits[1]) };
  return undefined;
}

function parseEdexcel(tokens: string[], ctx: FileContext): DocumentFileResult {
  const unrecognised = (reason: string): UnrecognisedDocumentFile => ({
    kind: 'unrecognised',
    fileName: ctx.fileName,
    reason,
  });
  if (tokens.length !== 4) {
    return unrecognised(
      `An Edexcel name has four parts, unit-paper-type-date (e.g. wph11-01-que-20230110); this one has ${tokens.length}: ${BY_HAND}.`,
    );
  }
  const [unitToken, paperToken, typeToken, dateToken] = tokens as [string, string, string, string];
  const unit = unitToken.toUpperCase();
  const paper = parseEdexcelPaper(paperToken);
  if (!paper) return unrecognised(`'${paperToken}' is not an Edexcel paper (e.g. 01, 1F, 2BH): ${BY_HAND}.`);
  const code = EDEXCEL_DOCUMENT_CODES[typeToken];
  if (!code) return unrecognised(`'${typeToken}' is not an Edexcel document type (que, rms, pef): ${BY_HAND}.`);
  const date = parseCompactDate(dateToken);
  if (!date) return unrecognised(`'${dateToken}' is not a date (YYYYMMDD): ${BY_HAND}.`);
  if ('skip' in code) {
    return {
      kind: 'skipped',
      fileName: ctx.fileName,
      board: 'edexcel',
      subjectCode: unit,
      year: null,
      session: null,
      documentCode: typeToken,
      reason: code.skip,
    };
  }

  const isQuestionPaper = code.type === 'question-paper';
  const series = isQuestionPaper ? (SERIES_OF_MONTH[date.month] ?? null) : null;
  const session = series === 'January' ? null : series;
  const attention: Attention[] = [];
  if (isQuestionPaper && session === null) attention.push(sessionAttention(series, date.iso));
  const paperName = paperToken.toUpperCase();
  if (!isQuestionPaper) {
    attention.push({
      field: 'series',
      message: `The date on this file (${date.iso}) is its publication date: its year and session come from the question paper of ${unit} paper ${paperName}.`,
    });
  }
  return {
    kind: 'recognised',
    board: 'edexcel',
    fileName: ctx.fileName,
    extension: ctx.extension,
    subjectCode: unit,
    documentType: code.type,
    documentCode: typeToken,
    year: isQuestionPaper ? date.year : null,
    session,
    sessionNeedsAssignment: session === null,
    component: code.type === 'examiner-report' ? null : paper.number,
    variant: null,
    paper: code.type === 'examiner-report' ? null : variantNaming(paper.number, null, paper.suffix),
    suggestedLevel: suggestedLevelOfCode('edexcel', unit),
    attention,
    edexcel: {
      unit,
      paper: paperName,
      paperNumber: paper.number,
      tier: paper.tier,
      option: paper.option,
      date: date.iso,
      dateMeaning: isQuestionPaper ? 'exam' : 'publication',
      series,
      seriesKey: `${unit}/${paper.number}${paper.suffix}`,
      matchedQuestionPaper: null,
    },
  };
}

/** Why an exam date gives no product session: a January series, or a month outside every series. */
export function sessionAttention(series: Series | null, isoDate: string): Attention {
  if (series === 'January') {
    return {
      field: 'session',
      message: `January series (sat ${isoDate}): the library has no January session, choose the session for it.`,
    };
  }
  const month = MONTH_NAMES[Number(isoDate.slice(5, 7)) - 1] ?? 'that month';
  return {
    field: 'session',
    message: `Sat in ${month} (${isoDate}), outside the library's sessions: choose the session for it.`,
  };
}
