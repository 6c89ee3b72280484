// @ts-check
// EXPLAIN ANALYZE of what one search runs: the BFF's compiled SearchService records its statements, then each is
// explained (run again) with its parameters. For bench/results/search.md: planning and execution time, buffers and
// the plan's main nodes per statement.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const BFF_DIST = '../../bff/dist/';
/**
 * @typedef {{ query: (sql: string, params: unknown[]) => Promise<unknown[]> }} Statements
 * @type {{ SearchService: new (db: { session: (work: (db: Statements) => Promise<unknown>) => Promise<unknown> }) => { search: (q: Record<string, unknown>) => Promise<any> } }}
 */
const { SearchService } = require(`${BFF_DIST}search/search.service.js`);

/**
 * @typedef {{ 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; Plans?: PlanNode[] }} PlanNode
 * @param {import('pg').Client} db
 * @param {string} q
 */
export async function explainSearch(db, q) {
  /** @type {Array<{ sql: string; params: unknown[] }>} */
  const statements = [];
  const service = new SearchService({
    session: (work) =>
      work({
        query: async (sql, params) => {
          statements.push({ sql, params });
          return (await db.query(sql, params)).rows;
        },
      }),
  });
  const answer = await service.search({ q });
  const explained = [];
  for (const { sql, params } of statements) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const [plan] = rows[0]['QUERY PLAN'];
    /** @type {Set<string>} */
    const access = new Set();
    const walk = (/** @type {PlanNode} */ node) => {
      if (node['Index Name']) access.add(`${node['Node Type']} ${node['Index Name']} (${node['Actual Rows']} rows)`);
      else if (node['Relation Name'] && node['Node Type'].includes('Seq'))
        access.add(`Seq Scan ${node['Relation Name']} (${node['Actual Rows']} rows)`);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    explained.push({
      statement: sql.trim().replace(/\s+/g, ' ').slice(0, 40),
      planningMs: plan['Planning Time'],
      executionMs: plan['Execution Time'],
      buffers: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
      access: [...access],
    });
  }
  return { q, total: answer.total, relaxed: answer.interpreted.relaxed, statements: explained };
}
