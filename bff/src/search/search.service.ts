import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { parseSearchQuery, type InterpretedQuery } from '../exam-references';
import { DEFAULT_LIMIT, type SearchQuery } from './dto/search.query';
import {
  MAX_CANDIDATE_PAGES,
  SIMILAR_WORDS_SQL,
  UNDERSTAND_WORDS_SQL,
  relaxSql,
  searchSql,
  type NamedSubjects,
  type SearchPlan,
  type SearchRow,
  type SearchSqlAnswer,
} from './search.queries';
import { SearchDatabase, type SearchStatements } from './search-database';
import { snippetHtml } from './snippet';
import type {
  InterpretedQueryView,
  InterpretedSubjectView,
  SearchAnswerView,
  SearchCorrectionView,
  SearchResultView,
} from './search.view';

interface SubjectRow {
  id: number;
  name: string;
  code: string;
  level: string;
}

interface WordRow {
  word: string;
  has_lexeme: boolean;
  in_documents: boolean;
  in_text: boolean;
  name_subjects: SubjectRow[];
  subjects: Array<SubjectRow & { similarity: number }>;
  code_found: boolean;
}

/** What the free words of a query are. */
interface UnderstoodWords {
  /** Looked for inside the documents. */
  words: string[];
  /** Of `words`, those on no page at all. */
  unmatched: string[];
  /** Of `words`, those the words table does not know ("did you mean" is asked for them). */
  unknownWords: string[];
  /** Subjects read from words of their names and from typos. */
  subjects: SubjectRow[];
  corrections: SearchCorrectionView[];
  /** Whether the subject code given names a subject (null: no code asked about). */
  codeFound: boolean | null;
}

/** Subjects within this much of a typo's best similarity are all read for it ("phsyics": Physics, not Physical Education). */
const SIMILARITY_MARGIN = 0.05;

const VARIANT_DOCUMENT_KEY = {
  'question-paper': 'document',
  'mark-scheme': 'mark_scheme',
  'examiner-report': 'examiner_report',
};

/**
 * Search: the query parser (exam-references/) reads references, subjects, levels, sessions, years and document
 * words; what it leaves is looked up as words inside the documents (PostgreSQL full-text search) or, for a word
 * that is in no document, as a typo of a subject name (pg_trgm). When nothing matches all of the query, the
 * query's own parts are dropped one by one (never the filters chosen on the page), and the answer says which.
 */
@Injectable()
export class SearchService {
  private readonly maxCandidatePages: number;

  /** `config` is optional so that the benchmark's baseline can run the service on a bare pool. */
  constructor(
    private readonly db: SearchDatabase,
    @Optional() config?: AppConfig,
  ) {
    this.maxCandidatePages = config?.search.maxCandidatePages ?? MAX_CANDIDATE_PAGES;
  }

  async search(query: SearchQuery): Promise<SearchAnswerView> {
    const q = query.q ?? '';
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const parsed = parseSearchQuery(q);
    const interpreted: InterpretedQueryView = {
      query: q,
      subjects: [],
      levels: parsed.levels,
      year: parsed.year,
      session: parsed.session,
      paper: parsed.paper,
      variant: parsed.variant,
      variant_name: parsed.variantName,
      document_type: parsed.documentType,
      words: [],
      corrections: [],
      relaxed: [],
    };
    const empty: SearchAnswerView = {
      results: [],
      total: 0,
      page,
      limit,
      facets: { levels: [], subjects: [], years: [], sessions: [], document_types: [] },
      interpreted,
      suggestions: [],
    };
    const hasFilter = [query.level, query.subject, query.year, query.session, query.type].some((v) => v !== undefined);
    if (q.trim() === '' && !hasFilter) return empty;
    // One connection for the whole search: its second and third statements never queue for the pool again behind
    // other requests (with 50 clients on 20 connections, a word query's tail latency was that second wait).
    return this.db.session((db) => this.answer(db, query, parsed, interpreted));
  }

  private async answer(
    db: SearchStatements,
    query: SearchQuery,
    parsed: InterpretedQuery,
    interpreted: InterpretedQueryView,
  ): Promise<SearchAnswerView> {
    const q = query.q ?? '';
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_LIMIT;
    // A statement only for free words (what they are); references, subjects and filters go into the search itself.
    // With free words, it also says whether the subject code the parser read names a subject.
    let understood = await this.understandWords(
      db,
      parsed.freeWords,
      parsed.freeWords.length > 0 ? parsed.subjectCode : null,
    );
    let found = await this.searchFor(db, query, parsed, understood);
    if (parsed.subjectCode !== null && understood.codeFound === null && found.answer.named.length === 0) {
      // A code alone that names no subject: read as a word (of a subject's name, or inside the documents).
      understood = await this.understandWords(db, parsed.freeWords, parsed.subjectCode);
      found = await this.searchFor(db, query, parsed, understood);
    }
    const { answer } = found;
    interpreted.words = found.words;
    interpreted.corrections = understood.corrections;
    interpreted.relaxed = found.relaxed;
    interpreted.subjects = answer.named.map(({ code, name, level }): InterpretedSubjectView => ({ code, name, level }));
    return {
      results: answer.results.map(toResult),
      total: answer.total,
      page,
      limit,
      facets: {
        levels: answer.levels,
        subjects: answer.subjects,
        years: answer.years,
        sessions: answer.sessions,
        document_types: answer.document_types,
      },
      interpreted,
      suggestions: answer.total === 0 ? await this.suggestions(db, q, understood) : [],
    };
  }

  /**
   * The search of a query as understood: its plan, run; when nothing matches all of it, the query's own parts are
   * left out one by one (a filter chosen on the page never is). A word found nowhere (no page, no subject's name)
   * is left out first, when the query has anything else.
   */
  private async searchFor(
    db: SearchStatements,
    query: SearchQuery,
    parsed: InterpretedQuery,
    understood: UnderstoodWords,
  ): Promise<{ answer: SearchSqlAnswer; words: string[]; relaxed: string[] }> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const byCode = parsed.subjectCode !== null && understood.codeFound !== false;
    // A subject code names that subject only; else names and short forms, words of names and typos read as subjects.
    let subjects: NamedSubjects | null = null;
    if (byCode) subjects = { code: parsed.subjectCode! };
    else if (parsed.subjectNames.length > 0 || understood.subjects.length > 0) {
      subjects = { names: parsed.subjectNames, ids: understood.subjects.map((s) => s.id) };
    }
    const hasFilter = [query.level, query.subject, query.year, query.session, query.type].some((v) => v !== undefined);
    const known = understood.words.filter((w) => !understood.unmatched.includes(w));
    const elsewhere =
      subjects !== null ||
      hasFilter ||
      parsed.levels.length > 0 ||
      [parsed.year, parsed.session, parsed.paper, parsed.documentType].some((v) => v !== null);
    // Words found nowhere are left out when something else is asked; alone, they are looked for (and suggestions
    // made from them).
    const dropped = known.length > 0 || elsewhere ? understood.unmatched : [];
    const words = understood.words.filter((w) => !dropped.includes(w));
    const plan: SearchPlan = {
      subjects,
      subjectCode: query.subject ?? null,
      levels: query.level !== undefined ? [query.level] : parsed.levels.length > 0 ? parsed.levels : null,
      year: query.year ?? parsed.year,
      session: query.session ?? parsed.session,
      paper: parsed.paper,
      variant: parsed.variant,
      variantName: parsed.variantName,
      documentType: query.type ?? parsed.documentType,
      text: words.length > 0 ? words.join(' ') : null,
      textMode: 'all',
      limit,
      offset: ((query.page ?? 1) - 1) * limit,
      maxCandidatePages: this.maxCandidatePages,
    };
    // Which of the query's own parts may be dropped when nothing matches, in this order (a filter chosen on the
    // page never is); each fallback leaves out one more. The words go last, and only when something else is asked.
    const relaxations: Array<[string, (p: SearchPlan) => SearchPlan]> = [];
    if (words.length > 1) relaxations.push(['all_words', (p) => ({ ...p, textMode: 'any' })]);
    if (parsed.paper !== null)
      relaxations.push(['paper', (p) => ({ ...p, paper: null, variant: null, variantName: null })]);
    if (parsed.documentType !== null && query.type === undefined)
      relaxations.push(['document_type', (p) => ({ ...p, documentType: null })]);
    if (parsed.session !== null && query.session === undefined)
      relaxations.push(['session', (p) => ({ ...p, session: null })]);
    if (parsed.year !== null && query.year === undefined) relaxations.push(['year', (p) => ({ ...p, year: null })]);
    if (words.length > 0 && elsewhere) relaxations.push([quoted(words), (p) => ({ ...p, text: null })]);
    const fallbacks: SearchPlan[] = [];
    for (const [, relax] of relaxations) fallbacks.push(relax(fallbacks.at(-1) ?? plan));

    let answer = await this.run(db, plan);
    let relaxed: string[] = [];
    // Subjects named but none exists: leaving out other parts cannot find anything.
    const subjectsFound = plan.subjects === null || answer.named.length > 0;
    if (answer.total === 0 && fallbacks.length > 0 && subjectsFound) {
      // One part to leave out: try without it. More: one statement finds the first fallback that matches and one
      // more answers it (three statements at most, whatever the number of parts).
      const relax = fallbacks.length === 1 ? 1 : await this.firstMatching(db, fallbacks);
      const without = relax !== null ? await this.run(db, fallbacks[relax - 1]!) : null;
      if (relax !== null && without !== null && without.total > 0) {
        relaxed = relaxations.slice(0, relax).map(([name]) => name);
        answer = without;
      }
    }
    return { answer, words, relaxed: dropped.length > 0 ? [quoted(dropped), ...relaxed] : relaxed };
  }

  private async run(db: SearchStatements, plan: SearchPlan): Promise<SearchSqlAnswer> {
    const { sql, params } = searchSql(plan);
    const [row] = await db.query<{ answer: SearchSqlAnswer }>(sql, params);
    return row!.answer;
  }

  /** The 1-based position of the first fallback that matches something, or null. */
  private async firstMatching(db: SearchStatements, fallbacks: SearchPlan[]): Promise<number | null> {
    const { sql, params } = relaxSql(fallbacks);
    const [row] = await db.query<{ relax: number | null }>(sql, params);
    return row?.relax ?? null;
  }

  /**
   * The free words (and a subject code, when given: whether it names a subject, else it is one more word):
   * - words of subjects' names name those subjects: the subjects most of the words name, when two or more words
   *   name the same subject ("feature geology", "geology 7123"), and any word of a name that is on no page;
   * - a word on no page that resembles a subject's name is read as that subject ("phsyics" → Physics);
   * - other words are looked for in the documents' text; stop words alone are dropped; a word on no page at all is
   *   `unmatched` (the search leaves it out when the query asks anything else).
   */
  private async understandWords(
    db: SearchStatements,
    freeWords: string[],
    code: string | null,
  ): Promise<UnderstoodWords> {
    const result: UnderstoodWords = {
      words: [],
      unmatched: [],
      unknownWords: [],
      subjects: [],
      corrections: [],
      codeFound: null,
    };
    const typed = freeWords.map((w) => w.slice(0, 60)).slice(0, 30);
    if (typed.length === 0 && code === null) return result;
    const rows = await db.query<WordRow>(UNDERSTAND_WORDS_SQL, [typed, code === null ? null : code.slice(0, 60)]);
    if (code !== null) {
      result.codeFound = rows.at(-1)?.code_found ?? false;
      if (result.codeFound) rows.pop();
    }
    const addSubject = (subject: SubjectRow) => {
      if (!result.subjects.some((s) => s.id === subject.id)) result.subjects.push(subject);
    };
    // How many of the words name each subject.
    const naming = new Map<number, number>();
    for (const row of rows) {
      if (!row.has_lexeme) continue;
      for (const subject of row.name_subjects) naming.set(subject.id, (naming.get(subject.id) ?? 0) + 1);
    }
    const most = Math.max(0, ...naming.values());
    for (const row of rows) {
      if (row.has_lexeme && row.name_subjects.length > 0) {
        const best = row.name_subjects.filter((s) => naming.get(s.id) === most);
        const named = most >= 2 && best.length > 0 ? best : row.in_text ? [] : row.name_subjects;
        if (named.length > 0) {
          named.forEach(addSubject);
          continue;
        }
      }
      const letters = /^\p{L}{4,}$/u.test(row.word);
      // Words of digits or short words are never read as typos of subjects.
      if (row.in_text || !letters || row.subjects.length === 0) {
        if (!row.has_lexeme) continue;
        result.words.push(row.word);
        if (!row.in_documents) result.unknownWords.push(row.word);
        if (!row.in_text) result.unmatched.push(row.word);
        continue;
      }
      const best = row.subjects[0]!.similarity;
      const chosen = row.subjects.filter((s) => s.similarity >= best - SIMILARITY_MARGIN);
      chosen.forEach(addSubject);
      if (best < 1) result.corrections.push({ from: row.word, to: chosen[0]!.name });
    }
    return result;
  }

  /** The query with each word found nowhere replaced by the most similar word of the documents, or a typo's subject. */
  private async suggestions(
    db: SearchStatements,
    q: string,
    understood: { unknownWords: string[]; corrections: SearchCorrectionView[] },
  ): Promise<string[]> {
    if (understood.unknownWords.length === 0) return [];
    const rows = await db.query<{ typed: string; word: string | null }>(SIMILAR_WORDS_SQL, [
      understood.unknownWords.map((w) => w.toLowerCase()),
    ]);
    let suggestion = q;
    for (const { typed, word } of rows) {
      if (word) suggestion = suggestion.replace(new RegExp(escapeRegExp(typed), 'iu'), word);
    }
    return suggestion !== q ? [suggestion] : [];
  }
}

/** Words as the answer names them when they were left out: “xyzzy”, “plasma bubble”. */
const quoted = (words: string[]): string => `\u201c${words.join(' ')}\u201d`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function toResult(row: SearchRow): SearchResultView {
  const variantName =
    row.variant_name ??
    (row.paper_number ? (/^\d/.test(row.paper_number) ? `Paper ${row.paper_number}` : row.paper_number) : null);
  let fileUrl: string;
  if (row.variant_id !== null) {
    fileUrl = `/past_papers.php?download_variant_id=${row.variant_id}&variant_document_type=${VARIANT_DOCUMENT_KEY[row.document_type]}&inline=1`;
  } else {
    const section = row.document_type === 'mark-scheme' ? 'mark_schemes.php' : 'examiner_reports.php';
    fileUrl = `/${section}?download_id=${row.linked_document_id}&inline=1`;
  }
  return {
    paper_id: row.paper_id,
    variant_id: row.variant_id,
    subject_name: row.subject_name,
    subject_code: row.subject_code,
    level: row.level,
    year: row.year,
    session: row.session,
    variant_name: variantName,
    document_type: row.document_type,
    page: row.page,
    questions: [], // the controller names them (search-questions.ts)
    snippet: snippetHtml(row.headline),
    score: Math.round(row.score * 10_000) / 10_000,
    file_url: fileUrl,
    linked_document_id: row.linked_document_id,
  };
}
