export { ApiContract, apiContract, contractFetch, ContractViolation, OPENAPI_DOCUMENT } from './contract';
export type { SentRequest } from './contract';
import type { PastPaper, PastPaperSummary } from '../types/domain';

/**
 * Test helpers for the front ends' tests (`@ppl/shared-ui/testing`; never imported by application code).
 * A paper as the compact list shape (`?view=summary`) gives it: figures about its variants instead of the variants.
 */
export function summaryOf({ variants, linked_documents: linked = [], ...paper }: PastPaper): PastPaperSummary {
  const latest = [paper.updated_at, ...variants.map((v) => v.updated_at)].sort().at(-1) ?? paper.updated_at;
  const own = (kind: string) => linked.filter((d) => d.kind === kind).length;
  return {
    ...paper,
    variant_count: variants.length,
    mark_scheme_count: variants.filter((v) => v.mark_scheme_path).length + own('mark_scheme'),
    examiner_report_count: variants.filter((v) => v.examiner_report_path).length + own('examiner_report'),
    downloads: variants.reduce((sum, v) => sum + v.downloads, 0) + linked.reduce((sum, d) => sum + d.downloads, 0),
    last_updated_at: latest,
  };
}
