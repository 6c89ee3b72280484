import { friendlyName } from './friendly-filename';

describe('friendlyName', () => {
  it('builds subject-code-year-session-variant with the stored extension', () => {
    expect(friendlyName(['Mathematics', '0580', 2024, 'May/June', 'Paper 1'], 'papers/x.pdf')).toBe(
      'mathematics-0580-2024-may-june-paper-1.pdf',
    );
    expect(friendlyName(['Física', 'F1', 2020, 'Oct/Nov', 'Paper 2', 'mark-scheme'], 'mark-schemes/y.DOCX')).toBe(
      'fisica-f1-2020-oct-nov-paper-2-mark-scheme.docx',
    );
  });

  it('never lets a quote, slash or control character into the header value', () => {
    const name = friendlyName(['a"; filename="evil.exe', '../..', '\r\nX-Injected: 1'], 'papers/z.pdf');
    expect(name).toMatch(/^[a-z0-9-]+\.pdf$/);
  });
});
