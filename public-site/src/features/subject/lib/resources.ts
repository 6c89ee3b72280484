import {
  api,
  documentViewerPath,
  normaliseSession,
  VIEWER_DOCUMENT_OF,
  type PastPaper,
  type Variant,
  type VariantDocumentType,
} from '@ppl/shared-ui';
import { compareLatestFirst, compareText } from '../../../lib/papers';

export type ResourceType = 'past-paper' | 'mark-scheme' | 'examiner-report';

/** Spec section 3, the resource derived for the subject page. */
export interface Resource {
  id: string;
  title: string;
  type: ResourceType;
  year: number;
  /** The session as shown (normalised, spec section 4). */
  season: string;
  /** The session as stored. */
  session: string;
  fileSize: number;
  /** The download link (attachment, friendly filename from the server). */
  fileUrl: string;
  /** The View link (the site's viewer), for PDFs. */
  viewUrl: string | null;
  downloads: number;
  paperCode: string;
  variantName: string;
  /** Which paper and variant it is of (a document added on its own has no variant): the key of study progress. */
  study: { paperId: number; variantId: number | null; title: string; subjectCode: string; subjectName: string };
}

const KINDS: ReadonlyArray<{
  type: ResourceType;
  document: VariantDocumentType;
  suffix: string;
  path: (v: Variant) => string | null;
  size: (v: Variant) => number | null;
  downloads: (v: Variant) => number;
}> = [
  {
    type: 'past-paper',
    document: 'document',
    suffix: '',
    path: (v) => v.document_path,
    size: (v) => v.document_size,
    downloads: (v) => v.document_downloads,
  },
  {
    type: 'mark-scheme',
    document: 'mark_scheme',
    suffix: ' Mark Scheme',
    path: (v) => v.mark_scheme_path,
    size: (v) => v.mark_scheme_size,
    downloads: (v) => v.mark_scheme_downloads,
  },
  {
    type: 'examiner-report',
    document: 'examiner_report',
    suffix: ' Examiner Report',
    path: (v) => v.examiner_report_path,
    size: (v) => v.examiner_report_size,
    downloads: (v) => v.examiner_report_downloads,
  },
];

export type ResourcesByType = Record<ResourceType, Resource[]>;

/**
 * Every document of a subject's papers, by type: each variant gives a past paper, and a mark scheme and an
 * examiner report when it has them (links through the variant download endpoint); the mark schemes and examiner
 * reports an admin added in their own sections follow with their paper (links through their own endpoints).
 */
export function deriveResources(
  subject: { name: string; code: string },
  papers: readonly PastPaper[],
): ResourcesByType {
  const result: ResourcesByType = { 'past-paper': [], 'mark-scheme': [], 'examiner-report': [] };
  for (const paper of [...papers].sort(compareLatestFirst)) {
    for (const variant of paper.variants) {
      const variantName = variant.name || `Paper ${variant.version}`;
      for (const kind of KINDS) {
        const path = kind.path(variant);
        if (!path) continue;
        result[kind.type].push({
          id: `${kind.type}-${variant.id}`,
          title: `${subject.name} ${variantName}${kind.suffix}`,
          type: kind.type,
          year: paper.year,
          season: normaliseSession(paper.session),
          session: paper.session,
          fileSize: kind.size(variant) ?? 0,
          fileUrl: api.links.variantDocument(variant.id, kind.document),
          viewUrl: /\.pdf$/i.test(path)
            ? documentViewerPath(paper.id, { variant: variant.id, doc: VIEWER_DOCUMENT_OF[kind.document] })
            : null,
          downloads: kind.downloads(variant) ?? 0,
          paperCode: `${subject.code}/${variant.version}`,
          variantName,
          study: {
            paperId: paper.id,
            variantId: variant.id,
            title: `${subject.name} (${subject.code}) ${variantName} · ${normaliseSession(paper.session)} ${paper.year}`,
            subjectCode: subject.code,
            subjectName: subject.name,
          },
        });
      }
    }
    // Mark schemes and examiner reports added in their own admin sections, beside the paper they belong to.
    for (const document of paper.linked_documents ?? []) {
      const type: ResourceType = document.kind === 'mark_scheme' ? 'mark-scheme' : 'examiner-report';
      const link = document.kind === 'mark_scheme' ? api.links.markScheme : api.links.examinerReport;
      const label = document.kind === 'mark_scheme' ? 'Mark Scheme' : 'Examiner Report';
      const paperName = document.paper_number ? `Paper ${document.paper_number}` : `${paper.year} ${paper.session}`;
      result[type].push({
        id: `${type}-own-${document.id}`,
        title: `${subject.name} ${paperName} ${label}`,
        type,
        year: paper.year,
        season: normaliseSession(paper.session),
        session: paper.session,
        fileSize: document.file_size ?? 0,
        fileUrl: link(document.id),
        viewUrl: document.is_pdf
          ? documentViewerPath(paper.id, {
              doc: document.kind === 'mark_scheme' ? 'mark-scheme' : 'examiner-report',
              linked: document.id,
            })
          : null,
        downloads: document.downloads,
        paperCode: document.paper_number ? `${subject.code}/${document.paper_number}` : subject.code,
        variantName: paperName,
        study: {
          paperId: paper.id,
          variantId: null,
          title: `${subject.name} (${subject.code}) ${paperName} · ${normaliseSession(paper.session)} ${paper.year}`,
          subjectCode: subject.code,
          subjectName: subject.name,
        },
      });
    }
  }
  return result;
}

/** Search inside a tab: title, season, year and paper code, case-insensitively. */
export function searchResources(resources: readonly Resource[], term: string): Resource[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...resources];
  return resources.filter((r) =>
    [r.title, r.season, r.session, String(r.year), r.paperCode].some((field) => field.toLowerCase().includes(needle)),
  );
}

export const RESOURCE_SORTS = [
  { value: 'latest', label: 'Latest First' },
  { value: 'title', label: 'Title' },
  { value: 'size', label: 'Size' },
  { value: 'downloads', label: 'Most Downloaded' },
] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number]['value'];
export const RESOURCE_SORT_VALUES = RESOURCE_SORTS.map((s) => s.value);

/** Latest First (year, then series); Title (A to Z, natural); Size (largest first); Most Downloaded. */
export function sortResources(resources: readonly Resource[], sort: ResourceSort): Resource[] {
  const byTitle = (a: Resource, b: Resource) => compareText(a.title, b.title);
  const compare: Record<ResourceSort, (a: Resource, b: Resource) => number> = {
    latest: (a, b) => compareLatestFirst(a, b) || byTitle(a, b),
    title: (a, b) => byTitle(a, b) || compareLatestFirst(a, b),
    size: (a, b) => b.fileSize - a.fileSize || byTitle(a, b),
    downloads: (a, b) => b.downloads - a.downloads || compareLatestFirst(a, b) || byTitle(a, b),
  };
  return [...resources].sort(compare[sort]);
}

export const RESOURCE_TABS = [
  { id: 'past-papers', label: 'Past Papers', type: 'past-paper' },
  { id: 'mark-schemes', label: 'Mark Schemes', type: 'mark-scheme' },
  { id: 'examiner-reports', label: 'Examiner Reports', type: 'examiner-report' },
] as const;
export type ResourceTabId = (typeof RESOURCE_TABS)[number]['id'];
export const RESOURCE_TAB_IDS = RESOURCE_TABS.map((t) => t.id);
