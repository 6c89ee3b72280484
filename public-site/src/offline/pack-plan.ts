import { api, type LinkDelivery, type PastPaper, type VariantDocumentType } from '@ppl/shared-ui';

/** One address a pack saves, with its size when the API gives it (documents do; pictures and reads do not). */
export interface PackPart {
  url: string;
  size: number | null;
  /** A page-1 picture may not exist yet (404 until the file is indexed): it is left out, not a failure. */
  optional?: boolean;
}

/** What saving an item will store: known before anything is fetched, so its size can be shown first. */
export interface PackPlan {
  id: string;
  kind: 'paper' | 'session' | 'subject';
  title: string;
  href: string;
  pages: string[];
  parts: PackPart[];
  paperIds: number[];
}

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').href;

/** The API read the viewer makes for a paper (TanStack Query's `api.pastPapers.get`). */
export const paperReadUrl = (id: number) => api.client.link('/backend/api/past_papers.php', { id });

const VARIANT_FILES: Array<{
  type: VariantDocumentType;
  path: 'document_path' | 'mark_scheme_path' | 'examiner_report_path';
  size: 'document_size' | 'mark_scheme_size' | 'examiner_report_size';
}> = [
  { type: 'document', path: 'document_path', size: 'document_size' },
  { type: 'mark_scheme', path: 'mark_scheme_path', size: 'mark_scheme_size' },
  { type: 'examiner_report', path: 'examiner_report_path', size: 'examiner_report_size' },
];

/**
 * Every document of a paper as the viewer reads it (`stream=1`: each variant's question paper, mark scheme and
 * examiner report, and the mark schemes and reports added on their own) with page 1 of each PDF as a picture
 * (`preview=1`), and the paper's own API read.
 */
export function paperParts(paper: PastPaper): PackPart[] {
  const parts = new Map<string, PackPart>();
  const add = (link: (delivery: LinkDelivery) => string, size: number | null, isPdf: boolean) => {
    const stream = absolute(link('stream'));
    parts.set(stream, { url: stream, size });
    if (isPdf) {
      const preview = absolute(link('preview'));
      parts.set(preview, { url: preview, size: null, optional: true });
    }
  };
  for (const variant of paper.variants ?? []) {
    for (const file of VARIANT_FILES) {
      const path = variant[file.path];
      if (!path) continue;
      add((d) => api.links.variantDocument(variant.id, file.type, d), variant[file.size] ?? null, /\.pdf$/i.test(path));
    }
  }
  for (const linked of paper.linked_documents ?? []) {
    const link = linked.kind === 'mark_scheme' ? api.links.markScheme : api.links.examinerReport;
    add((d) => link(linked.id, d), linked.file_size ?? null, linked.is_pdf);
  }
  const read = absolute(paperReadUrl(paper.id));
  parts.set(read, { url: read, size: null });
  return [...parts.values()];
}

const paperTitle = (paper: PastPaper) =>
  `${paper.subject_name || paper.subject} (${paper.subject_code || paper.code}) ${paper.session} ${paper.year}`;

export function paperPlan(paper: PastPaper): PackPlan {
  return {
    id: `paper:${paper.id}`,
    kind: 'paper',
    title: paperTitle(paper),
    href: `/papers/${paper.id}/view`,
    pages: [`/papers/${paper.id}/view`],
    parts: paperParts(paper),
    paperIds: [paper.id],
  };
}

interface SubjectRef {
  code: string;
  name: string;
}

/** The subject page's reads and paths (found by code in any letter case: both spellings are kept). */
function subjectPageParts(subject: SubjectRef): { pages: string[]; parts: PackPart[] } {
  const codes = [...new Set([subject.code, subject.code.toLowerCase(), subject.code.toUpperCase()])];
  const code = encodeURIComponent(subject.code);
  return {
    pages: [`/subjects/${code}`, `/past-papers/subject/${code}`],
    parts: codes.map((c) => ({
      url: absolute(api.client.link('/backend/api/pages/subject', { code: c })),
      size: null,
    })),
  };
}

function merge(parts: PackPart[][]): PackPart[] {
  const byUrl = new Map<string, PackPart>();
  for (const part of parts.flat()) byUrl.set(part.url, part);
  return [...byUrl.values()];
}

/** A session of a subject: its subject page and every paper of that session. */
export function sessionPlan(
  subject: SubjectRef,
  session: { year: number; session: string; past_paper_ids: number[] },
  papers: PastPaper[],
): PackPlan {
  const chosen = papers.filter((p) => session.past_paper_ids.includes(p.id));
  const page = subjectPageParts(subject);
  return {
    id: `session:${subject.code.toLowerCase()}:${session.year}:${session.session}`,
    kind: 'session',
    title: `${subject.name} (${subject.code}) ${session.session} ${session.year}`,
    href: `/subjects/${encodeURIComponent(subject.code)}`,
    pages: [...page.pages, ...chosen.map((p) => `/papers/${p.id}/view`)],
    parts: merge([page.parts, ...chosen.map(paperParts)]),
    paperIds: chosen.map((p) => p.id),
  };
}

/** A whole subject: its page and every paper. */
export function subjectPlan(subject: SubjectRef, papers: PastPaper[]): PackPlan {
  const page = subjectPageParts(subject);
  return {
    id: `subject:${subject.code.toLowerCase()}`,
    kind: 'subject',
    title: `${subject.name} (${subject.code})`,
    href: `/subjects/${encodeURIComponent(subject.code)}`,
    pages: [...page.pages, ...papers.map((p) => `/papers/${p.id}/view`)],
    parts: merge([page.parts, ...papers.map(paperParts)]),
    paperIds: papers.map((p) => p.id),
  };
}

/** The bytes the API gives for a plan's documents (what is shown before saving). */
export const plannedBytes = (plan: PackPlan) => plan.parts.reduce((sum, part) => sum + (part.size ?? 0), 0);
