import { LEVEL_LABELS, type PastPaperSummary } from '@ppl/shared-ui';
import { compareLatestFirst, compareText } from '../../../lib/papers';

/** A normalised search term: trimmed, lower case. */
export const searchKey = (term: string): string => term.trim().toLowerCase();

/**
 * Spec section 2 (Home): the search filters the already-loaded papers by subject, code or level,
 * case-insensitively. The level matches by its value (cambridge-igcse) and by its name (Cambridge IGCSE).
 * Results come by subject, then latest first.
 */
export function searchPapers(papers: readonly PastPaperSummary[], term: string): PastPaperSummary[] {
  const needle = searchKey(term);
  if (!needle) return [];
  return papers
    .filter((paper) => {
      const level = paper.subject_level ?? paper.level;
      const fields = [
        paper.subject_name ?? paper.subject,
        paper.subject,
        paper.subject_code ?? paper.code,
        paper.code,
        level,
        LEVEL_LABELS[level],
      ];
      return fields.some((field) => typeof field === 'string' && field.toLowerCase().includes(needle));
    })
    .sort((a, b) => compareText(a.subject_name ?? a.subject, b.subject_name ?? b.subject) || compareLatestFirst(a, b));
}
