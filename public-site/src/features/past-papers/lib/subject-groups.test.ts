import { makePaper, makeSubject, makeVariant, summaryOf } from '../../../../test/fixtures';
import {
  applyPaperFilters,
  buildSubjectGroups,
  listingStats,
  searchSubjectGroups,
  sortSubjectGroups,
} from './subject-groups';

const physics = makeSubject({
  name: 'Physics',
  code: '0625',
  description: 'Motion, forces and energy.',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const biology = makeSubject({
  name: 'Biology',
  code: '0610',
  description: 'Cells and organisms.',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const art = makeSubject({
  name: 'Art and Design',
  code: '0990',
  description: null,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const alevel = makeSubject({ name: 'Economics', code: '9708', level: 'cambridge-a-levels' });

const papers = [
  makePaper(physics, { year: 2023, session: 'May/June', updated_at: '2026-02-01T00:00:00.000Z' }, [
    makeVariant({
      version: 1,
      mark_scheme_path: 'mark-schemes/a.pdf',
      document_downloads: 3,
      mark_scheme_downloads: 2,
      downloads: 5,
    }),
    makeVariant({ version: 2, downloads: 1, document_downloads: 1 }),
  ]),
  makePaper(physics, { year: 2024, session: 'Oct/Nov', updated_at: '2026-01-15T00:00:00.000Z' }),
  makePaper(biology, { year: 2024, session: 'Feb/March', updated_at: '2026-03-01T00:00:00.000Z' }, [
    makeVariant({
      mark_scheme_path: 'mark-schemes/b.pdf',
      examiner_report_path: 'examiner-reports/b.docx',
      downloads: 10,
    }),
  ]),
  makePaper(alevel, { year: 2022 }),
].map(summaryOf);

const groups = buildSubjectGroups([physics, biology, art, alevel], papers, ['cambridge-igcse']);

describe('buildSubjectGroups', () => {
  it('groups the papers of the listed levels by subject, latest first, subjects without papers included', () => {
    expect(groups.map((g) => [g.subject.name, g.papers.map((p) => `${p.session} ${p.year}`)])).toEqual([
      ['Physics', ['Oct/Nov 2024', 'May/June 2023']],
      ['Biology', ['Feb/March 2024']],
      ['Art and Design', []],
    ]);
  });

  it('counts papers, variants, mark schemes, examiner reports and downloads per subject', () => {
    const [p, b] = groups;
    expect(p).toMatchObject({
      paperCount: 2,
      variantCount: 3,
      markSchemeCount: 1,
      examinerReportCount: 0,
      downloads: 6,
    });
    expect(b).toMatchObject({
      paperCount: 1,
      variantCount: 1,
      markSchemeCount: 1,
      examinerReportCount: 1,
      downloads: 10,
    });
    expect(p!.lastUpdated).toBe('2026-02-01T00:00:00.000Z');
  });

  it('still lists a paper whose subject is missing from the subject list', () => {
    const orphan = makeSubject({ name: 'Geography', code: '0460' });
    const withOrphan = buildSubjectGroups([physics], [summaryOf(makePaper(orphan))], ['cambridge-igcse']);
    expect(withOrphan.map((g) => [g.subject.name, g.subject.code, g.paperCount])).toEqual([
      ['Physics', '0625', 0],
      ['Geography', '0460', 1],
    ]);
  });
});

describe('listing sorts', () => {
  const names = (sort: Parameters<typeof sortSubjectGroups>[1]) =>
    sortSubjectGroups(groups, sort).map((g) => g.subject.name);

  it('Subject Name: A to Z', () => expect(names('name')).toEqual(['Art and Design', 'Biology', 'Physics']));
  it('Subject Code: A to Z', () => expect(names('code')).toEqual(['Biology', 'Physics', 'Art and Design']));
  it('Number of Papers: most first', () => expect(names('papers')).toEqual(['Physics', 'Biology', 'Art and Design']));
  it('Recently Updated: newest first', () =>
    expect(names('updated')).toEqual(['Biology', 'Physics', 'Art and Design']));

  it('Subject Code compares codes naturally', () => {
    const coded = buildSubjectGroups(
      [
        makeSubject({ name: 'A', code: 'WPH11' }),
        makeSubject({ name: 'B', code: 'WPH2' }),
        makeSubject({ name: 'C', code: '4MA1' }),
        makeSubject({ name: 'D', code: '0478' }),
        makeSubject({ name: 'E', code: '9702' }),
        makeSubject({ name: 'F', code: '4CH1' }),
        makeSubject({ name: 'G', code: '0580' }),
      ],
      [],
      ['cambridge-igcse'],
    );
    // 0478 before 4CH1 (a numeric collation read 0478 as 478), WPH2 before WPH11.
    expect(sortSubjectGroups(coded, 'code').map((g) => g.subject.code)).toEqual([
      '0478',
      '0580',
      '4CH1',
      '4MA1',
      '9702',
      'WPH2',
      'WPH11',
    ]);
  });
});

describe('listing search, filters and stats', () => {
  it('searches name, code and description case-insensitively', () => {
    expect(searchSubjectGroups(groups, 'PHYS').map((g) => g.subject.name)).toEqual(['Physics']);
    expect(searchSubjectGroups(groups, '0610').map((g) => g.subject.name)).toEqual(['Biology']);
    expect(searchSubjectGroups(groups, 'organisms').map((g) => g.subject.name)).toEqual(['Biology']);
    expect(searchSubjectGroups(groups, 'astrology')).toEqual([]);
  });

  it('a year or session filter keeps matching papers and hides subjects left without any', () => {
    expect(applyPaperFilters(groups, { year: '2024' }).map((g) => [g.subject.name, g.paperCount])).toEqual([
      ['Physics', 1],
      ['Biology', 1],
    ]);
    expect(applyPaperFilters(groups, { session: 'May/June' }).map((g) => g.subject.name)).toEqual(['Physics']);
    expect(applyPaperFilters(groups, {})).toHaveLength(3);
  });

  it('adds up the stats: subjects, papers, mark schemes, downloads', () => {
    expect(listingStats(groups)).toEqual({ subjects: 3, papers: 3, markSchemes: 2, downloads: 16 });
  });
});
