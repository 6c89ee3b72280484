// @ts-check
// The search benchmark's data set and query mixes, shared by bench/search.mjs and anyone reproducing a
// figure by hand. Set-based SQL: 10,000 papers, 30,000 documents, 300,000 pages of text in a few minutes.
import { readFileSync } from 'node:fs';

/**
 * The 3,000 most frequent words of English Wikipedia, most frequent first (search-words.txt: the frequency list of
 * @zxcvbn-ts/language-en, MIT, letters only). Stop words included: the text search drops them as it would on a
 * real page.
 */
const GENERAL_WORDS = readFileSync(new URL('./search-words.txt', import.meta.url), 'utf8')
  .split(/\s+/)
  .filter(Boolean);

/** What every exam page says: instructions and the furniture of questions, ranked among the commonest words. */
export const INSTRUCTION_WORDS = (
  'answer question marks total calculate explain describe state suggest give show determine define complete ' +
  'figure table diagram graph value units working space candidate paper write examination data use ' +
  'identify compare outline discuss evaluate measure estimate sketch label draw correct reason'
).split(' ');

/** Subject terms (physics, chemistry, biology, mathematics, economics, computing, accounting, geography, business). */
export const SUBJECT_TERMS = // physics
  (
    'force energy velocity acceleration momentum pressure current voltage resistance wave frequency amplitude ' +
    'wavelength photon electron proton neutron nucleus isotope radioactivity halflife decay gravitational ' +
    'friction density thermistor capacitor diffraction interference refraction reflection magnetism induction ' +
    'transformer oscillation resonance kinetic potential power efficiency work displacement projectile ' +
    'circuit charge field conductor insulator semiconductor diode lens spectrum quantum thermal temperature ' +
    'specific latent radiation alpha beta gamma fission fusion newton joule watt ohm coulomb tesla ' +
    // chemistry
    'atom molecule ion ionic covalent metallic bond catalyst equilibrium oxidation reduction electrolysis ' +
    'titration molarity polymer alkane alkene alcohol ester isomer acid base alkali salt neutralisation ' +
    'enthalpy exothermic endothermic activation rate concentration precipitate solution solvent solute ' +
    'chromatography distillation filtration crystallisation electrode anode cathode hydrocarbon combustion ' +
    'halogen transition periodic group mole stoichiometry buffer ph carboxylic amine amide nitrogen oxygen ' +
    'hydrogen carbon sodium chlorine sulfur ammonia methane ethanol zwitterion spectroscopy ' +
    // biology
    'cell enzyme membrane osmosis diffusion photosynthesis respiration mitochondria chloroplast nucleus gene ' +
    'allele chromosome protein lipid carbohydrate glucose starch dna rna mitosis meiosis mutation inheritance ' +
    'evolution selection species ecosystem population habitat predator prey antibody antigen pathogen vaccine ' +
    'hormone insulin neurone synapse reflex homeostasis kidney liver heart artery vein capillary blood plasma ' +
    'xylem phloem transpiration stomata leaf root pollination fertilisation embryo digestion intestine ' +
    // mathematics
    'quadratic integral derivative differentiate integrate matrix vector probability histogram gradient ' +
    'tangent logarithm exponential sequence series binomial polynomial equation inequality function inverse ' +
    'trigonometry sine cosine radians circle triangle area volume perimeter angle parallel perpendicular ' +
    'coordinates transformation reflection rotation enlargement mean median mode variance deviation ' +
    'distribution normal hypothesis correlation regression permutation combination ' +
    // economics and business
    'inflation deflation demand supply elasticity monopoly oligopoly competition tariff budget subsidy tax ' +
    'unemployment growth recession exchange currency trade market price revenue profit cost wage labour ' +
    'productivity investment interest consumer producer externality efficiency equilibrium fiscal monetary ' +
    'marketing stakeholder shareholder liquidity cashflow ' +
    // accounting
    'ledger depreciation debit credit balance asset liability capital equity journal trial account ' +
    'receivable payable inventory accrual prepayment ' +
    // computing
    'algorithm variable array recursion compiler interpreter binary hexadecimal boolean loop iteration ' +
    'procedure function parameter database query network protocol packet encryption pseudocode flowchart ' +
    'stack queue sorting searching logic gate processor memory ' +
    // geography and history
    'climate erosion deposition river glacier volcano earthquake tectonic urbanisation migration settlement ' +
    'rainfall weathering revolution treaty empire colonial independence parliament constitution'
  )
    .split(' ')
    .filter((w, i, all) => all.indexOf(w) === i);

/**
 * The ranked vocabulary pages are written from: the general words, with the instruction words placed among the
 * first hundred ranks and the subject terms spread evenly from rank 100 to the end (a physics term is rarer than
 * "the" and commoner than most words of the language, on average over every subject's papers).
 */
export function vocabulary() {
  const words = GENERAL_WORDS.filter((w) => !INSTRUCTION_WORDS.includes(w) && !SUBJECT_TERMS.includes(w));
  const ranked = [...words];
  INSTRUCTION_WORDS.forEach((w, i) => ranked.splice(10 + i * 2, 0, w));
  const step = (ranked.length - 100) / SUBJECT_TERMS.length;
  SUBJECT_TERMS.forEach((w, i) => ranked.splice(100 + Math.floor(i * (step + 1)), 0, w));
  return ranked;
}

/**
 * A library's subjects as the boards number them: Cambridge IGCSE, AS & A Level and O Level syllabuses, Edexcel
 * International A Level units and International GCSEs, Kenyan CBC. 130 subjects × 26 years × 3 sessions give each
 * of the 10,000 papers its own sitting, as in a real library (one past paper per subject, year and session).
 */
const CATALOGUE = {
  'cambridge-igcse':
    '0400 Art and Design|0410 Music|0413 Physical Education|0417 Information Technology|0445 Design and Technology|' +
    '0448 Pakistan Studies|0450 Business Studies|0452 Accounting|0455 Economics|0457 Global Perspectives|' +
    '0460 Geography|0470 History|0471 Travel and Tourism|0475 Literature in English|0478 Computer Science|' +
    '0493 Islamiyat|0495 Sociology|0500 First Language English|0510 English as a Second Language|0520 French|' +
    '0525 German|0530 Spanish|0544 Arabic|0547 Chinese|0580 Mathematics|0600 Agriculture|' +
    '0606 Additional Mathematics|0610 Biology|0620 Chemistry|0625 Physics|0653 Combined Science|' +
    '0680 Environmental Management',
  'cambridge-a-levels':
    '8021 General Paper|8291 Environmental Management|9084 Law|9093 English Language|9231 Further Mathematics|' +
    '9239 Global Perspectives|9395 Travel and Tourism|9479 Art and Design|9483 Music|9488 Islamic Studies|' +
    '9489 History|9607 Media Studies|9609 Business|9618 Computer Science|9626 Information Technology|9680 Arabic|' +
    '9686 Urdu|9693 Marine Science|9694 Thinking Skills|9695 Literature in English|9696 Geography|9699 Sociology|' +
    '9700 Biology|9701 Chemistry|9702 Physics|9706 Accounting|9708 Economics|9709 Mathematics|9715 Chinese|' +
    '9716 French|9717 German|9990 Psychology',
  'cambridge-o-levels':
    '1123 English Language|2010 Literature in English|2048 Religious Studies|2058 Islamiyat|2059 Pakistan Studies|' +
    '2147 History|2210 Computer Science|2217 Geography|2281 Economics|3180 Arabic|3248 Urdu|4024 Mathematics|' +
    '4037 Additional Mathematics|5014 Environmental Management|5054 Physics|5070 Chemistry|5090 Biology|' +
    '5129 Combined Science|6090 Art and Design|7100 Commerce|7115 Business Studies|7707 Accounting',
  'edexcel-a-levels':
    'WAC11 Accounting|WBI11 Biology|WBS11 Business|WCH11 Chemistry|WEC11 Economics|WEN01 English Language|' +
    'WET01 English Literature|WFM01 Further Mathematics|WGE01 Geography|WHI01 History|WIT11 Information Technology|' +
    'WMA11 Mathematics|WPH11 Physics|WPS01 Psychology|WST01 Statistics',
  'edexcel-igcse':
    '4AC1 Accounting|4BI1 Biology|4BS1 Business|4CH1 Chemistry|4CP0 Computer Science|4EA1 English Language|' +
    '4EC1 Economics|4ET1 English Literature|4GE1 Geography|4HI1 History|4IT1 Information Technology|4MA1 Mathematics|' +
    '4PH1 Physics|4PM1 Further Mathematics|4SD0 Combined Science',
  'cbc-secondary':
    'CBC-AG9 Agriculture|CBC-CA9 Creative Arts|CBC-EN9 English|CBC-IS9 Integrated Science|CBC-KS9 Kiswahili|' +
    'CBC-MA9 Mathematics|CBC-PT9 Pre Technical Studies|CBC-RE9 Christian Religious Education|CBC-SS9 Social Studies|' +
    'CBC-BS9 Business Studies|CBC-CS9 Computer Science|CBC-HS9 Home Science|CBC-PE9 Physical Education|' +
    'CBC-MU9 Music',
};
/** @type {Array<[name: string, code: string, level: string]>} [name, code, level] of every subject. */
export const SUBJECTS = Object.entries(CATALOGUE).flatMap(([level, list]) =>
  list.split('|').map((entry) => {
    const [code = '', ...name] = entry.split(' ');
    return /** @type {[string, string, string]} */ ([name.join(' '), code, level]);
  }),
);
const SESSIONS = ['Feb/March', 'May/June', 'Oct/Nov'];
/** The components and variants a Cambridge sitting has; Edexcel and CBC papers are numbered 1, 2, 3. */
const CAMBRIDGE_VARIANTS = [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43];
const OTHER_VARIANTS = [1, 2, 3];

/**
 * Fills an empty, migrated database: subjects, papers (one variant each, with question paper, mark scheme and
 * examiner report: three documents), the documents' text (`pagesPerDocument` pages of `wordsPerPage` ± 25% words
 * drawn with Zipf's law from `vocabulary()`), marked extracted, and the words table "did you mean" reads.
 * @param {import('pg').Client} db
 * @param {{ papers?: number; pagesPerDocument?: number; wordsPerPage?: number }} [options]
 */
export async function seedSearchDataset(db, { papers = 10_000, pagesPerDocument = 10, wordsPerPage = 150 } = {}) {
  const words = vocabulary();
  await db.query('SELECT setseed(0.42)');
  await db.query(
    `INSERT INTO subjects (name, code, level) SELECT s[1], s[2], s[3] FROM jsonb_array_elements($1::jsonb) j,
            LATERAL (SELECT ARRAY(SELECT jsonb_array_elements_text(j))) AS x(s)`,
    [JSON.stringify(SUBJECTS)],
  );
  // Newest sittings first, every subject in turn, until there are `papers`; each with one variant (its number from
  // the subject's board) holding a question paper, a mark scheme and an examiner report.
  const sittings = [];
  for (let year = 2025; year >= 2000 && sittings.length < papers; year--)
    for (const session of SESSIONS)
      for (const [, code] of SUBJECTS) {
        if (sittings.length === papers) break;
        const numbers = /^\d{4}$/.test(code) ? CAMBRIDGE_VARIANTS : OTHER_VARIANTS;
        sittings.push({ code, year, session, version: numbers[(sittings.length * 7 + year) % numbers.length] });
      }
  await db.query(
    `INSERT INTO past_papers (subject_id, year, session)
     SELECT s.id, x.year, x.session FROM jsonb_to_recordset($1::jsonb) AS x(code text, year int, session text, version int)
       JOIN subjects s ON s.code = x.code`,
    [JSON.stringify(sittings)],
  );
  await db.query(
    `INSERT INTO variants (past_paper_id, name, slug, version)
     SELECT p.id, 'Paper ' || x.version, 'paper-' || x.version, x.version
       FROM jsonb_to_recordset($1::jsonb) AS x(code text, year int, session text, version int)
       JOIN subjects s ON s.code = x.code
       JOIN past_papers p ON p.subject_id = s.id AND p.year = x.year AND p.session = x.session`,
    [JSON.stringify(sittings)],
  );
  await db.query(
    `INSERT INTO documents (kind, past_paper_id, variant_id, storage_key)
     SELECT f.kind, v.past_paper_id, v.id, 'papers/' || f.prefix || v.past_paper_id || '.pdf'
       FROM variants v
      CROSS JOIN (VALUES ('question-paper', 'q'), ('mark-scheme', 'm'), ('examiner-report', 'e')) f(kind, prefix)
      ORDER BY v.id, f.prefix DESC`,
  );
  await db.query(`UPDATE document_texts SET status = 'done', page_count = $1, extracted_at = now()`, [
    pagesPerDocument,
  ]);
  // Zipf's law (s = 1) by inversion: rank = floor((N + 1) ^ u) for u uniform in [0, 1) is 1 with probability
  // ln 2 / ln(N + 1), and rank r with probability about 1 / (r ln(N + 1)).
  await db.query(
    `INSERT INTO document_pages (document_text_id, page, body, tsv)
     SELECT b.document_text_id, b.page, b.body, to_tsvector('english', b.body)
       FROM (SELECT d.id AS document_text_id, g.page,
                    (SELECT string_agg(($1::text[])[least(floor(power($4::float8 + 1, random()))::int, $4::int)], ' ')
                       FROM generate_series(1, ($3::int * (0.75 + 0.5 * random()))::int + g.page * 0)) AS body
              FROM document_texts d CROSS JOIN generate_series(1, $2::int) AS g(page)) b`,
    [words, pagesPerDocument, wordsPerPage, words.length],
  );
  await db.query(
    `INSERT INTO search_words (word)
     SELECT DISTINCT w FROM unnest($1::text[]) w WHERE length(w) BETWEEN 4 AND 40 ON CONFLICT DO NOTHING`,
    [words],
  );
  await db.query('ANALYZE');
}

/** A small deterministic generator (mulberry32), so every run asks the same queries. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @type {Record<string, string>} */
const LETTER = { 'Feb/March': 'm', 'May/June': 's', 'Oct/Nov': 'w' };
/** @type {Record<string, string>} */
const COVER = { 'Feb/March': 'F/M', 'May/June': 'M/J', 'Oct/Nov': 'O/N' };
/** @type {Record<string, string>} */
const WORDS_OF = { 'Feb/March': 'feb march', 'May/June': 'may june', 'Oct/Nov': 'oct nov' };
const DOCUMENT_CODE = ['qp', 'ms', 'er'];

/**
 * The query mixes, `count` distinct queries each:
 * - code: references to papers that exist, written the ways students type them (file names, cover references,
 *   short forms, with and without a document word, upper and lower case); one in six names a variant or a year the
 *   library does not have, so the answer is found by relaxing the query;
 * - subject: a subject (name, short form or level) with a year and sometimes a session;
 * - word: one or two subject terms, sometimes with a common word, and one query in twenty with a typo.
 * @param {import('pg').Client} db
 */
export async function searchQueries(db, count = 600, seed = 15) {
  const next = random(seed);
  const pick = (/** @type {any[]} */ list) => list[Math.floor(next() * list.length)];
  const { rows: sittings } = await db.query(
    `SELECT s.code, p.year, p.session, v.version FROM variants v JOIN past_papers p ON p.id = v.past_paper_id
       JOIN subjects s ON s.id = p.subject_id WHERE s.code !~ '^CBC' ORDER BY v.id`,
  );
  /** @type {Map<string, Set<number>>} */
  const versionsOf = new Map();
  for (const row of sittings) {
    const key = `${row.code} ${row.year} ${row.session}`;
    versionsOf.set(key, (versionsOf.get(key) ?? new Set()).add(row.version));
  }
  const code = new Set();
  while (code.size < count) {
    const row = pick(sittings);
    const cambridge = /^\d{4}$/.test(row.code);
    let version = row.version;
    let year = row.year;
    if (next() < 1 / 6) {
      // Not in the library: a variant this sitting does not have, or the same reference in a year with no papers.
      const have = /** @type {Set<number>} */ (versionsOf.get(`${row.code} ${row.year} ${row.session}`));
      const missing = (cambridge ? [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43] : [1, 2, 3]).filter(
        (v) => !have.has(v),
      );
      if (next() < 0.5) version = pick(missing);
      else year = 2026;
    }
    const y = String(year).slice(2);
    const v = String(version);
    const words = WORDS_OF[row.session];
    const forms = cambridge
      ? [
          `${row.code}_${LETTER[row.session]}${y}_${pick(DOCUMENT_CODE)}_${v}`,
          `${row.code}/${v}/${COVER[row.session]}/${y}`,
          `${row.code} ${LETTER[row.session]}${y} ${v}`,
          `${row.code} ${LETTER[row.session]}${y} ${pick(DOCUMENT_CODE)} ${v}`,
          `${row.code.toUpperCase()}_${LETTER[row.session]?.toUpperCase()}${y}_QP_${v}`,
          `${row.code} ${words} ${year} paper ${v[0]}`,
          `${row.code} ${year}`,
        ]
      : [
          `${row.code.toLowerCase()} ${words} ${year} paper ${v}`,
          `${row.code} ${words} ${year}`,
          `${row.code} ${year}`,
        ];
    // A missing variant is only missing in the forms that name it.
    code.add(pick(version === row.version ? forms : forms.slice(0, cambridge ? 5 : 1)));
  }
  const subjects = [
    'physics',
    'igcse chemistry',
    'a level biology',
    'maths',
    'economics',
    'comp sci',
    'accounting',
    'o level physics',
    'igcse maths',
    'chemistry',
    'biology',
    'a level physics',
  ];
  const sessions = ['', '', ' may june', ' oct nov', ' feb march', ' summer'];
  const subject = new Set();
  while (subject.size < Math.min(count, subjects.length * 26 * sessions.length)) {
    subject.add(`${pick(subjects)} ${2000 + Math.floor(next() * 26)}${pick(sessions)}`);
  }
  const common = vocabulary()
    .slice(100, 2000)
    .filter((w) => w.length >= 4);
  const word = new Set();
  while (word.size < count) {
    const terms = [pick(SUBJECT_TERMS)];
    const shape = next();
    if (shape < 0.35) terms.push(pick(SUBJECT_TERMS));
    else if (shape < 0.5) terms.push(pick(common));
    let query = terms.join(' ');
    if (next() < 0.05) query = typo(query, next);
    word.add(query);
  }
  return { code: [...code], subject: [...subject], word: [...word] };
}

/** One transposition in the longest word ("photosynthesis" → "photosytnhesis"). @param {string} q @param {() => number} next */
function typo(q, next) {
  const words = q.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = 1 + Math.floor(next() * (longest.length - 3));
  const changed = longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2);
  return words.map((w) => (w === longest ? changed : w)).join(' ');
}
