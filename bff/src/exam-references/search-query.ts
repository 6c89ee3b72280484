/**
 * Understands what a student types into search: paper references as the boards print them (`9702_s23_qp_12`,
 * `9702/12/M/J/23`, `wph11 jan 2023`, `4PH1 1P`), subject names and short forms, level and session words, years,
 * papers and document types. Whatever it does not understand is returned as free text for full-text and trigram
 * search (typos included). Pure: no I/O, never throws.
 */
import { levelsForCategory, type Level, type Session } from '../common/domain-values';
import {
  BOARD_PHRASES,
  CAMBRIDGE_SERIES,
  CAMBRIDGE_SERIES_LETTERS,
  CAMBRIDGE_SYLLABUS,
  COVER_SERIES,
  DOCUMENT_TYPE_PHRASES,
  EDEXCEL_CODE,
  LEVEL_PHRASES,
  MONTH_WORDS,
  SEASON_WORDS,
  SERIES_OF_MONTH,
  levelOfCbcGrade,
  levelsOfBoard,
  parseCompactDate,
  parseEdexcelPaper,
  variantNaming,
  yearOfTwoDigits,
  type DocumentType,
  type ExamBoard,
  type Series,
} from './exam-grammar';
import { SUBJECT_NAMES, SUBJECT_SHORT_FORMS } from './subject-vocabulary';
import { tokenize, type Token } from './tokenize';

export interface InterpretedQuery {
  /** The query exactly as received. */
  original: string;
  /** From a board's code shape or a board word ("cambridge", "edexcel"). */
  board: ExamBoard | null;
  /** Cambridge syllabus (`9702`) or Edexcel unit/specification in upper case (`WPH11`, `4PH1`). */
  subjectCode: string | null;
  /** Subject names, lower case, short forms expanded ("maths" → "mathematics"). */
  subjectNames: string[];
  /** Levels to filter on (any of them); empty when the query names none. "igcse" alone gives both boards' IGCSE. */
  levels: Level[];
  /** A CBC grade ("grade 7"). */
  grade: number | null;
  year: number | null;
  session: Session | null;
  /** "jan"/"january": an Edexcel January series, which has no product session (session stays null). */
  januarySeries: boolean;
  /** Cambridge component or Edexcel paper number ("12" → 1, "p4" → 4, "1P" → 1). */
  paper: number | null;
  /** Cambridge variant ("12" → 2); null means any variant of the paper. */
  variant: number | null;
  /** Edexcel paper letters, upper case ("1P" → "P", "2BH" → "BH"), or null. */
  paperSuffix: string | null;
  tier: 'F' | 'H' | null;
  /** The product's variant name when the query names exactly one ("Paper 12", "Paper 1P"), else null. */
  variantName: string | null;
  documentType: DocumentType | null;
  /** The words not understood, as typed, in order. */
  freeWords: string[];
  /** `freeWords` joined by spaces ('' when none). */
  freeText: string;
}

export interface QueryParseOptions {
  /** Year words are read against this date (default: now): a year is at most five years ahead of it. */
  now?: Date;
}

/** A year typed as four digits: from 1990 to the product's latest paper year. */
const FIRST_YEAR_WORD = 1990;

type Action =
  | { kind: 'document'; type: DocumentType }
  | { kind: 'level'; category: string }
  | { kind: 'board'; board: ExamBoard }
  | { kind: 'series'; series: Series }
  | { kind: 'subject'; name: string }
  | { kind: 'noise' };

/** Words that say nothing about which paper: consumed so they do not dilute the full-text search. */
const NOISE_PHRASES = [
  'past paper',
  'past papers',
  'pastpaper',
  'pastpapers',
  'paper',
  'papers',
  'pdf',
  'download',
  'downloads',
];

const PHRASES: ReadonlyMap<string, Action> = buildPhrases();
const LONGEST_PHRASE = Math.max(...[...PHRASES.keys()].map((p) => p.split(' ').length));

function buildPhrases(): Map<string, Action> {
  const map = new Map<string, Action>();
  const add = (phrase: string, action: Action) => {
    if (!map.has(phrase)) map.set(phrase, action);
  };
  for (const [p, type] of Object.entries(DOCUMENT_TYPE_PHRASES)) add(p, { kind: 'document', type });
  for (const [p, category] of Object.entries(LEVEL_PHRASES)) add(p, { kind: 'level', category });
  for (const [p, board] of Object.entries(BOARD_PHRASES)) add(p, { kind: 'board', board });
  for (const [p, month] of Object.entries(MONTH_WORDS)) add(p, { kind: 'series', series: SERIES_OF_MONTH[month]! });
  for (const [p, session] of Object.entries(SEASON_WORDS)) add(p, { kind: 'series', series: session });
  for (const name of SUBJECT_NAMES) add(name, { kind: 'subject', name });
  for (const [p, name] of Object.entries(SUBJECT_SHORT_FORMS)) add(p, { kind: 'subject', name });
  for (const p of NOISE_PHRASES) add(p, { kind: 'noise' });
  return map;
}

const COVER_COMPACT = /^(fm|mj|on)(\d{2})$/;
const PAPER_WORDS = new Set(['paper', 'p', 'component']);
const VARIANT_WORDS = new Set(['variant', 'var', 'v']);

export function parseSearchQuery(q: string, options: QueryParseOptions = {}): InterpretedQuery {
  const original = typeof q === 'string' ? q : '';
  const now = options.now ?? new Date();
  return new QueryReader(original, tokenize(original), now).read();
}

/** A value is set once: the same value again is consumed, a different one is left as free text. */
function settle<T>(current: T | null, value: T, assign: () => void): boolean {
  if (current === null) {
    assign();
    return true;
  }
  return current === value;
}

class QueryReader {
  private board: ExamBoard | null = null;
  private boardWord = false;
  private subjectCode: string | null = null;
  private readonly subjectNames: string[] = [];
  private readonly levelCategories: string[] = [];
  private grade: number | null = null;
  private year: number | null = null;
  private series: Series | null = null;
  private paper: number | null = null;
  private variant: number | null = null;
  private paperSuffix: string | null = null;
  private tier: 'F' | 'H' | null = null;
  private documentType: DocumentType | null = null;
  private readonly free: string[] = [];

  private readonly words: string[];
  /** Four-digit words read as syllabus codes (the rest in the year range are years). */
  private readonly codeIndexes = new Set<number>();
  private readonly cambridgeContext: boolean;
  private readonly edexcelContext: boolean;
  private readonly latestYear: number;

  constructor(
    private readonly original: string,
    private readonly tokens: Token[],
    private readonly now: Date,
  ) {
    this.words = tokens.map((t) => t.lower);
    this.latestYear = now.getFullYear() + 5;
    this.classifyFourDigitWords();
    const w = this.words;
    this.cambridgeContext =
      this.codeIndexes.size > 0 ||
      w.some(
        (t, i) =>
          this.isSeriesWord(t) ||
          COVER_COMPACT.test(t) ||
          this.coverPairAt(i) !== null ||
          BOARD_PHRASES[t] === 'cambridge',
      );
    this.edexcelContext = w.some((t) => EDEXCEL_CODE.test(t) || BOARD_PHRASES[t] === 'edexcel');
  }

  read(): InterpretedQuery {
    let i = 0;
    let afterDocumentWord = false;
    while (i < this.words.length) {
      const step = this.readAt(i, afterDocumentWord);
      afterDocumentWord = step.documentWord === true;
      if (step.consumed === 0) {
        this.free.push(this.tokens[i]!.raw);
        i += 1;
      } else {
        i += step.consumed;
      }
    }
    return this.result();
  }

  /**
   * A four-digit word is a Cambridge syllabus when a series follows it (`9702 s23`, `9702/12/M/J/23`) or it is outside
   * the year range (0580, 9702, 2059); of the words left in the year range the last is the year and any before it
   * are codes ("2010 2019": O Level Literature 2010, in 2019). Syllabus codes come first in references.
   */
  private classifyFourDigitWords(): void {
    const yearLike: number[] = [];
    this.words.forEach((t, i) => {
      if (!CAMBRIDGE_SYLLABUS.test(t)) return;
      const n = Number(t);
      const next = this.words[i + 1] ?? '';
      const seriesFollows =
        this.isSeriesWord(next) ||
        COVER_COMPACT.test(next) ||
        (/^\d{1,2}$/.test(next) && this.coverPairAt(i + 2) !== null);
      if (!seriesFollows && n >= FIRST_YEAR_WORD && n <= this.latestYear) yearLike.push(i);
      else this.codeIndexes.add(i);
    });
    yearLike.slice(0, -1).forEach((i) => this.codeIndexes.add(i));
  }

  private isSeriesWord(t: string): boolean {
    const m = CAMBRIDGE_SERIES.exec(t);
    return m !== null && m[1]! in CAMBRIDGE_SERIES_LETTERS;
  }

  /** `M/J`, `F/M`, `O/N` as typed from a cover: two one-letter words. */
  private coverPairAt(i: number): Session | null {
    const a = this.words[i];
    const b = this.words[i + 1];
    if (a?.length !== 1 || b?.length !== 1) return null;
    return COVER_SERIES[a + b] ?? null;
  }

  private readAt(i: number, afterDocumentWord: boolean): { consumed: number; documentWord?: boolean } {
    const t = this.words[i]!;
    const next = this.words[i + 1];

    const date = parseCompactDate(t);
    if (date) {
      // A pasted Edexcel name: a question paper's date is its exam date; other files' dates say nothing of the series.
      const previous = this.words[i - 1];
      if (previous !== undefined && DOCUMENT_TYPE_PHRASES[previous] === 'question-paper')
        this.setSeriesAndYear(SERIES_OF_MONTH[date.month] ?? null, date.year);
      return { consumed: 1 };
    }

    const series = CAMBRIDGE_SERIES.exec(t);
    if (series && this.isSeriesWord(t)) {
      return {
        consumed: this.setSeriesAndYear(
          CAMBRIDGE_SERIES_LETTERS[series[1]!]!,
          yearOfTwoDigits(Number(series[2]), this.now),
        )
          ? 1
          : 0,
      };
    }
    // `9702 s 23`: a series letter typed apart from its year, right after the syllabus.
    if (t in CAMBRIDGE_SERIES_LETTERS && next !== undefined && /^\d{2}$/.test(next) && this.codeIndexes.has(i - 1)) {
      return {
        consumed: this.setSeriesAndYear(CAMBRIDGE_SERIES_LETTERS[t]!, yearOfTwoDigits(Number(next), this.now)) ? 2 : 0,
      };
    }
    const compact = COVER_COMPACT.exec(t);
    if (compact)
      return {
        consumed: this.setSeriesAndYear(COVER_SERIES[compact[1]!]!, yearOfTwoDigits(Number(compact[2]), this.now))
          ? 1
          : 0,
      };
    const pair = this.coverPairAt(i);
    if (pair) {
      if (!this.setSeries(pair)) return { consumed: 0 };
      const yy = this.words[i + 2];
      if (yy !== undefined && /^\d{2}$/.test(yy) && this.setYear(yearOfTwoDigits(Number(yy), this.now)))
        return { consumed: 3 };
      return { consumed: 2 };
    }

    if (CAMBRIDGE_SYLLABUS.test(t)) {
      const ok = this.codeIndexes.has(i) ? this.setCode('cambridge', t) : this.setYear(Number(t));
      return { consumed: ok ? 1 : 0 };
    }
    if (EDEXCEL_CODE.test(t)) return { consumed: this.setCode('edexcel', t.toUpperCase()) ? 1 : 0 };

    const grade = /^grade(\d{1,2})?$/.exec(t);
    if (grade) {
      const n = grade[1] ?? (next !== undefined && /^\d{1,2}$/.test(next) ? next : undefined);
      const level = n === undefined ? null : levelOfCbcGrade(Number(n));
      if (level && this.setGrade(Number(n), level)) return { consumed: grade[1] ? 1 : 2 };
    }

    const paperStep = this.readPaper(i, afterDocumentWord);
    if (paperStep > 0) return { consumed: paperStep };

    for (let n = Math.min(LONGEST_PHRASE, this.words.length - i); n >= 1; n--) {
      const action = PHRASES.get(this.words.slice(i, i + n).join(' '));
      if (action && this.apply(action)) return { consumed: n, documentWord: action.kind === 'document' };
      if (action) return { consumed: 0 };
    }
    return { consumed: 0 };
  }

  /** `paper 1`, `p12`, `p 4`, `variant 2`, `v2`; bare `12`/`1` in a Cambridge reference; `01`, `1P`, `2BH` beside an Edexcel code. */
  private readPaper(i: number, afterDocumentWord: boolean): number {
    const t = this.words[i]!;
    const next = this.words[i + 1];
    const compactPaper = /^p(\d{1,2})$/.exec(t);
    if (compactPaper) return this.setPaperWord(compactPaper[1]!) ? 1 : 0;
    if (PAPER_WORDS.has(t) && next !== undefined && this.isPaperWord(next)) return this.setPaperWord(next) ? 2 : 0;
    const compactVariant = /^v(\d)$/.exec(t);
    if (compactVariant) return this.setVariant(Number(compactVariant[1])) ? 1 : 0;
    if (VARIANT_WORDS.has(t) && next !== undefined && /^\d$/.test(next)) return this.setVariant(Number(next)) ? 2 : 0;
    if ((this.cambridgeContext || this.edexcelContext || afterDocumentWord) && this.isPaperWord(t))
      return this.setPaperWord(t) ? 1 : 0;
    return 0;
  }

  private isPaperWord(t: string): boolean {
    if (/^\d{1,2}$/.test(t)) return true;
    return this.edexcelContext && parseEdexcelPaper(t) !== null;
  }

  /** Cambridge: "12" is component 1 variant 2, "1" component 1. Edexcel: the whole number, with its letters. */
  private setPaperWord(t: string): boolean {
    if (this.edexcelContext && !this.cambridgeContext) {
      const parts = parseEdexcelPaper(t);
      if (!parts || parts.number === 0) return false;
      return this.setPaper(parts.number, null, parts.suffix || null, parts.tier);
    }
    if (!/^\d{1,2}$/.test(t) || Number(t[0]) === 0) return false;
    return t.length === 2
      ? this.setPaper(Number(t[0]), Number(t[1]), null, null)
      : this.setPaper(Number(t), null, null, null);
  }

  private apply(action: Action): boolean {
    switch (action.kind) {
      case 'document':
        return settle(this.documentType, action.type, () => (this.documentType = action.type));
      case 'level':
        if (!this.levelCategories.includes(action.category)) this.levelCategories.push(action.category);
        return true;
      case 'board':
        this.boardWord = true;
        return this.board === null || this.board === action.board ? ((this.board = action.board), true) : false;
      case 'series':
        return this.setSeries(action.series);
      case 'subject':
        if (!this.subjectNames.includes(action.name)) this.subjectNames.push(action.name);
        return true;
      case 'noise':
        return true;
    }
  }

  private setYear(year: number): boolean {
    return settle(this.year, year, () => (this.year = year));
  }

  private setSeries(series: Series): boolean {
    return settle(this.series, series, () => (this.series = series));
  }

  /** Both or neither: a series word with a year that contradicts the query's year is left as text. */
  private setSeriesAndYear(series: Series | null, year: number): boolean {
    const seriesFits = series === null || this.series === null || this.series === series;
    const yearFits = this.year === null || this.year === year;
    if (!seriesFits || !yearFits) return false;
    if (series !== null) this.series = series;
    this.year = year;
    return true;
  }

  private setCode(board: ExamBoard, code: string): boolean {
    if (this.subjectCode !== null) return this.subjectCode === code;
    this.subjectCode = code;
    this.board = board;
    return true;
  }

  private setGrade(grade: number, level: Level): boolean {
    if (!settle(this.grade, grade, () => (this.grade = grade))) return false;
    if (!this.levelCategories.includes(level)) this.levelCategories.push(level);
    return true;
  }

  private setPaper(paper: number, variant: number | null, suffix: string | null, tier: 'F' | 'H' | null): boolean {
    if (this.paper !== null)
      return (
        this.paper === paper &&
        (variant === null || this.variant === variant) &&
        (suffix === null || this.paperSuffix === suffix)
      );
    if (variant !== null && this.variant !== null && this.variant !== variant) return false;
    this.paper = paper;
    this.variant = variant ?? this.variant;
    this.paperSuffix = suffix;
    this.tier = tier;
    return true;
  }

  private setVariant(variant: number): boolean {
    if (this.variant !== null) return this.variant === variant;
    this.variant = variant;
    return true;
  }

  /**
   * The levels every level word agrees on ("cbc grade 7": cbc-secondary), or all of them when they disagree
   * ("igcse a level"); a board narrows them, and a board word alone stands for its levels.
   */
  private levels(): Level[] {
    const sets = this.levelCategories.map((c) => levelsForCategory(c));
    const common = sets.length === 0 ? [] : sets.reduce((a, b) => a.filter((l) => b.includes(l)));
    const named = common.length > 0 ? common : [...new Set(sets.flat())];
    if (this.board === null) return named;
    const boardLevels = levelsOfBoard(this.board);
    if (named.length === 0) return this.boardWord ? boardLevels : [];
    const narrowed = named.filter((l) => boardLevels.includes(l));
    return narrowed.length > 0 ? narrowed : named;
  }

  private result(): InterpretedQuery {
    const session = this.series === 'January' ? null : this.series;
    let variantName: string | null = null;
    if (this.paper !== null && (this.variant !== null || this.board === 'edexcel' || this.paperSuffix !== null)) {
      variantName = variantNaming(this.paper, this.variant, this.paperSuffix ?? '').name;
    }
    return {
      original: this.original,
      board: this.board,
      subjectCode: this.subjectCode,
      subjectNames: [...this.subjectNames],
      levels: this.levels(),
      grade: this.grade,
      year: this.year,
      session,
      januarySeries: this.series === 'January',
      paper: this.paper,
      variant: this.variant,
      paperSuffix: this.paperSuffix,
      tier: this.tier,
      variantName,
      documentType: this.documentType,
      freeWords: [...this.free],
      freeText: this.free.join(' '),
    };
  }
}
