import type { Level } from '../common/domain-values';
import { parseSearchQuery, type InterpretedQuery } from './search-query';

const now = new Date('2026-01-15T12:00:00Z');
const parse = (q: string): InterpretedQuery => parseSearchQuery(q, { now });
type Expected = Partial<InterpretedQuery>;

const p12 = { paper: 1, variant: 2, variantName: 'Paper 12' };
const mj23 = { year: 2023, session: 'May/June' as const };
const caie = (subjectCode: string) => ({ board: 'cambridge' as const, subjectCode });
const none: Expected = { freeWords: [], freeText: '' };

describe('parseSearchQuery: Cambridge references', () => {
  it.each<[string, Expected]>([
    ['9702_s23_qp_12', { ...caie('9702'), ...mj23, ...p12, documentType: 'question-paper', ...none }],
    ['9702 s23 12', { ...caie('9702'), ...mj23, ...p12, documentType: null, ...none }],
    ['9702/12/M/J/23', { ...caie('9702'), ...mj23, ...p12, ...none }],
    [
      '9702 w22 ms 42',
      {
        ...caie('9702'),
        year: 2022,
        session: 'Oct/Nov',
        paper: 4,
        variant: 2,
        variantName: 'Paper 42',
        documentType: 'mark-scheme',
        ...none,
      },
    ],
    ['9702 may june 2023 paper 1', { ...caie('9702'), ...mj23, paper: 1, variant: null, variantName: null, ...none }],
    ['0580/42/O/N/22', { ...caie('0580'), year: 2022, session: 'Oct/Nov', paper: 4, variant: 2, ...none }],
    ['0625/31/F/M/24', { ...caie('0625'), year: 2024, session: 'Feb/March', paper: 3, variant: 1, ...none }],
    ['9702 s 23 12', { ...caie('9702'), ...mj23, ...p12, ...none }],
    ['9702 MJ23', { ...caie('9702'), ...mj23, paper: null, ...none }],
    [
      '0620 on22 qp 41',
      {
        ...caie('0620'),
        year: 2022,
        session: 'Oct/Nov',
        paper: 4,
        variant: 1,
        documentType: 'question-paper',
        ...none,
      },
    ],
    [
      '9709_W21_MS_32',
      { ...caie('9709'), year: 2021, session: 'Oct/Nov', paper: 3, variant: 2, documentType: 'mark-scheme', ...none },
    ],
    [
      '9709_w21_ms_32.pdf',
      { ...caie('9709'), year: 2021, session: 'Oct/Nov', paper: 3, variant: 2, documentType: 'mark-scheme', ...none },
    ],
    ['9702-s23-er', { ...caie('9702'), ...mj23, documentType: 'examiner-report', paper: null, ...none }],
    ['9702 s23 examiner report', { ...caie('9702'), ...mj23, documentType: 'examiner-report', ...none }],
    ["examiner's report 9702", { ...caie('9702'), documentType: 'examiner-report', ...none }],
    ['0580 mark scheme 2023', { ...caie('0580'), year: 2023, session: null, documentType: 'mark-scheme', ...none }],
    ['9702 2023', { ...caie('9702'), year: 2023, ...none }],
    ['2059 2023', { ...caie('2059'), year: 2023, ...none }],
    ['2010 2019', { ...caie('2010'), year: 2019, ...none }],
    ['9702 12', { ...caie('9702'), ...p12, year: null, ...none }],
    ['0610 s08 1', { ...caie('0610'), year: 2008, session: 'May/June', paper: 1, variant: null, ...none }],
    ['9702 s23 2023', { ...caie('9702'), ...mj23, ...none }],
    ['9702 s23 2022', { ...caie('9702'), ...mj23, freeWords: ['2022'] }],
    ['9702 12 13', { ...caie('9702'), ...p12, freeWords: ['13'] }],
    ['qp ms 9702', { ...caie('9702'), documentType: 'question-paper', freeWords: ['ms'] }],
    ['9702 y25', { ...caie('9702'), year: null, session: null, freeWords: ['y25'] }],
    [
      'cambridge physics 12',
      {
        board: 'cambridge',
        subjectNames: ['physics'],
        ...p12,
        levels: ['cambridge-o-levels', 'cambridge-a-levels', 'cambridge-igcse'],
        ...none,
      },
    ],
  ])('%j', (query, expected) => {
    expect(parse(query)).toMatchObject({ original: query, ...expected });
  });
});

describe('parseSearchQuery: Pearson Edexcel references', () => {
  const edx = (subjectCode: string) => ({ board: 'edexcel' as const, subjectCode });
  it.each<[string, Expected]>([
    ['wph11 jan 2023', { ...edx('WPH11'), year: 2023, session: null, januarySeries: true, ...none }],
    ['WPH11 January 2023', { ...edx('WPH11'), year: 2023, januarySeries: true, ...none }],
    [
      '4PH1 1P',
      { ...edx('4PH1'), paper: 1, variant: null, paperSuffix: 'P', tier: null, variantName: 'Paper 1P', ...none },
    ],
    ['4MA1/1H', { ...edx('4MA1'), paper: 1, paperSuffix: 'H', tier: 'H', variantName: 'Paper 1H', ...none }],
    ['1sc0 2bh', { ...edx('1SC0'), paper: 2, paperSuffix: 'BH', tier: 'H', variantName: 'Paper 2BH', ...none }],
    [
      'wma11 01 rms',
      { ...edx('WMA11'), paper: 1, paperSuffix: null, variantName: 'Paper 1', documentType: 'mark-scheme', ...none },
    ],
    [
      'wph11 paper 2 summer 2022',
      { ...edx('WPH11'), paper: 2, variantName: 'Paper 2', year: 2022, session: 'May/June', ...none },
    ],
    [
      'wph11-01-que-20230110',
      {
        ...edx('WPH11'),
        paper: 1,
        documentType: 'question-paper',
        year: 2023,
        januarySeries: true,
        session: null,
        ...none,
      },
    ],
    ['wch11-01-que-20231005', { ...edx('WCH11'), year: 2023, session: 'Oct/Nov', januarySeries: false, ...none }],
    ['wph11-01-rms-20240111', { ...edx('WPH11'), documentType: 'mark-scheme', year: null, session: null, ...none }],
    ['pef wph11', { ...edx('WPH11'), documentType: 'examiner-report', ...none }],
    ['edexcel igcse chemistry', { board: 'edexcel', levels: ['edexcel-igcse'], subjectNames: ['chemistry'], ...none }],
    ['edexcel', { board: 'edexcel', levels: ['edexcel-o-levels', 'edexcel-a-levels', 'edexcel-igcse'], ...none }],
    ['ial physics', { levels: ['edexcel-a-levels'], subjectNames: ['physics'], ...none }],
  ])('%j', (query, expected) => {
    expect(parse(query)).toMatchObject({ original: query, ...expected });
  });
});

describe('parseSearchQuery: subjects, levels, sessions and words', () => {
  const igcse: Level[] = ['cambridge-igcse', 'edexcel-igcse'];
  const aLevels: Level[] = ['cambridge-a-levels', 'edexcel-a-levels'];
  it.each<[string, Expected]>([
    ['physics 2023 p12', { board: null, subjectCode: null, subjectNames: ['physics'], year: 2023, ...p12, ...none }],
    ['physics p4 v2', { subjectNames: ['physics'], paper: 4, variant: 2, variantName: 'Paper 42', ...none }],
    [
      'physics paper 4 variant 2',
      { subjectNames: ['physics'], paper: 4, variant: 2, variantName: 'Paper 42', ...none },
    ],
    ['physics qp 12', { subjectNames: ['physics'], documentType: 'question-paper', ...p12, ...none }],
    ['question paper physics 2021', { documentType: 'question-paper', subjectNames: ['physics'], year: 2021, ...none }],
    ['igcse physics', { levels: igcse, subjectNames: ['physics'], ...none }],
    ['IGCSE Physics', { levels: igcse, subjectNames: ['physics'], ...none }],
    [
      'cambridge igcse maths',
      { board: 'cambridge', levels: ['cambridge-igcse'], subjectNames: ['mathematics'], ...none },
    ],
    ['a level chemistry 2022', { levels: aLevels, subjectNames: ['chemistry'], year: 2022, ...none }],
    ['A-Level Physics', { levels: aLevels, subjectNames: ['physics'], ...none }],
    ['as level biology', { levels: aLevels, subjectNames: ['biology'], ...none }],
    ['o level econ', { levels: ['cambridge-o-levels', 'edexcel-o-levels'], subjectNames: ['economics'], ...none }],
    ['cbc', { levels: ['cbc-primary', 'cbc-secondary'], ...none }],
    ['grade 7 science', { levels: ['cbc-secondary'], grade: 7, subjectNames: ['science'], ...none }],
    ['grade 4 maths', { levels: ['cbc-primary'], grade: 4, subjectNames: ['mathematics'], ...none }],
    [
      'cbc grade 9 integrated science',
      { levels: ['cbc-secondary'], grade: 9, subjectNames: ['integrated science'], ...none },
    ],
    ['Grade6 kiswahili', { levels: ['cbc-primary'], grade: 6, subjectNames: ['kiswahili'], ...none }],
    ['grade 13', { levels: [], grade: null, freeWords: ['grade', '13'] }],
    ['maths', { subjectNames: ['mathematics'], ...none }],
    ['math bio chem phy', { subjectNames: ['mathematics', 'biology', 'chemistry', 'physics'], ...none }],
    ['phys econ', { subjectNames: ['physics', 'economics'], ...none }],
    ['comp sci', { subjectNames: ['computer science'], ...none }],
    ['cs paper 2', { subjectNames: ['computer science'], paper: 2, ...none }],
    ['eng lit', { subjectNames: ['english literature'], ...none }],
    ['add maths 2022', { subjectNames: ['additional mathematics'], year: 2022, ...none }],
    ['bus studies', { subjectNames: ['business studies'], ...none }],
    ['acc', { subjectNames: ['accounting'], ...none }],
    ['accounts geog hist', { subjectNames: ['accounting', 'geography', 'history'], ...none }],
    ['may june 2023', { ...mj23, ...none }],
    ['summer 2022', { year: 2022, session: 'May/June', ...none }],
    ['winter 2021', { year: 2021, session: 'Oct/Nov', ...none }],
    ['nov 2020', { year: 2020, session: 'Oct/Nov', ...none }],
    ['October November', { session: 'Oct/Nov', ...none }],
    ['feb march 2024', { year: 2024, session: 'Feb/March', ...none }],
    ['jan', { januarySeries: true, session: null, ...none }],
    ['may june november', { session: 'May/June', freeWords: ['november'] }],
    ['past papers physics pdf', { subjectNames: ['physics'], ...none }],
    [
      'photosynthesis biology',
      { subjectNames: ['biology'], freeWords: ['photosynthesis'], freeText: 'photosynthesis' },
    ],
    ['free fall physics', { subjectNames: ['physics'], freeWords: ['free', 'fall'], freeText: 'free fall' }],
    ['physics 12', { subjectNames: ['physics'], paper: null, freeWords: ['12'] }],
    ['Física 2023', { year: 2023, freeWords: ['Física'] }],
    ['ＩＧＣＳＥ ９７０２', { ...caie('9702'), levels: ['cambridge-igcse'], ...none }],
  ])('%j', (query, expected) => {
    expect(parse(query)).toMatchObject({ original: query, ...expected });
  });
});

describe('parseSearchQuery: typos pass through untouched for the trigram search', () => {
  it.each<[string, string[], Expected]>([
    ['phsyics', ['phsyics'], {}],
    ['Phsyics 2023', ['Phsyics'], { year: 2023 }],
    ['igcse chemestry', ['chemestry'], { levels: ['cambridge-igcse', 'edexcel-igcse'] }],
    ['mathmatics p2', ['mathmatics'], { paper: 2 }],
    ['bilogy mark sheme', ['bilogy', 'mark', 'sheme'], {}],
    ['9702 s23 qp 12 phyiscs', ['phyiscs'], { ...caie('9702'), ...p12 }],
  ])('%j', (query, freeWords, expected) => {
    expect(parse(query)).toMatchObject({ freeWords, freeText: freeWords.join(' '), subjectNames: [], ...expected });
  });
});

describe('parseSearchQuery: what students type into the header search', () => {
  it.each<[string, Expected]>([
    ['9702_s23_qp_12 (1).pdf', { ...caie('9702'), ...mj23, ...p12, documentType: 'question-paper', ...none }],
    [
      '0580 s22 qp 42 igcse maths',
      { ...caie('0580'), year: 2022, paper: 4, variant: 2, subjectNames: ['mathematics'], ...none },
    ],
    ['0625 w21 er', { ...caie('0625'), year: 2021, session: 'Oct/Nov', documentType: 'examiner-report', ...none }],
    ['phy p4 2021 ms', { subjectNames: ['physics'], paper: 4, year: 2021, documentType: 'mark-scheme', ...none }],
    ['chem nov 2022 paper 2', { subjectNames: ['chemistry'], session: 'Oct/Nov', year: 2022, paper: 2, ...none }],
    [
      '4MA1 1H jan 2022',
      { board: 'edexcel', subjectCode: '4MA1', paper: 1, tier: 'H', januarySeries: true, year: 2022, ...none },
    ],
    [
      'WMA11 01 summer 2021 mark scheme',
      {
        board: 'edexcel',
        subjectCode: 'WMA11',
        paper: 1,
        year: 2021,
        session: 'May/June',
        documentType: 'mark-scheme',
        ...none,
      },
    ],
    ['a level bio 9700 m24', { ...caie('9700'), year: 2024, session: 'Feb/March', subjectNames: ['biology'], ...none }],
    [
      'comp sci 0478 on23',
      { ...caie('0478'), year: 2023, session: 'Oct/Nov', subjectNames: ['computer science'], ...none },
    ],
    ['phsyics s23 qp', { year: 2023, session: 'May/June', documentType: 'question-paper', freeWords: ['phsyics'] }],
    ['econ photosynthesis', { subjectNames: ['economics'], freeWords: ['photosynthesis'] }],
  ])('%j', (query, expected) => {
    expect(parse(query)).toMatchObject({ original: query, ...expected });
  });
});

describe('parseSearchQuery: junk never throws', () => {
  const empty: Expected = {
    board: null,
    subjectCode: null,
    subjectNames: [],
    levels: [],
    year: null,
    session: null,
    paper: null,
    documentType: null,
  };
  it.each<[string, string, Expected]>([
    ['empty', '', { ...empty, ...none }],
    ['blank', '   \t\n', { ...empty, ...none }],
    ['1,000 letters', 'a'.repeat(1000), { ...empty, freeWords: ['a'.repeat(1000)] }],
    ['1,000 characters of codes', '9702 '.repeat(200), { ...caie('9702'), ...none }],
    [
      '1,000 characters of mixed words',
      'maths 2023 '.repeat(91),
      { subjectNames: ['mathematics'], year: 2023, ...none },
    ],
    ['SQL injection', "'; DROP TABLE subjects; --", { ...empty, freeWords: ['DROP', 'TABLE', 'subjects'] }],
    ['SQL wildcards', "%' OR 1=1 --", { ...empty, freeWords: ['OR', '1', '1'] }],
    ['LIKE specials', '%_\\%', { ...empty, ...none }],
    [
      'tsquery operators',
      'physics & !(mark | scheme):*',
      { subjectNames: ['physics'], documentType: 'mark-scheme', ...none },
    ],
    ['emoji', '📚🔥 physics 2023 😀', { subjectNames: ['physics'], year: 2023, ...none }],
    ['emoji only', '👩🏽‍🎓🧪', { ...empty, ...none }],
    ['markup', '<script>alert(1)</script>', { ...empty, freeWords: ['script', 'alert', '1', 'script'] }],
    ['control characters', '\u0000\u0007 9702 \u001b[0m', { ...caie('9702'), freeWords: ['0m'] }],
    ['right-to-left text', 'فيزياء 2023', { year: 2023, freeWords: ['فيزياء'] }],
    ['lone surrogate', '\ud83d physics', { subjectNames: ['physics'], ...none }],
  ])('%s', (_label, query, expected) => {
    expect(parse(query)).toMatchObject({ original: query, ...expected });
  });

  it('answers a non-string as an empty query', () => {
    expect(parseSearchQuery(undefined as unknown as string)).toMatchObject({
      original: '',
      freeText: '',
      subjectCode: null,
    });
  });
});

describe('parseSearchQuery: years', () => {
  it('reads four-digit years up to five years ahead of now, and codes beyond', () => {
    expect(parse('physics 2031')).toMatchObject({ year: 2031, subjectCode: null });
    expect(parse('physics 2032')).toMatchObject({ year: null, subjectCode: '2032' });
    expect(parseSearchQuery('physics 2032', { now: new Date('2027-03-01') })).toMatchObject({
      year: 2032,
      subjectCode: null,
    });
  });
});
