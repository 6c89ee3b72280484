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
  subjects: Array<SubjectRow & { similarity: number }>;
}

/** Subjects within this much of a typo's best similarity are all read for it ("phsyics": Physics, not Physical Education). */
const SIMILARITY_MARGIN = 0.05;

const VARIANT_DOCUMENT_KEY = {
  'question-paper': 'document',
  'mark-scheme': 'mark_scheme',
  'examiner-report': 'examiner_report',
};

/** The parts of a query that may be left out, in this order, when nothing matches all of it. */
type Relaxation = 'all_words' | 'paper' | 'document_type' | 'session' | 'year';

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
    const understood = await this.understandWords(db, parsed);
    interpreted.words = understood.words;
    interpreted.corrections = understood.corrections;
    // A subject code names that subject only; else names and short forms, and typos read as subjects.
    let subjects: NamedSubjects | null = null;
    if (parsed.subjectCode !== null) subjects = { code: parsed.subjectCode };
    else if (parsed.subjectNames.length > 0 || understood.typoSubjects.length > 0) {
      subjects = { names: parsed.subjectNames, ids: understood.typoSubjects.map((s) => s.id) };
    }
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
      text: understood.words.length > 0 ? understood.words.join(' ') : null,
      textMode: 'all',
      limit,
      offset: (page - 1) * limit,
      maxCandidatePages: this.maxCandidatePages,
    };
    // Which of the query's own parts may be dropped when nothing matches, in this order (a filter chosen on the
    // page never is); each fallback leaves out one more.
    const relaxations: Array<[Relaxation, (p: SearchPlan) => SearchPlan]> = [];
    if (understood.words.length > 1) relaxations.push(['all_words', (p) => ({ ...p, textMode: 'any' })]);
    if (parsed.paper !== null)
      relaxations.push(['paper', (p) => ({ ...p, paper: null, variant: null, variantName: null })]);
    if (parsed.documentType !== null && query.type === undefined)
      relaxations.push(['document_type', (p) => ({ ...p, documentType: null })]);
    if (parsed.session !== null && query.session === undefined)
      relaxations.push(['session', (p) => ({ ...p, session: null })]);
    if (parsed.year !== null && query.year === undefined) relaxations.push(['year', (p) => ({ ...p, year: null })]);
    const fallbacks: SearchPlan[] = [];
    for (const [, relax] of relaxations) fallbacks.push(relax(fallbacks.at(-1) ?? plan));

    let answer = await this.run(db, plan);
    interpreted.subjects = answer.named.map(({ code, name, level }): InterpretedSubjectView => ({ code, name, level }));
    // Subjects named but none exists: leaving out other parts cannot find anything.
    const subjectsFound = plan.subjects === null || answer.named.length > 0;
    if (answer.total === 0 && fallbacks.length > 0 && subjectsFound) {
      // One part to leave out: try without it. More: one statement finds the first fallback that matches and one
      // more answers it (three statements at most, whatever the number of parts).
      const relax = fallbacks.length === 1 ? 1 : await this.firstMatching(db, fallbacks);
      const relaxed = relax !== null ? await this.run(db, fallbacks[relax - 1]!) : null;
      if (relax !== null && relaxed !== null && relaxed.total > 0) {
        interpreted.relaxed = relaxations.slice(0, relax).map(([name]) => name);
        answer = relaxed;
      }
    }
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
   * The free words: looked for in the documents' text when some document has them; a word found in no document
   * that resembles a subject's name is read as that subject ("phsyics" → Physics); stop words alone are dropped.
   */
  private async understandWords(
    db: SearchStatements,
    parsed: InterpretedQuery,
  ): Promise<{
    words: string[];
    unknownWords: string[];
    typoSubjects: SubjectRow[];
    corrections: SearchCorrectionView[];
  }> {
    const result = {
      words: [] as string[],
      unknownWords: [] as string[],
      typoSubjects: [] as SubjectRow[],
      corrections: [] as SearchCorrectionView[],
    };
    const typed = parsed.freeWords.map((w) => w.slice(0, 60)).slice(0, 30);
    if (typed.length === 0) return result;
    const rows = await db.query<WordRow>(UNDERSTAND_WORDS_SQL, [typed]);
    for (const row of rows) {
      const letters = /^\p{L}{4,}$/u.test(row.word);
      // Words of digits or short words are never read as subjects; `in_documents` knows letter words of 4+ only.
      if (row.in_documents || !letters || row.subjects.length === 0) {
        if (row.has_lexeme) result.words.push(row.word);
        if (row.has_lexeme && !row.in_documents) result.unknownWords.push(row.word);
        continue;
      }
      const best = row.subjects[0]!.similarity;
      const chosen = row.subjects.filter((s) => s.similarity >= best - SIMILARITY_MARGIN);
      for (const subject of chosen) {
        if (!result.typoSubjects.some((s) => s.id === subject.id)) result.typoSubjects.push(subject);
      }
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
    snippet: snippetHtml(row.headline),
    score: Math.round(row.score * 10_000) / 10_000,
    file_url: fileUrl,
    linked_document_id: row.linked_document_id,
  };
}
