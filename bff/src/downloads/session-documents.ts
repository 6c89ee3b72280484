import type { DataSource, EntityManager } from 'typeorm';
import type { Session } from '../common/domain-values';

export type SessionDocumentKind = 'question-paper' | 'mark-scheme' | 'examiner-report';

/** One stored document of a subject's sitting: what the coverage grid shows and the session zip holds. */
export interface SessionDocument {
  /** Which counter a download increments: a variant's slot, or a mark scheme / examiner report of its own. */
  source: 'variant' | 'mark_scheme' | 'examiner_report';
  id: number;
  /** The row of `documents` (its counter). */
  documentId: number;
  document: SessionDocumentKind;
  year: number;
  session: Session;
  /** The variant's name, or the paper number of a document added on its own ('' for a whole-session report). */
  label: string;
  path: string;
  size: number;
}

/** `feb-march` ↔ `Feb/March` …: the sessions as URLs write them. */
export const SESSION_SLUGS: Record<string, Session> = {
  'feb-march': 'Feb/March',
  'may-june': 'May/June',
  'oct-nov': 'Oct/Nov',
};
export const slugOfSession = (session: string): string =>
  Object.entries(SESSION_SLUGS).find(([, s]) => s === session)?.[0] ??
  session.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * Every stored document of a subject (optionally of one sitting), its file as `documents` holds it: its variants'
 * documents, its papers' examiner reports, and its mark schemes (linked to one of its papers, or unlinked with its
 * code, year and session: the rule of past-paper.queries' LINKED_MARK_SCHEMES). Newest sitting first, then variants
 * in version order.
 */
export async function sessionDocuments(
  db: DataSource | EntityManager,
  subjectId: number,
  sitting?: { year: number; session: Session },
): Promise<SessionDocument[]> {
  const params: unknown[] = [subjectId];
  let paperFilter = '';
  let markSchemeFilter = '';
  if (sitting) {
    params.push(sitting.year, sitting.session);
    paperFilter = 'AND p.year = $2 AND p.session = $3';
    markSchemeFilter = 'AND m.year = $2 AND m.session = $3';
  }
  const rows: Array<Omit<SessionDocument, 'size'> & { size: number | string | null; version: number | null }> =
    await db.query(
      `WITH papers AS (SELECT p.id, p.year, p.session FROM past_papers p WHERE p.subject_id = $1 ${paperFilter})
       SELECT * FROM (
         SELECT 'variant' AS source, v.id, d.id AS "documentId", d.kind AS document, p.year, p.session,
                v.name AS label, v.version, d.storage_key AS path, d.size
           FROM papers p JOIN variants v ON v.past_paper_id = p.id
           JOIN documents d ON d.variant_id = v.id AND d.kind IN ('question-paper', 'mark-scheme', 'examiner-report')
         UNION ALL
         SELECT 'examiner_report', r.id, d.id, d.kind, p.year, p.session, r.paper_number, NULL, d.storage_key, d.size
           FROM papers p JOIN examiner_reports r ON r.past_paper_id = p.id JOIN documents d ON d.id = r.document_id
         UNION ALL
         SELECT 'mark_scheme', m.id, d.id, d.kind, m.year, m.session, m.paper_number, NULL, d.storage_key, d.size
           FROM mark_schemes m JOIN documents d ON d.id = m.document_id JOIN subjects s ON s.id = $1
          WHERE (m.past_paper_id IN (SELECT id FROM papers)
                 OR (m.past_paper_id IS NULL AND lower(m.code) = lower(s.code) ${markSchemeFilter}))
       ) d
       ORDER BY d.year DESC,
                CASE d.session WHEN 'Oct/Nov' THEN 0 WHEN 'May/June' THEN 1 ELSE 2 END,
                d.version NULLS LAST, d.label, d.document, d.source, d.id`,
      params,
    );
  return rows.map(({ version: _version, ...row }) => ({ ...row, size: Number(row.size ?? 0) }));
}

/** `Paper 12`, `paper 12`, `12` → `12`: how variants and documents added on their own name the same paper. */
export const paperKey = (label: string): string =>
  label
    .trim()
    .replace(/^paper\s*/i, '')
    .toLowerCase();
