import { makePaper, makeSubject, summaryOf } from '../../../../test/fixtures';
import { popularSubjects, recentUploads } from './home-selections';
import { searchPapers } from './search-papers';

const physics = makeSubject({ name: 'Physics', code: '0625', level: 'cambridge-igcse' });
const maths = makeSubject({ name: 'Mathematics', code: '4MA1', level: 'edexcel-igcse' });
const economics = makeSubject({ name: 'Economics', code: '9708', level: 'cambridge-a-levels' });
const papers = [
  makePaper(physics, { year: 2022, session: 'May/June' }),
  makePaper(physics, { year: 2024, session: 'Oct/Nov' }),
  makePaper(maths, { year: 2023 }),
  makePaper(economics, { year: 2021 }),
].map(summaryOf);

describe('searchPapers', () => {
  it('matches the subject case-insensitively, results by subject then latest first', () => {
    expect(searchPapers(papers, 'PHYS').map((p) => [p.subject, p.year])).toEqual([
      ['Physics', 2024],
      ['Physics', 2022],
    ]);
  });

  it('matches the code', () => {
    expect(searchPapers(papers, '4ma').map((p) => p.subject)).toEqual(['Mathematics']);
  });

  it('matches the level by value and by name', () => {
    expect(searchPapers(papers, 'edexcel-igcse').map((p) => p.subject)).toEqual(['Mathematics']);
    expect(searchPapers(papers, 'a level').map((p) => p.subject)).toEqual(['Economics']);
    expect(searchPapers(papers, 'igcse')).toHaveLength(3);
  });

  it('finds nothing for an empty term or a miss', () => {
    expect(searchPapers(papers, '   ')).toEqual([]);
    expect(searchPapers(papers, 'astrology')).toEqual([]);
  });
});

describe('home selections', () => {
  it('popular subjects: the four with most papers, ties by name', () => {
    const subjects = [
      makeSubject({ name: 'Zoology', code: 'Z', paper_count: 5 }),
      makeSubject({ name: 'Art', code: 'A', paper_count: 1 }),
      makeSubject({ name: 'Biology', code: 'B', paper_count: 5 }),
      makeSubject({ name: 'Chemistry', code: 'C', paper_count: 9 }),
      makeSubject({ name: 'Drama', code: 'D', paper_count: 2 }),
    ];
    expect(popularSubjects(subjects).map((s) => s.name)).toEqual(['Chemistry', 'Biology', 'Zoology', 'Drama']);
  });

  it('recent uploads: the six most recently updated papers', () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      summaryOf(makePaper(physics, { id: i + 1, updated_at: `2026-0${i + 1}-01T00:00:00.000Z` })),
    );
    expect(recentUploads(many).map((p) => p.id)).toEqual([9, 8, 7, 6, 5, 4]);
  });
});
