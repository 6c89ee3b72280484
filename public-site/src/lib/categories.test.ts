import { LEVELS } from '@ppl/shared-ui';
import { categoryFor } from './categories';

describe('categoryFor', () => {
  it('lists every level on /past-papers', () => {
    const all = categoryFor(undefined)!;
    expect(all.title).toBe('All Past Papers');
    expect(all.levels).toEqual(LEVELS);
  });

  it('gives each of the ten categories its own title and one level', () => {
    for (const level of LEVELS) {
      const category = categoryFor(level)!;
      expect(category.levels).toEqual([level]);
      expect(category.subtitle.length).toBeGreaterThan(20);
    }
    expect(categoryFor('cambridge-igcse')!.title).toBe('Cambridge IGCSE Past Papers');
    expect(categoryFor('edexcel-a-levels')!.title).toBe('Edexcel A Level Past Papers');
  });

  it('makes the footer and header words meaningful: every matching level', () => {
    expect(categoryFor('o-level')).toMatchObject({
      title: 'O Level Past Papers',
      levels: ['cambridge-o-levels', 'edexcel-o-levels'],
    });
    expect(categoryFor('a-level')!.levels).toEqual(['cambridge-a-levels', 'edexcel-a-levels']);
    expect(categoryFor('igcse')!.levels).toEqual(['cambridge-igcse', 'edexcel-igcse']);
    expect(categoryFor('cambridge')!.levels).toEqual(['cambridge-o-levels', 'cambridge-igcse', 'cambridge-a-levels']);
    expect(categoryFor('edexcel')!.levels).toEqual(['edexcel-o-levels', 'edexcel-igcse', 'edexcel-a-levels']);
  });

  it('reads the path case-insensitively and knows when a category does not exist', () => {
    expect(categoryFor('Cambridge-IGCSE')!.levels).toEqual(['cambridge-igcse']);
    expect(categoryFor('astrology')).toBeNull();
  });
});
