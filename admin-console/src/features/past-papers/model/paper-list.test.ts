import type { PastPaper } from '@ppl/shared-ui';
import { filterOptions, filterPapers, isFiltered, sortPapers, type PaperFilters } from './paper-list';

const paper = (
  id: number,
  subject: string,
  code: string,
  level: PastPaper['level'],
  year: number,
  session: string,
): PastPaper => ({
  linked_documents: [],
  id,
  subject_id: id,
  subject,
  subject_name: subject,
  subject_code: code,
  subject_level: level,
  code,
  level,
  year,
  session,
  created_at: '',
  updated_at: '',
  variants: [],
});

const PAPERS = [
  paper(1, 'physics', '0625', 'cambridge-igcse', 2023, 'May/June'),
  paper(2, 'Biology', '0610', 'cambridge-igcse', 2021, 'Oct/Nov'),
  paper(3, 'Physics 2', '5054', 'cambridge-o-levels', 2025, 'Feb/March'),
];
const none: PaperFilters = { q: '', subject: '', level: '', year: '', session: '' };

describe('filterPapers', () => {
  it('searches subject, code, year and session case-insensitively', () => {
    expect(filterPapers(PAPERS, { ...none, q: 'PHYS' }).map((p) => p.id)).toEqual([1, 3]);
    expect(filterPapers(PAPERS, { ...none, q: '0610' }).map((p) => p.id)).toEqual([2]);
    expect(filterPapers(PAPERS, { ...none, q: '2025' }).map((p) => p.id)).toEqual([3]);
    expect(filterPapers(PAPERS, { ...none, q: 'june' }).map((p) => p.id)).toEqual([1]);
  });

  it('filters subject, level and session by substring and the year exactly', () => {
    expect(filterPapers(PAPERS, { ...none, subject: 'Physics' }).map((p) => p.id)).toEqual([1, 3]);
    expect(filterPapers(PAPERS, { ...none, level: 'igcse' }).map((p) => p.id)).toEqual([1, 2]);
    expect(filterPapers(PAPERS, { ...none, session: 'Oct' }).map((p) => p.id)).toEqual([2]);
    expect(filterPapers(PAPERS, { ...none, year: '202' })).toEqual([]);
    expect(filterPapers(PAPERS, { ...none, year: '2021' }).map((p) => p.id)).toEqual([2]);
  });

  it('knows when anything is filtered', () => {
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, year: '2021' })).toBe(true);
  });
});

describe('sortPapers', () => {
  it('sorts case-insensitively in both directions', () => {
    expect(sortPapers(PAPERS, 'subject', 'asc').map((p) => p.id)).toEqual([2, 1, 3]);
    expect(sortPapers(PAPERS, 'subject', 'desc').map((p) => p.id)).toEqual([3, 1, 2]);
    expect(sortPapers(PAPERS, 'year', 'asc').map((p) => p.year)).toEqual([2021, 2023, 2025]);
  });
});

describe('filterOptions', () => {
  it('offers the values present in the data', () => {
    expect(filterOptions(PAPERS)).toEqual({
      subjects: ['Biology', 'physics', 'Physics 2'],
      levels: ['cambridge-igcse', 'cambridge-o-levels'],
      years: ['2025', '2023', '2021'],
      sessions: ['Feb/March', 'May/June', 'Oct/Nov'],
    });
  });
});
