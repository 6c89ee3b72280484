import { docBytes, docxBytes, pdfBytes, plainZipBytes } from '../../test/support/documents';
import { detectDocumentKind } from './document-type';

describe('detectDocumentKind (magic bytes and extension must agree)', () => {
  it('accepts a PDF, a DOC (OLE container) and a DOCX (zip with word/ content)', async () => {
    expect(await detectDocumentKind('paper.pdf', pdfBytes())).toBe('pdf');
    expect(await detectDocumentKind('PAPER.PDF', pdfBytes())).toBe('pdf');
    expect(await detectDocumentKind('old.doc', docBytes())).toBe('doc');
    expect(await detectDocumentKind('report.docx', docxBytes())).toBe('docx');
  });

  it('rejects content that does not match the name, other formats, and empty files', async () => {
    expect(await detectDocumentKind('paper.pdf', Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(await detectDocumentKind('paper.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00'))).toBeNull();
    expect(await detectDocumentKind('paper.docx', pdfBytes())).toBeNull();
    expect(await detectDocumentKind('paper.doc', docxBytes())).toBeNull();
    expect(await detectDocumentKind('paper.docx', plainZipBytes())).toBeNull();
    expect(await detectDocumentKind('paper.exe', pdfBytes())).toBeNull();
    expect(await detectDocumentKind('paper', pdfBytes())).toBeNull();
    expect(await detectDocumentKind('paper.pdf', Buffer.alloc(0))).toBeNull();
  });
});
