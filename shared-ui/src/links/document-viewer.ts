/**
 * The address of the public site's document viewer, shared by the public site and the admin console:
 * `/papers/{paperId}/view?variant={variantId}&doc={question-paper|mark-scheme|examiner-report}&page={n}`, plus
 * `linked={id}` for a mark scheme or examiner report added in its own admin section. Defaults are left out
 * (doc question-paper, page 1), so the plainest link stays short.
 */
export const VIEWER_DOCUMENTS = ['question-paper', 'mark-scheme', 'examiner-report'] as const;
export type ViewerDocument = (typeof VIEWER_DOCUMENTS)[number];

export interface ViewerLocation {
  variant?: number | null;
  doc?: ViewerDocument;
  page?: number;
  /** A mark scheme's or examiner report's own id (by `doc`), when it is not one of the variant's files. */
  linked?: number | null;
  /** A question's number: the viewer opens at that question (`q`). */
  question?: string | null;
}

export function documentViewerPath(paperId: number, location: ViewerLocation = {}): string {
  const params = new URLSearchParams();
  if (location.variant) params.set('variant', String(location.variant));
  if (location.doc && location.doc !== 'question-paper') params.set('doc', location.doc);
  if (location.linked) params.set('linked', String(location.linked));
  if (location.page && location.page > 1) params.set('page', String(Math.floor(location.page)));
  if (location.question) params.set('q', location.question);
  const query = params.toString();
  return `/papers/${paperId}/view${query ? `?${query}` : ''}`;
}

/** The viewer's document for a variant's file slot. */
export const VIEWER_DOCUMENT_OF = {
  document: 'question-paper',
  mark_scheme: 'mark-scheme',
  examiner_report: 'examiner-report',
} as const satisfies Record<string, ViewerDocument>;
