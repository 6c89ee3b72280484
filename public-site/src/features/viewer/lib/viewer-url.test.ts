import { documentViewerPath } from '@ppl/shared-ui';
import { parseViewerSearch, withViewerState } from './viewer-url';

describe('the viewer address', () => {
  it('reads variant, document, page and linked file, with defaults for anything missing or unreadable', () => {
    expect(parseViewerSearch(new URLSearchParams('variant=12&doc=mark-scheme&page=3&linked=5'))).toEqual({
      variant: 12,
      doc: 'mark-scheme',
      page: 3,
      linked: 5,
    });
    expect(parseViewerSearch(new URLSearchParams(''))).toEqual({
      variant: null,
      doc: 'question-paper',
      page: 1,
      linked: null,
    });
    expect(parseViewerSearch(new URLSearchParams('variant=abc&doc=zip&page=-2&linked=0'))).toEqual({
      variant: null,
      doc: 'question-paper',
      page: 1,
      linked: null,
    });
    expect(parseViewerSearch(new URLSearchParams('page=1e3')).page).toBe(1);
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
    });
    expect(documentViewerPath(9)).toBe('/papers/9/view');
  });
});
