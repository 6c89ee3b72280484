import { VIEWER_DOCUMENTS, type ViewerDocument } from '@ppl/shared-ui';

/**
 * What the viewer's address says (see documentViewerPath): which variant, document and page, a linked file, and the
 * question being read (`q`, its printed number: "3").
 */
export interface ViewerUrlState {
  variant: number | null;
  doc: ViewerDocument;
  page: number;
  linked: number | null;
  q: string | null;
}

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
};

/** A question number as papers print them: 1 to 999, no leading zero. */
const questionNumber = (value: string | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return /^[1-9]\d{0,2}$/.test(trimmed) ? trimmed : null;
};

/** Reads the viewer's search params; anything unreadable falls back to its default (first page, question paper). */
export function parseViewerSearch(params: URLSearchParams): ViewerUrlState {
  const doc = params.get('doc');
  return {
    variant: positiveInt(params.get('variant')),
    doc: (VIEWER_DOCUMENTS as readonly string[]).includes(doc ?? '') ? (doc as ViewerDocument) : 'question-paper',
    page: positiveInt(params.get('page')) ?? 1,
    linked: positiveInt(params.get('linked')),
    q: questionNumber(params.get('q')),
  };
}

/** The same params with some values changed; defaults are left out (doc question-paper, page 1). */
export function withViewerState(params: URLSearchParams, change: Partial<ViewerUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  if ('variant' in change) set('variant', change.variant ? String(change.variant) : null);
  if ('doc' in change) set('doc', change.doc && change.doc !== 'question-paper' ? change.doc : null);
  if ('page' in change) set('page', change.page && change.page > 1 ? String(Math.floor(change.page)) : null);
  if ('linked' in change) set('linked', change.linked ? String(change.linked) : null);
  if ('q' in change) set('q', questionNumber(change.q ?? null));
  return next;
}
