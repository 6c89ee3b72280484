import { subjectFixture } from '../../../../test/fixtures';
import { pageSubjectsByLevel } from './subject-pages';

const many = (level: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    subjectFixture({ id: from + i + 1, name: `${level} ${i + 1}`, code: `${from + i}`, level: level as never }),
  );

describe('pageSubjectsByLevel', () => {
  it('keeps each level together on one page, in the levels order, never repeating a heading on a page', () => {
    const subjects = [
      ...many('cambridge-igcse', 5),
      ...many('cambridge-o-levels', 4, 100),
      ...many('cbc-primary', 6, 200),
    ];
    const pages = pageSubjectsByLevel(subjects, 12);
    expect(pages.map((page) => page.map((g) => `${g.title}:${g.items.length}`))).toEqual([
      ['Cambridge O Level:4', 'Cambridge IGCSE:5'],
      ['CBC Primary:6'],
    ]);
  });

  it('continues a level larger than a page on the next one', () => {
    const pages = pageSubjectsByLevel(many('cambridge-igcse', 15), 12);
    expect(pages.map((page) => page.map((g) => `${g.title}:${g.items.length}`))).toEqual([
      ['Cambridge IGCSE:12'],
      ['Cambridge IGCSE (continued):3'],
    ]);
  });
});
