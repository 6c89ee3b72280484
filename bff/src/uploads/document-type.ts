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
 * The kind of an uploaded document, or null when it is not a PDF, DOC or DOCX. Both the name's extension and the
 * content (magic bytes) must agree: a renamed executable or an HTML file called paper.pdf is rejected.
 */
export async function detectDocumentKind(originalName: string, bytes: Buffer): Promise<DocumentKind | null> {
  const extension = extname(originalName).slice(1).toLowerCase();
  if (!(extension in CONTENT_FOR_EXTENSION) || bytes.length === 0) return null;
  const kind = extension as DocumentKind;
  const detected = await fileTypeFromBuffer(bytes);
  return detected?.ext === CONTENT_FOR_EXTENSION[kind] ? kind : null;
}
