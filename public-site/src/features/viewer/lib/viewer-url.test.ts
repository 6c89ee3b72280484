import { documentViewerPath } from '@ppl/shared-ui';
import { parseViewerSearch, withViewerState } from './viewer-url';

describe('the viewer address', () => {
  it('reads variant, document, page and linked file, with defaults for anything missing or unreadable', () => {
    expect(parseViewerSearch(new URLSearchParams('variant=12&doc=mark-scheme&page=3&linked=5'))).toEqual({
      variant: 12,
      doc: 'mark-scheme',
      page: 3,
      linked: 5,
      q: null,
    });
    expect(parseViewerSearch(new URLSearchParams(''))).toEqual({
      variant: null,
      doc: 'question-paper',
      page: 1,
      linked: null,
      q: null,
    });
    expect(parseViewerSearch(new URLSearchParams('variant=abc&doc=zip&page=-2&linked=0&q=0'))).toEqual({
      variant: null,
      doc: 'question-paper',
      page: 1,
      linked: null,
      q: null,
    });
    expect(parseViewerSearch(new URLSearchParams('page=1e3')).page).toBe(1);
  });

  it('reads the question number (1 to 999) and drops anything else', () => {
    const q = (value: string) => parseViewerSearch(new URLSearchParams({ q: value })).q;
    expect(q('3')).toBe('3');
    expect(q(' 12 ')).toBe('12');
    expect(q('999')).toBe('999');
    for (const bad of ['0', '03', '1000', '3a', '-3', '', '1e2', '<script>']) expect(q(bad)).toBeNull();
  });

  it('writes the question into the address and takes it out again', () => {
    const start = new URLSearchParams('variant=12&page=4');
    expect(withViewerState(start, { q: '3', page: 5 }).toString()).toBe('variant=12&page=5&q=3');
    expect(withViewerState(new URLSearchParams('variant=12&q=3'), { q: null }).toString()).toBe('variant=12');
    expect(withViewerState(new URLSearchParams('q=3'), { q: 'x' }).toString()).toBe('');
    expect(parseViewerSearch(withViewerState(start, { doc: 'mark-scheme', q: '7' }))).toMatchObject({
      doc: 'mark-scheme',
      q: '7',
      page: 4,
    });
  });

  it('writes changes back, leaving defaults out and keeping other params', () => {
    const start = new URLSearchParams('variant=12&utm=x');
    expect(withViewerState(start, { doc: 'mark-scheme', page: 3 }).toString()).toBe(
      'variant=12&utm=x&doc=mark-scheme&page=3',
    );
    const back = withViewerState(new URLSearchParams('variant=12&doc=mark-scheme&page=3'), {
      doc: 'question-paper',
      page: 1,
    });
    expect(back.toString()).toBe('variant=12');
    expect(withViewerState(new URLSearchParams('linked=4'), { linked: null }).toString()).toBe('');
  });

  it('round-trips through the shared path builder used by the View links', () => {
    const path = documentViewerPath(9, { variant: 12, doc: 'examiner-report', page: 4, linked: 3 });
    expect(path).toBe('/papers/9/view?variant=12&doc=examiner-report&linked=3&page=4');
    expect(parseViewerSearch(new URLSearchParams(path.split('?')[1]))).toEqual({
      variant: 12,
      doc: 'examiner-report',
      page: 4,
      linked: 3,
      q: null,
    });
    expect(documentViewerPath(9)).toBe('/papers/9/view');
  });
});
