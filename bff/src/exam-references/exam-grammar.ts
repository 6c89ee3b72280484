/**
 * The one grammar of exam-board references (shared/naming-conventions.md), used by both the file-name parser and
 * the search-query parser: session letters and words, document-type codes, level and board words, code shapes and
 * the product's variant naming. Change a table here and both parsers follow.
 */
import { levelsForCategory, type Level, type Session } from '../common/domain-values';

export type ExamBoard = 'cambridge' | 'edexcel';

/** The three kinds of document the library stores. */
export type DocumentType = 'question-paper' | 'mark-scheme' | 'examiner-report';

/** A January series has no product session: the admin assigns one. */
export type Series = Session | 'January';

// ---------------------------------------------------------------------------------------------------------------
// Sessions

/** Cambridge series letters in file names and references (`9702_s23_…`, `9702 w22`). `y` (specimen) is not a session. */
export const CAMBRIDGE_SERIES_LETTERS: Readonly<Record<string, Session>> = {
  m: 'Feb/March',
  s: 'May/June',
  w: 'Oct/Nov',
};
export const CAMBRIDGE_SPECIMEN_LETTER = 'y';

/** Series as printed on a Cambridge cover (`9702/12/M/J/23`) and as students shorten it (`MJ23`). */
export const COVER_SERIES: Readonly<Record<string, Session>> = { fm: 'Feb/March', mj: 'May/June', on: 'Oct/Nov' };

/**
 * The series an exam month belongs to. Edexcel question papers carry their exam date; month words in queries use the
 * same table. January is a series of its own; months outside every series (April, July, August, September,
 * December) give null: the admin decides.
 */
export const SERIES_OF_MONTH: Readonly<Record<number, Series | null>> = {
  1: 'January',
  2: 'Feb/March',
  3: 'Feb/March',
  4: null,
  5: 'May/June',
  6: 'May/June',
  7: null,
  8: null,
  9: null,
  10: 'Oct/Nov',
  11: 'Oct/Nov',
  12: null,
};

/** Month words students type ("may june 2023", "wph11 jan 2023"). Only months that name a series are words here. */
export const MONTH_WORDS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  may: 5,
  jun: 6,
  june: 6,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
};

/** Season words: Cambridge's May/June is "summer", its Oct/Nov "winter" (the `w` of file names). */
export const SEASON_WORDS: Readonly<Record<string, Session>> = {
  summer: 'May/June',
  winter: 'Oct/Nov',
  autumn: 'Oct/Nov',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Document types

/** A document-type code: either a type the library stores, or a type it skips (with the reason shown to the admin). */
export type DocumentCode = { readonly type: DocumentType } | { readonly skip: string };

const NOT_STORED = 'the library keeps question papers, mark schemes and examiner reports only';

/**
 * Cambridge type codes (`SSSS_XYY_TT[_CV]`). `sf`, `ir` and `pm` are seen in the wild but their meaning is
 * unconfirmed (naming-conventions.md): they are skipped, never guessed into a stored type.
 */
export const CAMBRIDGE_DOCUMENT_CODES: Readonly<Record<string, DocumentCode>> = {
  qp: { type: 'question-paper' },
  ms: { type: 'mark-scheme' },
  er: { type: 'examiner-report' },
  gt: { skip: `Grade thresholds are not stored: ${NOT_STORED}.` },
  in: { skip: `Inserts are not stored: ${NOT_STORED}.` },
  ci: { skip: `Confidential instructions are not stored: ${NOT_STORED}.` },
  sp: { skip: `Specimen papers are not stored: ${NOT_STORED} of real exam series.` },
  sm: { skip: `Specimen mark schemes are not stored: ${NOT_STORED} of real exam series.` },
  rb: { skip: `Resource booklets are not stored: ${NOT_STORED}.` },
  un: { skip: `Update notices are not stored: ${NOT_STORED}.` },
  sf: { skip: `Type 'sf' (supporting files, unconfirmed) is not stored: ${NOT_STORED}.` },
  ir: { skip: `Type 'ir' (unconfirmed) is not stored: ${NOT_STORED}.` },
  pm: { skip: `Type 'pm' (pre-release material, unconfirmed) is not stored: ${NOT_STORED}.` },
};

export const SPECIMEN_SKIP_REASON = `Specimen material (series 'y') is not stored: ${NOT_STORED} of real exam series.`;

/** Pearson Edexcel type codes (`<unit>-<paper>-<type>-<YYYYMMDD>`): `msc` and `ms` are older mark-scheme codes. */
export const EDEXCEL_DOCUMENT_CODES: Readonly<Record<string, DocumentCode>> = {
  que: { type: 'question-paper' },
  rms: { type: 'mark-scheme' },
  msc: { type: 'mark-scheme' },
  ms: { type: 'mark-scheme' },
  pef: { type: 'examiner-report' },
};

/** Document-type phrases students type, beside every stored code of both boards. Longest phrase wins. */
export const DOCUMENT_TYPE_PHRASES: Readonly<Record<string, DocumentType>> = {
  ...storedCodes(CAMBRIDGE_DOCUMENT_CODES),
  ...storedCodes(EDEXCEL_DOCUMENT_CODES),
  'question paper': 'question-paper',
  'question papers': 'question-paper',
  questionpaper: 'question-paper',
  'mark scheme': 'mark-scheme',
  'mark schemes': 'mark-scheme',
  markscheme: 'mark-scheme',
  markschemes: 'mark-scheme',
  'marking scheme': 'mark-scheme',
  'examiner report': 'examiner-report',
  'examiner reports': 'examiner-report',
  'examiners report': 'examiner-report',
  'examiners reports': 'examiner-report',
  'examiner s report': 'examiner-report',
  'examiner s reports': 'examiner-report',
  'principal examiner feedback': 'examiner-report',
};

function storedCodes(table: Readonly<Record<string, DocumentCode>>): Record<string, DocumentType> {
  const out: Record<string, DocumentType> = {};
  for (const [code, meaning] of Object.entries(table)) if ('type' in meaning) out[code] = meaning.type;
  return out;
}

/** File extensions the library stores (uploads check the content as well). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Levels and boards

/**
 * Level words, mapped to a category of domain-values' `levelsForCategory` (or a level itself). "igcse" alone means
 * both boards' IGCSE; a board word or a board's code narrows it. "as level" is part of the product's A Level.
 */
export const LEVEL_PHRASES: Readonly<Record<string, string>> = {
  igcse: 'igcse',
  igcses: 'igcse',
  'international gcse': 'igcse',
  'o level': 'o-level',
  'o levels': 'o-level',
  olevel: 'o-level',
  olevels: 'o-level',
  'a level': 'a-level',
  'a levels': 'a-level',
  alevel: 'a-level',
  alevels: 'a-level',
  'as level': 'a-level',
  'as levels': 'a-level',
  aslevel: 'a-level',
  'as and a level': 'a-level',
  'international a level': 'a-level',
  ial: 'edexcel-a-levels',
  cbc: 'cbc',
  primary: 'cbc-primary',
  'cbc primary': 'cbc-primary',
  pp1: 'cbc-primary',
  pp2: 'cbc-primary',
  kpsea: 'cbc-primary',
  secondary: 'cbc-secondary',
  'cbc secondary': 'cbc-secondary',
  'junior secondary': 'cbc-secondary',
  'junior school': 'cbc-secondary',
  'senior school': 'cbc-secondary',
  jss: 'cbc-secondary',
  kjsea: 'cbc-secondary',
  vocational: 'vocational',
  tvet: 'vocational',
};

/** Board words: each stands for the board's levels. */
export const BOARD_PHRASES: Readonly<Record<string, ExamBoard>> = {
  cambridge: 'cambridge',
  caie: 'cambridge',
  cie: 'cambridge',
  'cambridge international': 'cambridge',
  edexcel: 'edexcel',
  pearson: 'edexcel',
  'pearson edexcel': 'edexcel',
};

/**
 * Kenya's CBC grades: Grades 1–6 are primary (KPSEA at the end of Grade 6), Grades 7–9 junior secondary (junior
 * school, KJSEA at Grade 9) and 10–12 senior school; the product files junior and senior school under
 * cbc-secondary (its demo subject "Junior Secondary Grade 9" does too).
 */
export const CBC_GRADES = { min: 1, max: 12, lastPrimary: 6 } as const;

export function levelOfCbcGrade(grade: number): Level | null {
  if (!Number.isInteger(grade) || grade < CBC_GRADES.min || grade > CBC_GRADES.max) return null;
  return grade <= CBC_GRADES.lastPrimary ? 'cbc-primary' : 'cbc-secondary';
}

export function levelsOfBoard(board: ExamBoard): Level[] {
  return levelsForCategory(board);
}

/**
 * A likely level from the shape of a subject code, offered when the import creates a subject: Cambridge IGCSE
 * syllabuses start with 0, O Level ones with 1–7, AS & A Level (and Pre-U) ones with 8–9; Edexcel International A
 * Level units start with W, X or Y (or are the older 6xx01 units), International GCSE specifications with 4. A
 * suggestion for the admin, never a rule: anything else gives null.
 */
export function suggestedLevelOfCode(board: ExamBoard, code: string): Level | null {
  const c = code.toUpperCase();
  if (board === 'cambridge') {
    if (!/^\d{4}$/.test(c)) return null;
    if (c.startsWith('0')) return 'cambridge-igcse';
    return c[0]! >= '8' ? 'cambridge-a-levels' : 'cambridge-o-levels';
  }
  if (/^[WXY][A-Z]{2}\d{2}$/.test(c) || /^6[A-Z]{2}\d{2}$/.test(c)) return 'edexcel-a-levels';
  if (/^4[A-Z]{2}\d$/.test(c)) return 'edexcel-igcse';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes

/** A Cambridge syllabus code: four digits (0580, 9702). */
export const CAMBRIDGE_SYLLABUS = /^\d{4}$/;
/** A Cambridge series token in lower case: `s23` (letter, two year digits); `y` marks specimen material. */
export const CAMBRIDGE_SERIES = /^([msyw])(\d{2})$/;
/**
 * An Edexcel code in lower case: an International A Level unit (`wph11`, `wma11`; `xma01`/`yma01` for the
 * qualifications; older `6ph01`) or a specification (`4ph1` International GCSE, `1ma1`/`1sc0` GCSE, `9ma0` A level).
 */
export const EDEXCEL_CODE = /^(?:[wxy][a-z]{2}\d{2}|\d[a-z]{2}\d{1,2})$/;
/** An Edexcel paper in lower case: number, then letters for the option and tier (`01`, `1f`, `1p`, `2bh`, `1hr`). */
export const EDEXCEL_PAPER = /^(\d{1,2})([a-z]{0,3})$/;
/** The two tiers of GCSE and International GCSE papers. */
export const TIER_LETTERS: Readonly<Record<string, 'F' | 'H'>> = { f: 'F', h: 'H' };

export interface EdexcelPaperParts {
  /** The paper number (`01` → 1). */
  number: number;
  /** Every letter after the number, upper case (`2bh` → `BH`), or '' when none. */
  suffix: string;
  tier: 'F' | 'H' | null;
  /** The letters other than the tier (`2bh` → `B`), or null. */
  option: string | null;
}

export function parseEdexcelPaper(token: string): EdexcelPaperParts | null {
  const m = EDEXCEL_PAPER.exec(token.toLowerCase());
  if (!m) return null;
  const number = Number(m[1]);
  const letters = m[2]!;
  const tierLetter = [...letters].find((l) => l in TIER_LETTERS);
  const option = tierLetter === undefined ? letters : letters.replace(tierLetter, '');
  return {
    number,
    suffix: letters.toUpperCase(),
    tier: tierLetter ? TIER_LETTERS[tierLetter]! : null,
    option: option ? option.toUpperCase() : null,
  };
}

/**
 * A two-digit year: 20YY unless that is more than five years ahead of `now` (the product's latest paper year), then
 * 19YY (old files such as `w99`, which the product's year rules then reject with their own message).
 */
export function yearOfTwoDigits(yy: number, now: Date): number {
  const year = 2000 + yy;
  return year > now.getFullYear() + 5 ? year - 100 : year;
}

/** A date token `YYYYMMDD` as ISO `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function parseCompactDate(token: string): { iso: string; year: number; month: number } | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(token);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { iso: `${m[1]}-${m[2]}-${m[3]}`, year, month };
}

// ---------------------------------------------------------------------------------------------------------------
// Variant naming

/** How the product names a variant (spec: 'Paper N', slug 'paper-N', version N). */
export interface VariantNaming {
  name: string;
  slug: string;
  version: number;
}

/**
 * Cambridge component 1 variant 2 → "Paper 12", `paper-12`, version 12; a single digit 1 → "Paper 1". Edexcel paper
 * 01 → "Paper 1"; with letters 1F → "Paper 1F", `paper-1f`, version 1 (the version is the paper number).
 */
export function variantNaming(paper: number, variant: number | null, suffix = ''): VariantNaming {
  const digits = variant === null ? String(paper) : `${paper}${variant}`;
  const label = `${digits}${suffix.toUpperCase()}`;
  return { name: `Paper ${label}`, slug: `paper-${label.toLowerCase()}`, version: Number(digits) };
}
