import { packKey, parseIndex, queryRange, savedPage, type PackIndex } from './shared';

const BASE = 'https://ppl.example/';

describe('the service worker and pages agree on saved addresses', () => {
  it('finds a saved document by its address without the range the viewer put in the query', () => {
    expect(packKey('/backend/api/past_papers.php?download_variant_id=3&stream=1&range=0-65535', BASE)).toBe(
      'https://ppl.example/backend/api/past_papers.php?download_variant_id=3&stream=1',
    );
    expect(packKey('/backend/api/mark_schemes.php?download_id=7&stream=1#x', BASE)).toBe(
      'https://ppl.example/backend/api/mark_schemes.php?download_id=7&stream=1',
    );
  });

  it('reads a range from the query only when it is two bounded numbers in order', () => {
    expect(queryRange('/f?stream=1&range=10-19', BASE)).toEqual({ start: 10, end: 19 });
    expect(queryRange('/f?stream=1&range=19-10', BASE)).toBeNull();
    expect(queryRange('/f?stream=1&range=-10', BASE)).toBeNull();
    expect(queryRange('/f?stream=1&range=1-9999999999999', BASE)).toBeNull();
    expect(queryRange('/f?stream=1', BASE)).toBeNull();
  });

  it('knows which page paths a saved pack opens offline, in any letter case and without a trailing slash', () => {
    const index: PackIndex = {
      version: 1,
      packs: [
        {
          id: 'session:0580:2024:May/June',
          kind: 'session',
          title: 'Mathematics (0580) May/June 2024',
          href: '/subjects/0580',
          pages: ['/subjects/0580', '/papers/12/view'],
          urls: [],
          bytes: 0,
          paperIds: [12],
          savedAt: '2026-11-26T00:00:00.000Z',
        },
      ],
    };
    expect(savedPage(index, '/papers/12/view')).toBe(true);
    expect(savedPage(index, '/SUBJECTS/0580/')).toBe(true);
    expect(savedPage(index, '/papers/13/view')).toBe(false);
    expect(savedPage(index, '/faqs')).toBe(false);
  });

  it('reads a damaged index as an empty one and drops entries that are not packs', () => {
    expect(parseIndex(null).packs).toEqual([]);
    expect(parseIndex({ packs: 'x' }).packs).toEqual([]);
    expect(parseIndex({ packs: [{ id: 1 }, { id: 'a', urls: [], pages: [] }] }).packs).toHaveLength(1);
  });
});
