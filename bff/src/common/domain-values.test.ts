import { levelsForCategory, maxMarkSchemeYear, maxPaperYear } from './domain-values';

describe('domain values', () => {
  it('maps public categories to levels (a level itself, or the footer and header links)', () => {
    expect(levelsForCategory('cambridge-igcse')).toEqual(['cambridge-igcse']);
    expect(levelsForCategory('igcse')).toEqual(['cambridge-igcse', 'edexcel-igcse']);
    expect(levelsForCategory('o-level')).toEqual(['cambridge-o-levels', 'edexcel-o-levels']);
    expect(levelsForCategory('a-level')).toEqual(['cambridge-a-levels', 'edexcel-a-levels']);
    expect(levelsForCategory('Cambridge')).toEqual(['cambridge-o-levels', 'cambridge-a-levels', 'cambridge-igcse']);
    expect(levelsForCategory('nothing')).toEqual([]);
  });

  it('computes year bounds from the given date', () => {
    expect(maxPaperYear(new Date('2026-11-22'))).toBe(2031);
    expect(maxMarkSchemeYear(new Date('2026-11-22'))).toBe(2036);
  });
});
