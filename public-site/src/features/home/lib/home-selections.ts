import type { PastPaperSummary, Subject } from '@ppl/shared-ui';
import { compareText } from '../../../lib/papers';

/** Spec section 9: home shows six recent uploads and four popular subjects. */
export const RECENT_UPLOADS = 6;
export const POPULAR_SUBJECTS = 4;

/** The four subjects with most papers (ties by name). */
export function popularSubjects(subjects: readonly Subject[], count = POPULAR_SUBJECTS): Subject[] {
  return [...subjects].sort((a, b) => b.paper_count - a.paper_count || compareText(a.name, b.name)).slice(0, count);
}

/** The six most recently updated papers. */
export function recentUploads(papers: readonly PastPaperSummary[], count = RECENT_UPLOADS): PastPaperSummary[] {
  const time = (p: PastPaperSummary) => Date.parse(p.updated_at || p.created_at) || 0;
  return [...papers].sort((a, b) => time(b) - time(a) || b.id - a.id).slice(0, count);
}
