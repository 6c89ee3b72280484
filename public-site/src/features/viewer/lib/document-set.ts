import {
  api,
  normaliseSession,
  type DocumentViewTarget,
  type PastPaper,
  type Variant,
  type VariantDocumentType,
  type ViewerDocument,
} from '@ppl/shared-ui';

/** One document the viewer can open: what it is called, how big it is, where to read it and where to save it. */
export interface ViewerFile {
  doc: ViewerDocument;
  /** 'Question paper', 'Mark scheme', 'Examiner report'. */
  label: string;
  /** Bytes, as stored (shown before anything is fetched). */
  size: number | null;
  isPdf: boolean;
  /** The viewer's reads: Range requests, never counted (`stream=1`). */
  streamUrl: string;
  /** Page 1 as a picture (`preview=1`, image/webp; 404 until the file is indexed), shown until pdf.js has drawn it. */
  previewUrl: string;
  /** Download: counted as one download. */
  downloadUrl: string;
  /** The raw file in the browser's own reader (always offered). */
  fileUrl: string;
  /** What POST /document_views.php is told. */
  viewTarget: DocumentViewTarget;
  /** Unique per stored document (one view per document and visit). */
  key: string;
  /** The linked document's own id, when it is not one of the variant's files. */
  linkedId: number | null;
}

export interface ViewerSet {
  variant: Variant | null;
  variantName: string;
  /** "Mathematics (0580) Paper 12 · May/June 2024". */
  title: string;
  files: Partial<Record<ViewerDocument, ViewerFile>>;
}

export const DOCUMENT_LABELS: Record<ViewerDocument, string> = {
  'question-paper': 'Question paper',
  'mark-scheme': 'Mark scheme',
  'examiner-report': 'Examiner report',
};

const SLOT: Record<ViewerDocument, { type: VariantDocumentType; path: keyof Variant; size: keyof Variant }> = {
  'question-paper': { type: 'document', path: 'document_path', size: 'document_size' },
  'mark-scheme': { type: 'mark_scheme', path: 'mark_scheme_path', size: 'mark_scheme_size' },
  'examiner-report': { type: 'examiner_report', path: 'examiner_report_path', size: 'examiner_report_size' },
};

const isPdfName = (name: string | null | undefined) => !!name && /\.pdf$/i.test(name);
const variantNameOf = (v: Variant) => v.name?.trim() || `Paper ${v.version}`;
/** "12" for "Paper 12", version 12 or paper number "12". */
const sameNumber = (variant: Variant, paperNumber: string | null | undefined) => {
  const wanted = paperNumber?.trim().toLowerCase();
  if (!wanted) return false;
  return (
    String(variant.version) === wanted ||
    variantNameOf(variant)
      .toLowerCase()
      .replace(/^paper\s+/, '') === wanted
  );
};

/**
 * The paper set the viewer shows for a paper and the address's variant: the variant's question paper, mark scheme
 * and examiner report, with the mark schemes and examiner reports added in their own admin sections filling the
 * slots a variant leaves empty (the one named by `linked`, else the one with the variant's paper number, else the
 * paper's first). Without a known variant, the one matching the linked document, else the first by version.
 */
export function viewerSet(
  paper: PastPaper,
  wanted: { variant: number | null; doc: ViewerDocument; linked: number | null },
): ViewerSet {
  const variants = [...(paper.variants ?? [])].sort((a, b) => a.version - b.version || a.id - b.id);
  const linkedDocs = paper.linked_documents ?? [];
  const kindOf = (doc: ViewerDocument) =>
    doc === 'mark-scheme' ? 'mark_scheme' : doc === 'examiner-report' ? 'examiner_report' : null;
  const named =
    wanted.linked !== null
      ? linkedDocs.find((d) => d.id === wanted.linked && d.kind === kindOf(wanted.doc))
      : undefined;
  const variant =
    variants.find((v) => v.id === wanted.variant) ??
    (named ? variants.find((v) => sameNumber(v, named.paper_number)) : undefined) ??
    variants[0] ??
    null;

  const files: Partial<Record<ViewerDocument, ViewerFile>> = {};
  for (const doc of ['question-paper', 'mark-scheme', 'examiner-report'] as const) {
    const slot = SLOT[doc];
    const path = variant ? (variant[slot.path] as string | null) : null;
    if (variant && path) {
      files[doc] = {
        doc,
        label: DOCUMENT_LABELS[doc],
        size: (variant[slot.size] as number | null) ?? null,
        isPdf: isPdfName(path),
        streamUrl: api.links.variantDocument(variant.id, slot.type, 'stream'),
        previewUrl: api.links.variantDocument(variant.id, slot.type, 'preview'),
        downloadUrl: api.links.variantDocument(variant.id, slot.type),
        fileUrl: api.links.variantDocument(variant.id, slot.type, 'inline'),
        viewTarget: { variant_id: variant.id, document_type: slot.type },
        key: `variant-${variant.id}-${slot.type}`,
        linkedId: null,
      };
      continue;
    }
    const kind = kindOf(doc);
    if (!kind) continue;
    const candidates = linkedDocs.filter((d) => d.kind === kind);
    const linked =
      (named?.kind === kind ? named : undefined) ??
      (variant ? candidates.find((d) => sameNumber(variant, d.paper_number)) : undefined) ??
      candidates[0];
    if (!linked) continue;
    const link = kind === 'mark_scheme' ? api.links.markScheme : api.links.examinerReport;
    files[doc] = {
      doc,
      label: DOCUMENT_LABELS[doc],
      size: linked.file_size ?? null,
      isPdf: linked.is_pdf,
      streamUrl: link(linked.id, 'stream'),
      previewUrl: link(linked.id, 'preview'),
      downloadUrl: link(linked.id),
      fileUrl: link(linked.id, 'inline'),
      viewTarget: kind === 'mark_scheme' ? { mark_scheme_id: linked.id } : { examiner_report_id: linked.id },
      key: `${kind}-${linked.id}`,
      linkedId: linked.id,
    };
  }

  const subject = paper.subject_name || paper.subject;
  const code = paper.subject_code || paper.code;
  const variantName = variant ? variantNameOf(variant) : '';
  return {
    variant,
    variantName,
    title: `${subject} (${code})${variantName ? ` ${variantName}` : ''} · ${normaliseSession(paper.session)} ${paper.year}`,
    files,
  };
}
