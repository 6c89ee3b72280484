import { fileNameOf, MAX_UPLOAD_BYTES, uploadProblem } from './uploads';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('uploadProblem', () => {
  it('accepts PDF, DOC and DOCX under 10 MB', () => {
    expect(uploadProblem(file('paper.pdf', 'application/pdf'))).toBeNull();
    expect(uploadProblem(file('paper.DOC', 'application/msword'))).toBeNull();
    expect(
      uploadProblem(file('paper.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    ).toBeNull();
    expect(uploadProblem(file('paper.pdf', ''))).toBeNull();
  });

  it('rejects other types, also when only the extension or only the declared type is right', () => {
    expect(uploadProblem(file('notes.txt', 'text/plain'))).toBe('type');
    expect(uploadProblem(file('image.pdf', 'image/png'))).toBe('type');
    expect(uploadProblem(file('paper', 'application/pdf'))).toBe('type');
  });

  it('rejects files of 10 MB or more', () => {
    expect(uploadProblem(file('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES))).toBe('size');
    expect(uploadProblem(file('ok.pdf', 'application/pdf', MAX_UPLOAD_BYTES - 1))).toBeNull();
  });

  it("follows the form's wording and the maxFileSize setting", () => {
    const exactly = (mb: number) => file('exact.pdf', 'application/pdf', mb * 1024 * 1024);
    // "at most 10MB" (mark schemes): exactly 10 MB is fine; "less than 10MB" (papers, reports): it is not.
    expect(uploadProblem(exactly(10), { maxMb: 10, inclusive: true })).toBeNull();
    expect(uploadProblem(exactly(10), { maxMb: 10, inclusive: false })).toBe('size');
    // A 25 MB setting lets a 20 MB file through and stops a 26 MB one.
    expect(uploadProblem(exactly(20), { maxMb: 25, inclusive: false })).toBeNull();
    expect(uploadProblem(exactly(26), { maxMb: 25, inclusive: true })).toBe('size');
  });
});

describe('fileNameOf', () => {
  it('keeps the last path segment', () => {
    expect(fileNameOf('/files/mark-schemes/abc%20x.pdf')).toBe('abc x.pdf');
    expect(fileNameOf(null)).toBe('');
  });
});
