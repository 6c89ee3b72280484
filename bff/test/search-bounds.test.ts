import { Client } from 'pg';
import type { AppConfig } from '../src/config/app-config';
import { searchConnections } from '../src/search/search-database';
import { SearchService } from '../src/search/search.service';
import { SEARCH_BUSY, SEARCH_TOO_COSTLY } from '../src/search/search-gate';
import { TOO_MANY_SEARCHES } from '../src/rate-limit/public-read-limiter';
import { API } from './support/api';
import { dbTarget, startTestBff, type TestBff } from './support/test-bff';

/** The word on every page of the costly data set. */
const COMMON_WORD = 'density';
const FILLER = ['pressure', 'velocity', 'energy', 'momentum', 'current', 'voltage', 'charge', 'wave', 'field', 'mass'];

/**
 * A library where one word is on every page (set-based SQL, as bench/lib/search-dataset.mjs does): `papers` papers
 * of one variant with three documents, `pages` pages each of about `words` words. The text worker is off in these
 * BFFs: the documents are marked read.
 */
async function seedCommonWord(bff: TestBff, papers: number, pages: number, words: number): Promise<number> {
  await bff.db.query(`INSERT INTO subjects (name, code, level) VALUES ('Physics', '9702', 'cambridge-a-levels')`);
  await bff.db.query(
    `INSERT INTO past_papers (subject_id, year, session)
     SELECT s.id, 2025 - (g / 3), (ARRAY['Feb/March', 'May/June', 'Oct/Nov'])[g % 3 + 1]
       FROM subjects s, generate_series(0, $1::int - 1) g WHERE s.code = '9702'`,
    [papers],
  );
  await bff.db.query(
    `WITH v AS (
       INSERT INTO variants (past_paper_id, name, slug, version)
       SELECT p.id, 'Paper 12', 'paper-12', 12 FROM past_papers p RETURNING id, past_paper_id)
     INSERT INTO documents (kind, past_paper_id, variant_id, storage_key)
     SELECT f.kind, v.past_paper_id, v.id, 'papers/' || f.prefix || v.past_paper_id || '.pdf'
       FROM v CROSS JOIN (VALUES ('question-paper', 'q'), ('mark-scheme', 'm'), ('examiner-report', 'e')) f(kind, prefix)`,
  );
  await bff.db.query(`UPDATE document_texts SET status = 'done', page_count = $1, extracted_at = now()`, [pages]);
  // The same words on every page, in a different order from page to page (one rotation per page number).
  await bff.db.query(
    `INSERT INTO document_pages (document_text_id, page, body, tsv)
     SELECT b.id, b.page, b.body, to_tsvector('english', b.body)
       FROM (SELECT d.id, g.page,
                    $3::text || ' ' || repeat(array_to_string($2::text[] || $2::text[], ' ', ''), $4::int / 20)
                      || ' ' || ($2::text[])[1 + g.page % 10] AS body
               FROM document_texts d CROSS JOIN generate_series(1, $1::int) AS g(page)) b`,
    [pages, FILLER, COMMON_WORD, words],
  );
  await bff.db.query(`INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
    [COMMON_WORD, ...FILLER],
  ]);
  await bff.db.query('ANALYZE');
  const [row] = await bff.db.query<Array<{ n: number }>>(
    `SELECT count(DISTINCT document_text_id)::int AS n FROM document_pages WHERE tsv @@ plainto_tsquery('english', $1)`,
    [COMMON_WORD],
  );
  return row!.n;
}

/** What the gateway forwards for a visitor's own request, and what the renderer's read forwards for its page. */
const throughGateway = (visitor: string) => ({ 'X-Forwarded-For': `${visitor}, 127.0.0.1` });
const fromRenderer = (visitor: string) => ({ 'X-Forwarded-For': visitor });

/**
 * A BFF whose searches are all computed: no rate limit unless `env` sets one, no read cache, and no background reading
 * (the tests seed the pages themselves).
 */
const startSearchBff = (env: Record<string, string>) =>
  startTestBff({ env: { SEARCH_RATE_LIMIT: '0', READ_CACHE_MB: '0', DOCUMENT_TEXT_WORKER: 'false', ...env } });

describe(`search bounds (${dbTarget()})`, () => {
  describe('one budget per visitor, whether it searches through the API or a server-rendered /search page', () => {
    let bff: TestBff;
    beforeAll(async () => {
      bff = await startSearchBff({ SEARCH_RATE_LIMIT: '4' });
      await bff.db.query(`INSERT INTO subjects (name, code, level) VALUES ('Chemistry', '9701', 'cambridge-a-levels')`);
    });
    afterAll(async () => {
      await bff?.close();
    });

    const search = (q: string, headers: Record<string, string>) =>
      bff.http().get(`${API}/search`).query({ q }).set(headers);

    it("counts the renderer's reads for the visitor it names, in the same minute as the visitor's API searches", async () => {
      const visitor = '203.0.113.40';
      const statuses: number[] = [];
      statuses.push((await search('chemistry 2021', throughGateway(visitor))).status);
      statuses.push((await search('chemistry 2022', fromRenderer(visitor))).status);
      statuses.push((await search('chemistry 2023', throughGateway(visitor))).status);
      statuses.push((await search('chemistry 2024', fromRenderer(visitor))).status);
      expect(statuses).toEqual([200, 200, 200, 200]);

      // The fifth, either way, is over the visitor's budget.
      const page = await search('chemistry 2020', fromRenderer(visitor));
      expect(page.status).toBe(429);
      expect(page.body).toEqual({ error: TOO_MANY_SEARCHES });
      const retryAfter = Number(page.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const api = await search('chemistry 2019', throughGateway(visitor));
      expect(api.status).toBe(429);
      expect(api.headers['retry-after']).toBeDefined();

      // Another visitor has its own budget; the product's own server (no visitor named) is not counted.
      expect((await search('chemistry 2018', fromRenderer('203.0.113.41'))).status).toBe(200);
      expect((await search('chemistry 2017', {})).status).toBe(200);
    });

    it('answers a refused visitor from memory: no statement is run for it until its window ends', async () => {
      const visitor = '203.0.113.42';
      for (let i = 0; i < 4; i++)
        expect((await search(`chemistry ${2001 + i}`, fromRenderer(visitor))).status).toBe(200);
      expect((await search('chemistry 2010', fromRenderer(visitor))).status).toBe(429);
      const countOf = async () => {
        const rows = await bff.db.query<Array<{ count: number }>>(`SELECT count FROM rate_limits`);
        return rows.reduce((sum, row) => sum + row.count, 0);
      };
      const before = await countOf();
      for (let i = 0; i < 5; i++)
        expect((await search(`chemistry ${2011 + i}`, fromRenderer(visitor))).status).toBe(429);
      expect(await countOf()).toBe(before);
    });
  });

  describe('a costly search', () => {
    let bff: TestBff;
    let documentsWithWord: number;
    const CANDIDATES = 200;
    beforeAll(async () => {
      bff = await startSearchBff({
        SEARCH_MAX_CANDIDATES: String(CANDIDATES),
        SEARCH_CONCURRENCY: '1',
        SEARCH_QUEUE: '0',
      });
      documentsWithWord = await seedCommonWord(bff, 120, 6, 60);
    });
    afterAll(async () => {
      await bff?.close();
    });

    it('ranks at most SEARCH_MAX_CANDIDATES pages, however many have the word', async () => {
      expect(documentsWithWord).toBe(360);
      const res = await bff.http().get(`${API}/search`).query({ q: COMMON_WORD, limit: 50 });
      expect(res.status).toBe(200);
      const answer = res.body.data as { total: number; results: Array<{ page: number }> };
      // At most one result per candidate page, and far fewer than the documents that have the word.
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.total).toBeLessThanOrEqual(CANDIDATES);
      expect(answer.total).toBeLessThan(documentsWithWord);
      expect(answer.results).toHaveLength(Math.min(50, answer.total));
    });

    it('over the concurrency cap answers 503 with Retry-After at once, never a 500, and recovers', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          bff
            .http()
            .get(`${API}/search`)
            .query({ q: `${COMMON_WORD} ${FILLER[i]}`, page: 1 }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const answer of refused) {
        expect(answer.body).toEqual({ error: SEARCH_BUSY });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // The slots were given back: one search at a time is answered again.
      expect((await bff.http().get(`${API}/search`).query({ q: COMMON_WORD })).status).toBe(200);
    });
  });

  // The embedded database cannot interrupt a statement (its bound is the candidate cap): this block exists only on
  // PostgreSQL, rather than as a skipped test on PGlite.
  if (dbTarget() === 'postgres')
    describe('statement timeout (PostgreSQL)', () => {
      let bff: TestBff & { databaseUrl?: string };
      // Far below what ranking every page of the seeded word costs, on a quiet machine or a busy one.
      const TIMEOUT_MS = 2;
      beforeAll(async () => {
        bff = await startSearchBff({
          SEARCH_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
          // Every page a candidate: the statement is as costly as the data makes it.
          SEARCH_MAX_CANDIDATES: '1000000',
        });
        await seedCommonWord(bff, 100, 40, 160);
      });
      afterAll(async () => {
        await bff?.close();
      });

      it('stops a search statement that runs past SEARCH_STATEMENT_TIMEOUT_MS: 503, and nothing left running', async () => {
        // The same search without the bound (the service on a connection of its own) takes far longer than it.
        const direct = new Client({ connectionString: bff.databaseUrl });
        await direct.connect();
        let unboundedMs: number;
        try {
          // Every page a candidate here too (the service's own default is a small cap).
          const service = new SearchService(
            { session: (work) => work({ query: async (sql, params) => (await direct.query(sql, params)).rows }) },
            { search: { maxCandidatePages: 1_000_000 } } as AppConfig,
          );
          const started = performance.now();
          const answer = await service.search({ q: COMMON_WORD });
          unboundedMs = performance.now() - started;
          expect(answer.total).toBe(300);
        } finally {
          await direct.end();
        }
        expect(unboundedMs).toBeGreaterThan(TIMEOUT_MS * 4);

        // Bounded, the same search is cancelled by PostgreSQL (what SEARCH_TOO_COSTLY says; no time compared here).
        const res = await bff.http().get(`${API}/search`).query({ q: COMMON_WORD });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: SEARCH_TOO_COSTLY });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        // Cancelled by the server, not abandoned by the client: no search statement is still running.
        const running = await bff.db.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE state = 'active' AND query LIKE '%ts_rank_cd%' AND pid <> pg_backend_pid()`,
        );
        expect(running[0]!.n).toBe(0);
        // The connection went back to the pool in good order: the next requests are answered.
        expect((await bff.http().get(`${API}/health`)).status).toBe(200);
        // The search ran on search's own connection, which a cancelled statement leaves open in its pool.
        const own = await bff.db.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'ppl-bff-search'`,
        );
        expect(own[0]!.n).toBe(1);
      });

      it("opens search's connections read-only and with the statement timeout, set as they connect", async () => {
        const pool = searchConnections(bff.databaseUrl!, 1, 1234);
        try {
          const { rows } = await pool.query(
            `SELECT current_setting('statement_timeout') AS timeout,
                    current_setting('transaction_read_only') AS read_only,
                    current_setting('application_name') AS name`,
          );
          expect(rows[0]).toEqual({ timeout: '1234ms', read_only: 'on', name: 'ppl-bff-search' });
          await expect(pool.query(`UPDATE site_settings SET site_name = site_name`)).rejects.toMatchObject({
            code: '25006',
          });
        } finally {
          await pool.end();
        }
      });
    });
});
