/**
 * The SQL of a search. Plain functions, so the benchmark's baseline runs exactly the same statements (bench/).
 * Every value the student typed travels as a parameter; only trusted fragments are written into the text.
 */

/** The subjects a query names: by code, or by name (whole words of the name) and by id (typos read as subjects). */
export type NamedSubjects = { code: string } | { names: string[]; ids: number[] };

/** What one search asks the database, once the query has been understood. */
export interface SearchPlan {
  /** Only the subjects the query names (null: any). Naming subjects that do not exist matches nothing. */
  subjects: NamedSubjects | null;
  /** Only this subject, by code: the filter chosen on the results page. */
  subjectCode: string | null;
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
  /** A word query ranks at most this many matching pages (MAX_CANDIDATE_PAGES unless configured). */
  maxCandidatePages: number;
}

/**
 * A word query ranks at most this many matching pages (the first the index gives): a word on nearly every page
 * ("question") would otherwise cost a rank for each of hundreds of thousands of pages. Rarer words, what students
 * look for, are ranked in full. The default of SEARCH_MAX_CANDIDATES.
 */
export const MAX_CANDIDATE_PAGES = 200;

/** Up to this many filtered documents, a word query reads their pages by key rather than every page with the words. */
const FEW_DOCUMENTS = 200;

/** ts_headline's options: sentinels (control characters, removed from every stored page) mark the matches. */
export const HEADLINE_OPTIONS =
  'StartSel=\u0001, StopSel=\u0002, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "';

type Param = (value: unknown) => string;

/**
 * The text a snippet is made from: ts_headline parses all it is given (about as costly as to_tsvector), so a page
 * is cut to the few hundred characters around the first word of the query found as typed, from a whole word on
 * (the snippet shows at most 28 words); a page where no word is found as typed (another form of it: "densities") is
 * given whole. The longer the pages, the more this saves (150-word pages: about a quarter of the headline's time).
 */
function snippetText(plan: SearchPlan, param: Param): string {
  const words = (plan.text ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return 'pg.body';
  const at = `(SELECT min(nullif(strpos(lower(pg.body), w), 0)) FROM unnest(${param(words)}::text[]) AS w)`;
  // The window from a whole word to a whole word: a cut word at either end is left out (strpos and reverse: a
  // regular expression anchored at the end cost more than the headline it saves).
  const window = `translate(substr(pg.body, a.start, ${SNIPPET_LENGTH}), E'\\n\\r\\t', '   ')`;
  const lead = `CASE WHEN a.start > 1 THEN substr(w.text, strpos(w.text, ' ') + 1) ELSE w.text END`;
  return `(SELECT CASE WHEN a.start IS NULL THEN pg.body
                  WHEN a.start + ${SNIPPET_LENGTH} > length(pg.body) THEN l.text
                  ELSE left(l.text, length(l.text) - strpos(reverse(l.text), ' ')) END
             FROM (SELECT greatest(1, ${at} - ${SNIPPET_BEFORE}) AS start) a
                  CROSS JOIN LATERAL (SELECT ${window} AS text) w
                  CROSS JOIN LATERAL (SELECT ${lead} AS text) l)`;
}

/** Characters kept before the first word found, and in all, for a snippet (28 words either side fit). */
const SNIPPET_BEFORE = 200;
const SNIPPET_LENGTH = 600;

/**
 * The pages with the words, slice by slice: the documents whose id is a multiple of 256, then of 16, then the
 * rest (partial GIN indexes of each slice: migration 1766800000000). Under the candidate LIMIT, a slice is read only
 * while the ones before it gave too few pages, so a word on most pages reads a 256th of its index entries; a rare
 * word reads every slice, each small. `select` gives the pages of one slice, with the slice's condition.
 */
function candidatePages(select: (slice: string) => string): string {
  return [
    'pg.document_text_id % 256 = 0',
    'pg.document_text_id % 16 = 0 AND pg.document_text_id % 256 <> 0',
    'pg.document_text_id % 16 <> 0',
  ]
    .map((slice) => `(${select(slice)})`)
    .join('\n      UNION ALL ');
}

/** The candidate cap as SQL text: a whole number of at least 1, whatever the plan says. */
const candidateLimit = (plan: SearchPlan): number =>
  Number.isFinite(plan.maxCandidatePages) ? Math.max(1, Math.floor(plan.maxCandidatePages)) : MAX_CANDIDATE_PAGES;

/** The text search query of a plan (SQL), or null. */
function tsquery(plan: SearchPlan, param: Param): string | null {
  if (plan.text === null) return null;
  const text = param(plan.text);
  return plan.textMode === 'all'
    ? `plainto_tsquery('english', ${text})`
    : `replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery`;
}

/** The named subjects as a query (`named`: id, name, code, level). */
function namedSubjectsSql(subjects: NamedSubjects, param: Param): string {
  if ('code' in subjects)
    return `SELECT id, name, code, level FROM subjects WHERE lower(code) = lower(${param(subjects.code)})`;
  return `
    SELECT s.id, s.name, s.code, s.level FROM subjects s
     WHERE s.id = ANY(${param(subjects.ids)}::int[])
        OR EXISTS (SELECT 1 FROM unnest(${param(subjects.names)}::text[]) AS n(name)
                    WHERE lower(s.name) ~ ('(^|[^[:alnum:]])' || n.name || '($|[^[:alnum:]])'))`;
}

/**
 * The conditions a plan puts on a catalogue row `d` (document_texts, placed) and its subject `s`. Each value is a
 * parameter, added where it is used (a parameter the text does not use would have no type).
 */
function conditions(plan: SearchPlan, param: Param): string[] {
  const where = ['d.paper_id IS NOT NULL'];
  // The named subjects as one array value: PostgreSQL reads their rows by the catalogue's subject index (as a
  // semi-join with the CTE it read all 30,000 rows: "physics" 12.3 ms → 2.8 ms, "physics density" 30.6 → 18.8 ms).
  if (plan.subjects !== null) where.push('d.subject_id = ANY(ARRAY(SELECT id FROM named))');
  if (plan.subjectCode !== null) where.push(`lower(s.code) = lower(${param(plan.subjectCode)})`);
  if (plan.levels !== null) where.push(`s.level = ANY(${param(plan.levels)}::text[])`);
  if (plan.year !== null) where.push(`d.year = ${param(plan.year)}`);
  if (plan.session !== null) where.push(`d.session = ${param(plan.session)}`);
  if (plan.documentType !== null) where.push(`d.document_type = ${param(plan.documentType)}`);
  if (plan.paper !== null) {
    // A variant's version (Cambridge "Paper 12" is version 12; "Paper 1" means 1 and 11-19), or its exact name;
    // a stand-alone document's paper number, digits only.
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
  return where;
}

/** Whether anything matches a plan (for relaxing an empty answer): an index probe that stops at the first row. */
function existsSql(plan: SearchPlan, param: Param): string {
  const where = conditions(plan, param);
  const query = tsquery(plan, param);
  if (query === null) {
    return `EXISTS (SELECT 1 FROM document_texts d JOIN subjects s ON s.id = d.subject_id WHERE ${where.join(' AND ')})`;
  }
  return `EXISTS (SELECT 1 FROM document_pages pg JOIN document_texts d ON d.id = pg.document_text_id
                     JOIN subjects s ON s.id = d.subject_id
                   WHERE pg.tsv @@ ${query} AND ${where.join(' AND ')})`;
}

/**
 * The order of results: grouped by paper, the paper with the best match first (`score`, omitted when every score
 * is the same), then newest first; a paper's question papers, then mark schemes, then reports.
 */
const resultOrder = (t: string, score: string | null) =>
  `${score !== null ? `${score} DESC, ` : ''}${t}.year DESC, ${t}.session DESC, ${t}.subject_name, ${t}.paper_id,
   CASE ${t}.document_type WHEN 'question-paper' THEN 1 WHEN 'mark-scheme' THEN 2 ELSE 3 END,
   ${t}.version NULLS LAST, ${t}.paper_number, ${t}.text_id`;

/** A shown result's stand-alone mark scheme or examiner report (the record its link names); null for a variant's. */
const LINKED_ROW_SQL = `CASE WHEN s.variant_id IS NULL THEN COALESCE(
  (SELECT m.id FROM mark_schemes m WHERE m.document_id = s.document_id),
  (SELECT r.id FROM examiner_reports r WHERE r.document_id = s.document_id)) END`;

/**
 * One statement answers a search: the total, the facet counts and one page of results, with snippets made only for
 * that page. The documents come from the catalogue (`document_texts`, one placed row per document, b-tree on
 * subject, year and session); a word query first finds its pages (GIN on the pages' tsvector, at most
 * MAX_CANDIDATE_PAGES, among the filtered documents when there are filters), ranks them and keeps each document's
 * best page. Facets are one grouping-sets pass; the total is the sum of one facet. The answer is one JSON value.
 */
export function searchSql(plan: SearchPlan): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param: Param = (value) => `$${params.push(value)}`;
  const ctes: string[] = [];
  if (plan.subjects !== null) ctes.push(`named AS (${namedSubjectsSql(plan.subjects, param)})`);
  const where = conditions(plan, param);
  const filtered = where.length > 1;
  const query = tsquery(plan, param);
  ctes.push(`q AS (SELECT ${query ?? 'NULL::tsquery'} AS query)`);
  const columns = `
    d.id AS text_id, d.document_id, d.document_type, d.paper_id, d.year, d.session, d.version, d.variant_name,
    d.paper_number, d.variant_id, s.name AS subject_name, s.code AS subject_code, s.level`;
  if (query !== null) {
    // With filters, the candidate pages are those of the filtered documents, found the cheaper way for their number
    // (decided when the statement runs: the branch whose one-time filter is false is never executed). A few
    // documents: their pages by primary key ("9702 2019 density": 1.5 ms). Many: the pages with the words (GIN,
    // slice by slice), each kept when its document is one of those chosen (a hashed set, not a join with the
    // catalogue: that read all 30,000 rows), until MAX_CANDIDATE_PAGES ("igcse density", 10,857 documents: 650 ms
    // when PostgreSQL, misled by a CTE's estimate, read every chosen document's pages).
    // The query expression itself (not the q CTE): PostgreSQL then estimates and uses the GIN like for a constant.
    const pages = (extra: string) => `
      SELECT pg.document_text_id, pg.page, pg.tsv FROM document_pages pg WHERE pg.tsv @@ ${query} ${extra}`;
    let candidates = candidatePages((slice) => pages(`AND ${slice}`));
    if (filtered) {
      ctes.push(`
        chosen AS MATERIALIZED (
          SELECT d.id FROM document_texts d JOIN subjects s ON s.id = d.subject_id WHERE ${where.join(' AND ')})`);
      const few = `(SELECT count(*) FROM chosen) <= ${FEW_DOCUMENTS}`;
      candidates = `${pages(`AND ${few} AND pg.document_text_id = ANY(ARRAY(SELECT id FROM chosen))`)}
      UNION ALL
      ${candidatePages((slice) => pages(`AND ${slice} AND NOT ${few} AND pg.document_text_id IN (SELECT id FROM chosen)`))}`;
    }
    ctes.push(`
      hits AS (
        SELECT DISTINCT ON (c.document_text_id) c.document_text_id, c.page, ts_rank_cd(c.tsv, q.query, 32) AS rank
          FROM (${candidates} LIMIT ${candidateLimit(plan)}) c, q
         ORDER BY c.document_text_id, rank DESC, c.page)`);
    // The catalogue rows of the documents found, by primary key (a rare word: a few lookups, not the whole
    // catalogue: "climate predator", 17 documents, 10.9 ms with a scan of the 30,000 rows).
    ctes.push(`
      matched AS MATERIALIZED (
        SELECT ${columns}, h.page, h.rank::float8 AS score
          FROM hits h JOIN document_texts d ON d.id = h.document_text_id JOIN subjects s ON s.id = d.subject_id
         WHERE ${where.join(' AND ')})`);
    ctes.push(`papers AS (SELECT paper_id, max(score) AS paper_score FROM matched GROUP BY paper_id)`);
    ctes.push(`
      shown AS (
        SELECT m.*, p.paper_score FROM matched m JOIN papers p ON p.paper_id = m.paper_id
         ORDER BY ${resultOrder('m', 'p.paper_score')}
         LIMIT ${param(plan.limit)} OFFSET ${param(plan.offset)})`);
  } else {
    ctes.push(`
      matched AS MATERIALIZED (
        SELECT ${columns}, NULL::int AS page, 1::float8 AS score
          FROM document_texts d JOIN subjects s ON s.id = d.subject_id WHERE ${where.join(' AND ')})`);
    ctes.push(`
      shown AS (
        SELECT m.*, 1::float8 AS paper_score FROM matched m
         ORDER BY ${resultOrder('m', null)}
         LIMIT ${param(plan.limit)} OFFSET ${param(plan.offset)})`);
  }
  ctes.push(`
    facets AS (
      SELECT GROUPING(level) AS by_level, GROUPING(subject_code) AS by_subject, GROUPING(year) AS by_year,
             GROUPING(session) AS by_session, GROUPING(document_type) AS by_type,
             level, subject_code, subject_name, year, session, document_type, count(*)::int AS n
        FROM matched
       GROUP BY GROUPING SETS ((level), (subject_code, subject_name), (year), (session), (document_type)))`);
  const facet = (group: string, value: string, label: string, order: string) => `
    (SELECT coalesce(json_agg(json_build_object('value', ${value}, 'label', ${label}, 'count', f.n) ORDER BY ${order}), '[]')
       FROM facets f WHERE f.${group} = 0)`;
  const headline = param(HEADLINE_OPTIONS);
  const sql = `
    WITH ${ctes.join(',\n')}
    SELECT json_build_object(
      'total', (SELECT coalesce(sum(f.n), 0)::int FROM facets f WHERE f.by_type = 0),
      'levels', ${facet('by_level', 'f.level', 'f.level', 'f.n DESC, f.level')},
      'subjects', ${facet('by_subject', 'f.subject_code', 'f.subject_name', 'f.n DESC, f.subject_name')},
      'years', ${facet('by_year', 'f.year::text', 'f.year::text', 'f.year DESC')},
      'sessions', ${facet('by_session', 'f.session', 'f.session', 'f.session')},
      'document_types', ${facet('by_type', 'f.document_type', 'f.document_type', 'f.document_type DESC')},
      'named', ${
        plan.subjects === null
          ? `'[]'::json`
          : `(SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'code', code, 'level', level) ORDER BY id), '[]') FROM named)`
      },
      'results', (
        SELECT coalesce(json_agg(json_build_object(
                 'document_id', s.document_id, 'paper_id', s.paper_id, 'variant_id', s.variant_id,
                 'subject_name', s.subject_name, 'subject_code', s.subject_code, 'level', s.level,
                 'year', s.year, 'session', s.session, 'variant_name', s.variant_name,
                 'paper_number', s.paper_number, 'linked_document_id', ${LINKED_ROW_SQL},
                 'document_type', s.document_type, 'page', s.page, 'score', s.score,
                 'headline', (SELECT ts_headline('english', ${snippetText(plan, param)}, q.query, ${headline})
                                FROM document_pages pg, q
                               WHERE s.page IS NOT NULL AND pg.document_text_id = s.text_id AND pg.page = s.page))
               ORDER BY ${resultOrder('s', query !== null ? 's.paper_score' : null)}), '[]')
          FROM shown s)
    ) AS answer`;
  return { sql, params };
}

/**
 * When a search matched nothing: which of `fallbacks` (the same query with more and more of its parts left out)
 * first matches something, as `relax` (its 1-based position) or null. One statement of index probes that each stop
 * at their first row, whatever the number of fallbacks; kept out of searchSql because planning the probes would cost
 * every search, and most searches find something.
 */
export function relaxSql(fallbacks: SearchPlan[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param: Param = (value) => `$${params.push(value)}`;
  const subjects = fallbacks[0]?.subjects ?? null;
  const named = subjects !== null ? `WITH named AS (${namedSubjectsSql(subjects, param)}) ` : '';
  const probes = fallbacks.map((fallback, i) => `CASE WHEN ${existsSql(fallback, param)} THEN ${i + 1} END`);
  return { sql: `${named}SELECT coalesce(${probes.join(', ')}) AS relax`, params };
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
  /** The subjects the query named, as found. */
  named: Array<{ id: number; name: string; code: string; level: string }>;
  levels: FacetRow[];
  subjects: FacetRow[];
  years: FacetRow[];
  sessions: FacetRow[];
  document_types: FacetRow[];
  results: SearchRow[];
}

/**
 * Before a search with free words, for each word: whether it gives a lexeme at all (a stop word gives none),
 * whether the words table knows it (one index lookup), whether any page has it at all (`in_text`: the words table,
 * else a probe of the pages' index: the table keeps letter words of 4+ as written, not digits, short words or
 * other forms of a word), the subjects whose name has it as a whole word ("geology" and "7123" of "Feature Geology
 * 7123"), and the subjects whose name it resembles (pg_trgm word similarity: "phsyics"). `$2`, when not null, is
 * a subject code the parser read: it comes last, as one more word, with `code_found` saying whether a subject has
 * that code (a code that names none is read as a word).
 */
export const UNDERSTAND_WORDS_SQL = `
  SELECT w.word, numnode(plainto_tsquery('english', w.word)) > 0 AS has_lexeme,
         k.known AS in_documents,
         CASE WHEN k.known THEN true
              WHEN numnode(plainto_tsquery('english', w.word)) = 0 THEN false
              ELSE EXISTS (SELECT 1 FROM document_pages pg WHERE pg.tsv @@ plainto_tsquery('english', w.word)) END
           AS in_text,
         (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code, 'level', s.level)
                                   ORDER BY s.id), '[]')
            FROM subjects s
           WHERE regexp_split_to_array(lower(s.name), '[^[:alnum:]]+') @> ARRAY[lower(w.word)]) AS name_subjects,
         (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code, 'level', s.level,
                                                     'similarity', s.similarity)
                                   ORDER BY s.similarity DESC, s.name), '[]')
            FROM (SELECT s.*, word_similarity(lower(w.word), lower(s.name)) AS similarity FROM subjects s) s
           WHERE s.similarity >= 0.3) AS subjects,
         $2::text IS NOT NULL AND EXISTS (SELECT 1 FROM subjects s WHERE lower(s.code) = lower($2::text)) AS code_found
    FROM unnest($1::text[] || ARRAY(SELECT $2::text WHERE $2::text IS NOT NULL)) WITH ORDINALITY AS w(word, n)
         CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM search_words sw WHERE sw.word = lower(w.word)) AS known) k
   ORDER BY w.n`;

/** Words of the documents that resemble a word that found nothing ("did you mean"). */
export const SIMILAR_WORDS_SQL = `
  SELECT w.typed, (SELECT sw.word FROM search_words sw WHERE sw.word % w.typed AND sw.word <> w.typed
                    ORDER BY similarity(sw.word, w.typed) DESC, sw.word LIMIT 1) AS word
    FROM unnest($1::text[]) AS w(typed)`;
