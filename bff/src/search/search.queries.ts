/**
 * The SQL of a search. Plain functions, so the benchmark's baseline runs exactly the same statements (bench/).
 * Every value the student typed travels as a parameter; only trusted fragments are written into the text.
 */

/** What one search asks the database, once the query has been understood. */
export interface SearchPlan {
  /** Only these subjects (null: any). An empty list matches nothing. */
  subjectIds: number[] | null;
  levels: string[] | null;
  year: number | null;
  session: string | null;
  /** Component / paper number; with `variant`, one variant ("12"). */
  paper: number | null;
  variant: number | null;
  /** The exact variant name when the query names one ("Paper 12", "Paper 1P"). */
  variantName: string | null;
  documentType: string | null;
  /** Words to find inside the documents' text (null: match on the fields only). */
  text: string | null;
  /** Every word must be on the page, or any of them. */
  textMode: 'all' | 'any';
  limit: number;
  offset: number;
}

/** Every stored document with the paper it belongs to (stand-alone mark schemes by past_paper_id or code/year/session). */
const DOCUMENTS = `
  SELECT d.id AS document_id, d.document_type, v.id AS variant_id, v.name AS variant_name, v.version,
         NULL::text AS paper_number, NULL::int AS linked_document_id,
         p.id AS paper_id, p.year, p.session, s.id AS subject_id, s.name AS subject_name, s.code AS subject_code, s.level
    FROM document_texts d
    JOIN variants v ON v.id = d.source_id
    JOIN past_papers p ON p.id = v.past_paper_id
    JOIN subjects s ON s.id = p.subject_id
   WHERE d.source = 'variant'
  UNION ALL
  SELECT d.id, d.document_type, NULL, NULL, NULL, m.paper_number, m.id,
         lp.id, lp.year, lp.session, s.id, s.name, s.code, s.level
    FROM document_texts d
    JOIN mark_schemes m ON m.id = d.source_id
    JOIN LATERAL (
      SELECT p.id, p.year, p.session, p.subject_id
        FROM past_papers p JOIN subjects ps ON ps.id = p.subject_id
       WHERE p.id = m.past_paper_id
          OR (m.past_paper_id IS NULL AND lower(ps.code) = lower(m.code) AND p.year = m.year AND p.session = m.session)
       ORDER BY p.id LIMIT 1) lp ON true
    JOIN subjects s ON s.id = lp.subject_id
   WHERE d.source = 'mark_scheme'
  UNION ALL
  SELECT d.id, d.document_type, NULL, NULL, NULL, r.paper_number, r.id,
         p.id, p.year, p.session, s.id, s.name, s.code, s.level
    FROM document_texts d
    JOIN examiner_reports r ON r.id = d.source_id
    JOIN past_papers p ON p.id = r.past_paper_id
    JOIN subjects s ON s.id = p.subject_id
   WHERE d.source = 'examiner_report'`;

/**
 * A word query ranks at most this many matching pages (the first the index gives): a word on nearly every page
 * ("question") would otherwise cost a rank for each of hundreds of thousands of pages. Rarer words, what students
 * look for, are ranked in full.
 */
export const MAX_CANDIDATE_PAGES = 5000;

/** ts_headline's options: sentinels (control characters, removed from every stored page) mark the matches. */
export const HEADLINE_OPTIONS =
  'StartSel=\u0001, StopSel=\u0002, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * One statement answers a search: the total, the facet counts and one page of results (grouped by paper: a
 * paper's documents are next to each other, the paper with the best match first), with snippets made only for that
 * page. The answer is one JSON value.
 */
export function searchSql(plan: SearchPlan): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (plan.subjectIds !== null) where.push(`d.subject_id = ANY(${param(plan.subjectIds)}::int[])`);
  if (plan.levels !== null) where.push(`d.level = ANY(${param(plan.levels)}::text[])`);
  if (plan.year !== null) where.push(`d.year = ${param(plan.year)}`);
  if (plan.session !== null) where.push(`d.session = ${param(plan.session)}`);
  if (plan.documentType !== null) where.push(`d.document_type = ${param(plan.documentType)}`);
  if (plan.paper !== null) {
    // A variant's version (Cambridge "Paper 12" is version 12; "Paper 1" means 1 and 11-19), or its exact name;
    // a stand-alone document's paper number, digits only.
    // (A parameter the text does not use would have no type: each is added where it is used.)
    const number = plan.variant !== null ? param(plan.paper * 10 + plan.variant) : null;
    const paper = number === null ? param(plan.paper) : '';
    const name = plan.variantName !== null ? param(plan.variantName.toLowerCase()) : null;
    const byVersion =
      number !== null
        ? `d.version = ${number}`
        : `(d.version = ${paper} OR d.version / 10 = ${paper} AND d.version >= 10)`;
    const digits = `nullif(regexp_replace(d.paper_number, '[^0-9]', '', 'g'), '')::int`;
    const byNumber =
      number !== null
        ? `${digits} = ${number}`
        : `(${digits} = ${paper} OR ${digits} / 10 = ${paper} AND ${digits} >= 10)`;
    where.push(
      `(${byVersion}${name !== null ? ` OR lower(d.variant_name) = ${name}` : ''} OR (d.variant_id IS NULL AND ${byNumber}))`,
    );
  }
  const filtered = `SELECT d.* FROM (${DOCUMENTS}) d ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;

  let matched: string;
  let query = 'NULL::tsquery';
  if (plan.text !== null) {
    const text = param(plan.text);
    query =
      plan.textMode === 'all'
        ? `plainto_tsquery('english', ${text})`
        : `replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery`;
    matched = `
      candidates AS (
        SELECT pg.document_text_id, pg.page, pg.tsv FROM document_pages pg, q
         WHERE pg.tsv @@ q.query LIMIT ${MAX_CANDIDATE_PAGES}),
      hits AS (
        SELECT DISTINCT ON (c.document_text_id) c.document_text_id, c.page, ts_rank_cd(c.tsv, q.query, 32) AS rank
          FROM candidates c, q
         ORDER BY c.document_text_id, rank DESC, c.page),
      matched AS MATERIALIZED (
        SELECT f.*, h.page, h.rank::float8 AS score FROM (${filtered}) f JOIN hits h ON h.document_text_id = f.document_id)`;
  } else {
    matched = `
      matched AS MATERIALIZED (SELECT f.*, NULL::int AS page, 1::float8 AS score FROM (${filtered}) f)`;
  }
  const limit = param(plan.limit);
  const offset = param(plan.offset);
  const headline = param(HEADLINE_OPTIONS);
  const facet = (column: string, label: string, order: string) => `
    (SELECT coalesce(json_agg(json_build_object('value', x.value, 'label', x.label, 'count', x.n) ORDER BY ${order}), '[]')
       FROM (SELECT ${column}::text AS value, ${label}::text AS label, count(*)::int AS n FROM matched GROUP BY 1, 2) x)`;
  const sql = `
    WITH q AS (SELECT ${query} AS query), ${matched},
    ranked AS (
      SELECT m.*, max(m.score) OVER (PARTITION BY m.paper_id) AS paper_score FROM matched m),
    shown AS (
      SELECT r.* FROM ranked r
       ORDER BY r.paper_score DESC, r.year DESC, r.session DESC, r.subject_name, r.paper_id,
                CASE r.document_type WHEN 'question-paper' THEN 1 WHEN 'mark-scheme' THEN 2 ELSE 3 END,
                r.version NULLS LAST, r.paper_number, r.document_id
       LIMIT ${limit} OFFSET ${offset})
    SELECT json_build_object(
      'total', (SELECT count(*)::int FROM matched),
      'levels', ${facet('level', 'level', 'x.n DESC, x.value')},
      'subjects', ${facet('subject_code', 'subject_name', 'x.n DESC, x.label')},
      'years', ${facet('year', 'year', 'x.value DESC')},
      'sessions', ${facet('session', 'session', 'x.value')},
      'document_types', ${facet('document_type', 'document_type', 'x.value DESC')},
      'results', (
        SELECT coalesce(json_agg(json_build_object(
                 'document_id', s.document_id, 'paper_id', s.paper_id, 'variant_id', s.variant_id,
                 'subject_name', s.subject_name, 'subject_code', s.subject_code, 'level', s.level,
                 'year', s.year, 'session', s.session, 'variant_name', s.variant_name,
                 'paper_number', s.paper_number, 'linked_document_id', s.linked_document_id,
                 'document_type', s.document_type, 'page', s.page, 'score', s.score,
                 'headline', (SELECT ts_headline('english', pg.body, q.query, ${headline})
                                FROM document_pages pg, q
                               WHERE s.page IS NOT NULL AND pg.document_text_id = s.document_id AND pg.page = s.page))
               ORDER BY s.paper_score DESC, s.year DESC, s.session DESC, s.subject_name, s.paper_id,
                        CASE s.document_type WHEN 'question-paper' THEN 1 WHEN 'mark-scheme' THEN 2 ELSE 3 END,
                        s.version NULLS LAST, s.paper_number, s.document_id), '[]')
          FROM shown s)
    ) AS answer`;
  return { sql, params };
}

/** The rows of `searchSql`'s answer before they are shaped for the API. */
export interface SearchRow {
  document_id: number;
  paper_id: number;
  variant_id: number | null;
  subject_name: string;
  subject_code: string;
  level: string;
  year: number;
  session: string;
  variant_name: string | null;
  paper_number: string | null;
  linked_document_id: number | null;
  document_type: 'question-paper' | 'mark-scheme' | 'examiner-report';
  page: number | null;
  score: number;
  headline: string | null;
}

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

export interface SearchSqlAnswer {
  total: number;
  levels: FacetRow[];
  subjects: FacetRow[];
  years: FacetRow[];
  sessions: FacetRow[];
  document_types: FacetRow[];
  results: SearchRow[];
}

/**
 * Before a search with free words, for each word: whether it gives a lexeme at all (a stop word gives none),
 * whether any document has it (the words table: one index lookup), and the subjects whose name it resembles (pg_trgm word similarity: "phsyics").
 */
export const UNDERSTAND_WORDS_SQL = `
  SELECT w.word, numnode(plainto_tsquery('english', w.word)) > 0 AS has_lexeme,
         EXISTS (SELECT 1 FROM search_words sw WHERE sw.word = lower(w.word)) AS in_documents,
         (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code, 'level', s.level,
                                                     'similarity', s.similarity)
                                   ORDER BY s.similarity DESC, s.name), '[]')
            FROM (SELECT s.*, word_similarity(lower(w.word), lower(s.name)) AS similarity FROM subjects s) s
           WHERE s.similarity >= 0.3) AS subjects
    FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
   ORDER BY w.n`;

/** Subjects by code (case-insensitive). */
export const SUBJECTS_BY_CODE_SQL = `SELECT id, name, code, level FROM subjects WHERE lower(code) = lower($1)`;

/**
 * Subjects whose name contains one of the names (the parser's vocabulary: lower-case letters and spaces) as whole
 * words: "mathematics" finds Mathematics and Additional Mathematics.
 */
export const SUBJECTS_BY_NAME_SQL = `
  SELECT s.id, s.name, s.code, s.level FROM subjects s
   WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n(name)
                  WHERE lower(s.name) ~ ('(^|[^[:alnum:]])' || n.name || '($|[^[:alnum:]])'))`;

/** Words of the documents that resemble a word that found nothing ("did you mean"). */
export const SIMILAR_WORDS_SQL = `
  SELECT w.typed, (SELECT sw.word FROM search_words sw WHERE sw.word % w.typed AND sw.word <> w.typed
                    ORDER BY similarity(sw.word, w.typed) DESC, sw.word LIMIT 1) AS word
    FROM unnest($1::text[]) AS w(typed)`;
