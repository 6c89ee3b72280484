import { api, type PastPaper } from '@ppl/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export type PaperDocumentKind = 'mark_scheme' | 'examiner_report';

/** A mark scheme or examiner report attached inside a paper's variant (edited from the paper, not its own section). */
export interface VariantDocument {
  key: string;
  paperId: number;
  variantId: number;
  subject: string;
  code: string;
  year: number;
  session: string;
  variant: string;
  size: number | null;
  downloads: number;
  views: number;
}

/**
 * Every paper with its variants and linked documents: the one truth students see. The Mark Schemes and
 * Examiner Reports screens read it so their totals agree with the public pages and the dashboard.
 */
export function usePapersWithDocuments() {
  return useQuery({ queryKey: queryKeys.pastPapersWithDocuments, queryFn: () => api.pastPapers.list() });
}

/** The documents of `kind` inside variants, newest papers first (the order of the public listing). */
export function variantDocumentsOf(papers: readonly PastPaper[], kind: PaperDocumentKind): VariantDocument[] {
  const rows: VariantDocument[] = [];
  for (const paper of papers) {
    for (const variant of paper.variants) {
      const path = kind === 'mark_scheme' ? variant.mark_scheme_path : variant.examiner_report_path;
      if (!path) continue;
      rows.push({
        key: `${variant.id}-${kind}`,
        paperId: paper.id,
        variantId: variant.id,
        subject: paper.subject_name,
        code: paper.subject_code,
        year: paper.year,
        session: paper.session,
        variant: variant.name,
        size: kind === 'mark_scheme' ? variant.mark_scheme_size : variant.examiner_report_size,
        downloads: kind === 'mark_scheme' ? variant.mark_scheme_downloads : variant.examiner_report_downloads,
        views: kind === 'mark_scheme' ? variant.mark_scheme_views : variant.examiner_report_views,
      });
    }
  }
  return rows.sort((a, b) => b.year - a.year || a.subject.localeCompare(b.subject) || a.variantId - b.variantId);
}

/**
 * The papers each document added in its own section reaches students through (by past_paper_id, or by subject
 * code, year and session, as the server links them). A document missing here is stored but shown to nobody.
 */
export function linkedPapersOf(papers: readonly PastPaper[], kind: PaperDocumentKind): Map<number, number> {
  const linked = new Map<number, number>();
  for (const paper of papers) {
    for (const document of paper.linked_documents ?? []) {
      if (document.kind === kind && !linked.has(document.id)) linked.set(document.id, paper.id);
    }
  }
  return linked;
}

export function matchesVariantDocument(row: VariantDocument, term: string): boolean {
  return !term || [row.subject, row.code, row.variant].some((field) => field.toLowerCase().includes(term));
}
