import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export type DocumentKind = 'pdf' | 'doc' | 'docx';

/** What the content must be for each accepted extension (file-type names). */
const CONTENT_FOR_EXTENSION: Record<DocumentKind, string> = {
  pdf: 'pdf',
  doc: 'cfb', // Word 97-2003: an OLE compound file
  docx: 'docx', // a zip whose entries include word/
};

/**
 * The kind of an uploaded document from its name and the type sniffed from its first bytes (file-type's name), or
 * null when it is not a PDF, DOC or DOCX. Both must agree: a renamed executable or an HTML file called paper.pdf is
 * rejected.
 */
export function documentKindOf(originalName: string, detected: string | undefined): DocumentKind | null {
  const extension = extname(originalName).slice(1).toLowerCase();
  if (!(extension in CONTENT_FOR_EXTENSION) || detected === undefined) return null;
  const kind = extension as DocumentKind;
  return detected === CONTENT_FOR_EXTENSION[kind] ? kind : null;
}

/** The same check on bytes in memory (the first bytes suffice). */
export async function detectDocumentKind(originalName: string, bytes: Buffer): Promise<DocumentKind | null> {
  if (bytes.length === 0) return null;
  return documentKindOf(originalName, (await fileTypeFromBuffer(bytes))?.ext);
}
