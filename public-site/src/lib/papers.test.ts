import { compareLatestFirst, groupByYearSession, sessionRank, yearSessionLabel } from './papers';

describe('papers helpers', () => {
  it('orders the series of a year Feb/March < May/June < Oct/Nov, with normalised names too', () => {
    expect(sessionRank('Feb/March')).toBeLessThan(sessionRank('May/June'));
    expect(sessionRank('May/June')).toBeLessThan(sessionRank('Oct/Nov'));
    expect(sessionRank('w')).toBe(sessionRank('Oct/Nov'));
    expect(sessionRank('summer')).toBe(sessionRank('May/June'));
  });

  it('sorts latest first by year, then series', () => {
    const items = [
      { year: 2023, session: 'Oct/Nov' },
      { year: 2024, session: 'Feb/March' },
      { year: 2024, session: 'Oct/Nov' },
      { year: 2024, session: 'May/June' },
    ];
    expect([...items].sort(compareLatestFirst).map(yearSessionLabel)).toEqual([
      'Oct/Nov 2024',
      'May/June 2024',
      'Feb/March 2024',
      'Oct/Nov 2023',
    ]);
  });

  it('shows sessions through the display normalisation (spec section 4)', () => {
    expect(yearSessionLabel({ year: 2022, session: 'w' })).toBe('Winter 2022');
    expect(yearSessionLabel({ year: 2022, session: 'june' })).toBe('Summer 2022');
    expect(yearSessionLabel({ year: 2022, session: 'sp' })).toBe('Spring 2022');
    expect(yearSessionLabel({ year: 2022, session: '' })).toBe('Annual 2022');
    expect(yearSessionLabel({ year: 2022, session: 'mock exams' })).toBe('Mock exams 2022');
  });

  it('groups by year and normalised session in order of first appearance', () => {
    const groups = groupByYearSession([
      { id: 1, year: 2024, session: 'Oct/Nov' },
      { id: 2, year: 2023, session: 'w' },
      { id: 3, year: 2024, session: 'Oct/Nov' },
      { id: 4, year: 2023, session: 'Winter' },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Oct/Nov 2024', [1, 3]],
      ['Winter 2023', [2, 4]],
    ]);
  });
});
