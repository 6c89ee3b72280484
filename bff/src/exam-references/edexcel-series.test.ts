import { parseDocumentFileName, type DocumentFileResult } from './document-file-name';
import { assignEdexcelSeries } from './edexcel-series';

const now = new Date('2026-01-15T12:00:00Z');
const batch = (...names: string[]): DocumentFileResult[] => names.map((n) => parseDocumentFileName(n, { now }));
const byName = (results: DocumentFileResult[], name: string) => results.find((r) => r.fileName === name)!;

describe('assignEdexcelSeries', () => {
  it('gives a mark scheme and a report the series of the question paper sat most recently before their publication', () => {
    const files = batch(
      'wph11-01-que-20230519.pdf',
      'wph11-01-que-20231005.pdf',
      'wph11-01-rms-20230817.pdf',
      'wph11-01-pef-20230817.pdf',
      'wph11-01-rms-20240111.pdf',
    );
    const out = assignEdexcelSeries(files);
    expect(byName(out, 'wph11-01-rms-20230817.pdf')).toMatchObject({
      year: 2023,
      session: 'May/June',
      sessionNeedsAssignment: false,
      attention: [],
      edexcel: {
        series: 'May/June',
        matchedQuestionPaper: 'wph11-01-que-20230519.pdf',
        date: '2023-08-17',
        dateMeaning: 'publication',
      },
    });
    expect(byName(out, 'wph11-01-pef-20230817.pdf')).toMatchObject({
      year: 2023,
      session: 'May/June',
      paper: null,
      attention: [],
    });
    // Dated January 2024, it belongs to the October/November 2023 paper: never read the series from its own date.
    expect(byName(out, 'wph11-01-rms-20240111.pdf')).toMatchObject({
      year: 2023,
      session: 'Oct/Nov',
      edexcel: { matchedQuestionPaper: 'wph11-01-que-20231005.pdf' },
    });
  });

  it('prefers the latest of several question papers within reach of the publication date', () => {
    const out = assignEdexcelSeries(
      batch('wch11-01-que-20231005.pdf', 'wch11-01-que-20240109.pdf', 'wch11-01-rms-20240307.pdf'),
    );
    expect(out[2]).toMatchObject({
      year: 2024,
      edexcel: { series: 'January', matchedQuestionPaper: 'wch11-01-que-20240109.pdf' },
    });
  });

  it('passes on a January question paper: the year is known, the session still needs the admin', () => {
    const out = assignEdexcelSeries(batch('wma11-01-que-20230110.pdf', 'wma11-01-rms-20230302.pdf'));
    expect(out[1]).toMatchObject({
      year: 2023,
      session: null,
      sessionNeedsAssignment: true,
      edexcel: { series: 'January', matchedQuestionPaper: 'wma11-01-que-20230110.pdf' },
      attention: [{ field: 'session', message: expect.stringContaining('January series') }],
    });
  });

  it('matches by unit, paper and tier, never across them', () => {
    const out = assignEdexcelSeries(
      batch(
        '1sc0-2bf-que-20220616.pdf',
        '1sc0-2bh-que-20220616.pdf',
        '1sc0-2bh-rms-20220825.pdf',
        'wph11-02-rms-20230817.pdf',
        'wph11-01-que-20230519.pdf',
      ),
    );
    expect(byName(out, '1sc0-2bh-rms-20220825.pdf')).toMatchObject({
      year: 2022,
      edexcel: { matchedQuestionPaper: '1sc0-2bh-que-20220616.pdf' },
    });
    expect(byName(out, 'wph11-02-rms-20230817.pdf')).toMatchObject({
      year: null,
      session: null,
      sessionNeedsAssignment: true,
      edexcel: { matchedQuestionPaper: null },
      attention: [{ field: 'series', message: expect.stringContaining('No question paper of WPH11 paper 02') }],
    });
  });

  it('flags a file published before every question paper, or long after the last one', () => {
    const out = assignEdexcelSeries(
      batch('wph11-01-que-20230110.pdf', 'wph11-01-rms-20230105.pdf', 'wph11-01-pef-20231201.pdf'),
    );
    for (const late of [out[1], out[2]]) {
      expect(late).toMatchObject({ year: null, session: null, edexcel: { matchedQuestionPaper: null } });
      expect(late!.kind === 'recognised' && late!.attention.map((a) => a.field)).toEqual(['series']);
    }
  });

  it('leaves every other result as it is, in order, and does not change its input', () => {
    const files = batch(
      '9702_s23_qp_12.pdf',
      'scan0001.pdf',
      '0610_s16_gt.pdf',
      'wph11-01-que-20230519.pdf',
      'wph11-01-rms-20230817.pdf',
    );
    const before = JSON.stringify(files);
    const out = assignEdexcelSeries(files);
    expect(out).toHaveLength(5);
    expect(out.slice(0, 4).every((r, i) => r === files[i])).toBe(true);
    expect(out[4]).not.toBe(files[4]);
    expect(JSON.stringify(files)).toBe(before);
    expect(assignEdexcelSeries([])).toEqual([]);
  });
});
