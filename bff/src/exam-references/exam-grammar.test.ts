import { LEVELS, levelsForCategory } from '../common/domain-values';
import { parseDocumentFileName } from './document-file-name';
import {
  BOARD_PHRASES,
  CAMBRIDGE_DOCUMENT_CODES,
  DOCUMENT_TYPE_PHRASES,
  EDEXCEL_DOCUMENT_CODES,
  LEVEL_PHRASES,
  MONTH_WORDS,
  SEASON_WORDS,
  SERIES_OF_MONTH,
  levelOfCbcGrade,
  parseCompactDate,
  suggestedLevelOfCode,
  variantNaming,
  yearOfTwoDigits,
} from './exam-grammar';
import { parseSearchQuery } from './search-query';
import { SUBJECT_NAMES, SUBJECT_SHORT_FORMS } from './subject-vocabulary';

const now = new Date('2026-01-15T12:00:00Z');

describe('exam grammar: one set of tables for file names and queries', () => {
  it('gives each phrase one meaning across all the word tables', () => {
    const tables = [
      DOCUMENT_TYPE_PHRASES,
      LEVEL_PHRASES,
      BOARD_PHRASES,
      MONTH_WORDS,
      SEASON_WORDS,
      SUBJECT_SHORT_FORMS,
      Object.fromEntries(SUBJECT_NAMES.map((n) => [n, n])),
    ];
    const seen = new Map<string, number>();
    tables.forEach((table, index) => {
      for (const phrase of Object.keys(table)) {
        expect([phrase, seen.get(phrase) ?? index]).toEqual([phrase, index]);
        seen.set(phrase, index);
      }
    });
    expect(Object.values(SUBJECT_SHORT_FORMS).every((name) => SUBJECT_NAMES.includes(name))).toBe(true);
  });

  it.each(Object.entries(CAMBRIDGE_DOCUMENT_CODES).filter(([, c]) => 'type' in c))(
    'Cambridge code %s means the same in a file name and a query',
    (code, meaning) => {
      const type = 'type' in meaning ? meaning.type : null;
      expect(parseDocumentFileName(`9702_s23_${code}_12.pdf`, { now })).toMatchObject({
        kind: 'recognised',
        documentType: type,
      });
      expect(parseSearchQuery(`9702 s23 ${code} 12`, { now })).toMatchObject({ documentType: type, freeWords: [] });
    },
  );

  it.each(Object.entries(EDEXCEL_DOCUMENT_CODES))(
    'Edexcel code %s means the same in a file name and a query',
    (code, meaning) => {
      const type = 'type' in meaning ? meaning.type : null;
      expect(parseDocumentFileName(`wph11-01-${code}-20230519.pdf`, { now })).toMatchObject({
        kind: 'recognised',
        documentType: type,
      });
      expect(parseSearchQuery(`wph11 01 ${code}`, { now })).toMatchObject({ documentType: type, freeWords: [] });
    },
  );

  it('maps every month word to the series of that month, as Edexcel exam dates are', () => {
    for (const [word, month] of Object.entries(MONTH_WORDS)) {
      const series = SERIES_OF_MONTH[month];
      const q = parseSearchQuery(word, { now });
      expect([word, q.januarySeries ? 'January' : q.session]).toEqual([word, series]);
      const file = parseDocumentFileName(`wph11-01-que-2023${String(month).padStart(2, '0')}10.pdf`, { now });
      expect(file.kind === 'recognised' && file.board === 'edexcel' && file.edexcel.series).toBe(series);
    }
  });

  it('names only real product levels', () => {
    for (const category of Object.values(LEVEL_PHRASES)) {
      const levels = levelsForCategory(category);
      expect([category, levels.length > 0 && levels.every((l) => (LEVELS as readonly string[]).includes(l))]).toEqual([
        category,
        true,
      ]);
    }
  });
});

describe('exam grammar: helpers', () => {
  it('names variants as the product does', () => {
    expect(variantNaming(1, 2)).toEqual({ name: 'Paper 12', slug: 'paper-12', version: 12 });
    expect(variantNaming(1, null)).toEqual({ name: 'Paper 1', slug: 'paper-1', version: 1 });
    expect(variantNaming(2, null, 'bh')).toEqual({ name: 'Paper 2BH', slug: 'paper-2bh', version: 2 });
  });

  it('files CBC grades 1 to 6 as primary and 7 to 12 as secondary', () => {
    expect([1, 6, 7, 9, 12].map(levelOfCbcGrade)).toEqual([
      'cbc-primary',
      'cbc-primary',
      'cbc-secondary',
      'cbc-secondary',
      'cbc-secondary',
    ]);
    expect([0, 13, 2.5, Number.NaN].map(levelOfCbcGrade)).toEqual([null, null, null, null]);
  });

  it('suggests a level from the shape of a code', () => {
    expect(['0580', '5054', '9702', '8021'].map((c) => suggestedLevelOfCode('cambridge', c))).toEqual([
      'cambridge-igcse',
      'cambridge-o-levels',
      'cambridge-a-levels',
      'cambridge-a-levels',
    ]);
    expect(['WPH11', 'yma01', '6PH01', '4MA1', '1MA1', 'x'].map((c) => suggestedLevelOfCode('edexcel', c))).toEqual([
      'edexcel-a-levels',
      'edexcel-a-levels',
      'edexcel-a-levels',
      'edexcel-igcse',
      null,
      null,
    ]);
  });

  it('reads two-digit years up to five years ahead, older ones in the 1900s', () => {
    expect([0, 23, 31, 32, 99].map((yy) => yearOfTwoDigits(yy, now))).toEqual([2000, 2023, 2031, 1932, 1999]);
  });

  it('accepts only real calendar dates', () => {
    expect(parseCompactDate('20240229')).toEqual({ iso: '2024-02-29', year: 2024, month: 2 });
    expect(['20230229', '20231301', '20230100', '2023011', 'abcdefgh'].map(parseCompactDate)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
