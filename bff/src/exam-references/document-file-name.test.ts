import { parseDocumentFileName, type DocumentFileResult } from './document-file-name';

const now = new Date('2026-01-15T12:00:00Z');
const parse = (name: string): DocumentFileResult => parseDocumentFileName(name, { now });
const paper = (n: string, version: number) => ({ name: `Paper ${n}`, slug: `paper-${n.toLowerCase()}`, version });

describe('parseDocumentFileName: Cambridge names', () => {
  // name, subject code, year, session, document type, component, variant, variant naming
  it.each([
    ['9702_s23_qp_12.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702_s23_ms_12.pdf', '9702', 2023, 'May/June', 'mark-scheme', 1, 2, paper('12', 12)],
    ['0580_w22_qp_42.pdf', '0580', 2022, 'Oct/Nov', 'question-paper', 4, 2, paper('42', 42)],
    ['0625_m21_ms_32.pdf', '0625', 2021, 'Feb/March', 'mark-scheme', 3, 2, paper('32', 32)],
    ['0610_s08_qp_1.pdf', '0610', 2008, 'May/June', 'question-paper', 1, null, paper('1', 1)],
    ['0610_s08_ms_1.pdf', '0610', 2008, 'May/June', 'mark-scheme', 1, null, paper('1', 1)],
    ['5054_w19_qp_2.pdf', '5054', 2019, 'Oct/Nov', 'question-paper', 2, null, paper('2', 2)],
    ['9699_s17_1_3_qp.pdf', '9699', 2017, 'May/June', 'question-paper', 1, 3, paper('13', 13)],
    ['9702_s23_12_qp.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702_s23_qp_1_2.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702_s23_qp_12 (1).pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702_s23_qp_12(2).pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9709_s23_qp_12 - Copy.pdf', '9709', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9709_s23_qp_12 copy 2.pdf', '9709', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702-S23-QP-12.PDF', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['0620_S19_MS_22.pdf', '0620', 2019, 'May/June', 'mark-scheme', 2, 2, paper('22', 22)],
    ['9702 s23 qp 12.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702.s23.qp.12.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['9702__s23__qp__12.pdf', '9702', 2023, 'May/June', 'question-paper', 1, 2, paper('12', 12)],
    ['0478_w20_qp_12.docx', '0478', 2020, 'Oct/Nov', 'question-paper', 1, 2, paper('12', 12)],
    ['0478_w20_ms_12.DOC', '0478', 2020, 'Oct/Nov', 'mark-scheme', 1, 2, paper('12', 12)],
    ['downloads/2023/9709_s23_qp_31.pdf', '9709', 2023, 'May/June', 'question-paper', 3, 1, paper('31', 31)],
    [
      'C:\\Users\\amina\\Downloads\\0580_s23_qp_22.pdf',
      '0580',
      2023,
      'May/June',
      'question-paper',
      2,
      2,
      paper('22', 22),
    ],
    ['０５８０_ｓ23_qp_22.pdf', '0580', 2023, 'May/June', 'question-paper', 2, 2, paper('22', 22)],
    ['0580_s99_qp_1.pdf', '0580', 1999, 'May/June', 'question-paper', 1, null, paper('1', 1)],
    ['9702_s23_er.pdf', '9702', 2023, 'May/June', 'examiner-report', null, null, null],
    ['4024_w22_er.pdf', '4024', 2022, 'Oct/Nov', 'examiner-report', null, null, null],
    ['9706_m18_0_0_er.pdf', '9706', 2018, 'Feb/March', 'examiner-report', null, null, null],
    ['9702_s23_er_12.pdf', '9702', 2023, 'May/June', 'examiner-report', null, null, null],
    // More names as boards and mirrors publish them.
    ['9618_w23_qp_42.pdf', '9618', 2023, 'Oct/Nov', 'question-paper', 4, 2, paper('42', 42)],
    ['0625_s22_ms_62.pdf', '0625', 2022, 'May/June', 'mark-scheme', 6, 2, paper('62', 62)],
    ['0580_M24_QP_42.PDF', '0580', 2024, 'Feb/March', 'question-paper', 4, 2, paper('42', 42)],
    ['9709_w21_ms_33 (2).pdf', '9709', 2021, 'Oct/Nov', 'mark-scheme', 3, 3, paper('33', 33)],
    ['0455-w19-er.pdf', '0455', 2019, 'Oct/Nov', 'examiner-report', null, null, null],
    ['papers/2024/0620_s24_qp_41.docx', '0620', 2024, 'May/June', 'question-paper', 4, 1, paper('41', 41)],
  ])('%s', (name, subjectCode, year, session, documentType, component, variant, naming) => {
    const result = parse(name);
    expect(result).toMatchObject({
      kind: 'recognised',
      board: 'cambridge',
      fileName: name,
      subjectCode,
      year,
      session,
      sessionNeedsAssignment: false,
      documentType,
      component,
      variant,
      paper: naming,
      attention: [],
    });
  });

  it('keeps the extension in lower case and suggests a level from the syllabus code', () => {
    expect(parse('0478_w20_ms_12.DOC')).toMatchObject({ extension: 'doc', suggestedLevel: 'cambridge-igcse' });
    expect(parse('9702-S23-QP-12.PDF')).toMatchObject({
      extension: 'pdf',
      documentCode: 'qp',
      suggestedLevel: 'cambridge-a-levels',
    });
    expect(parse('5054_w19_qp_2.pdf')).toMatchObject({ suggestedLevel: 'cambridge-o-levels' });
  });

  it('recognises a question paper without a paper number and asks the admin for the variant', () => {
    expect(parse('9702_s23_qp.pdf')).toMatchObject({
      kind: 'recognised',
      documentType: 'question-paper',
      component: null,
      paper: null,
      attention: [{ field: 'paper', message: 'The name has no paper number: choose the variant.' }],
    });
  });
});

describe('parseDocumentFileName: Pearson Edexcel names', () => {
  // name, subject code, document type, year, session, paper naming, series key, tier
  it.each([
    ['wph11-01-que-20230519.pdf', 'WPH11', 'question-paper', 2023, 'May/June', paper('1', 1), 'WPH11/1', null],
    ['wma11-01-que-20230110.pdf', 'WMA11', 'question-paper', 2023, null, paper('1', 1), 'WMA11/1', null],
    ['wph11-01-que-20230110 (1).pdf', 'WPH11', 'question-paper', 2023, null, paper('1', 1), 'WPH11/1', null],
    ['wbi11-01-que-20231005.pdf', 'WBI11', 'question-paper', 2023, 'Oct/Nov', paper('1', 1), 'WBI11/1', null],
    ['4ma1-1h-que-20221108.pdf', '4MA1', 'question-paper', 2022, 'Oct/Nov', paper('1H', 1), '4MA1/1H', 'H'],
    ['4ma1-1hr-que-20230605.pdf', '4MA1', 'question-paper', 2023, 'May/June', paper('1HR', 1), '4MA1/1HR', 'H'],
    ['1aa0-1f-que-20230516.pdf', '1AA0', 'question-paper', 2023, 'May/June', paper('1F', 1), '1AA0/1F', 'F'],
    ['1sc0-2bh-que-20220616.pdf', '1SC0', 'question-paper', 2022, 'May/June', paper('2BH', 2), '1SC0/2BH', 'H'],
    ['4PH1-1P-QUE-20230524.PDF', '4PH1', 'question-paper', 2023, 'May/June', paper('1P', 1), '4PH1/1P', null],
    ['4ch1_1c_que_20230523.pdf', '4CH1', 'question-paper', 2023, 'May/June', paper('1C', 1), '4CH1/1C', null],
    ['6ph01-01-que-20180518.pdf', '6PH01', 'question-paper', 2018, 'May/June', paper('1', 1), '6PH01/1', null],
    ['9ma0-02-que-20220608.pdf', '9MA0', 'question-paper', 2022, 'May/June', paper('2', 2), '9MA0/2', null],
    ['wch11-01-que-20210305.docx', 'WCH11', 'question-paper', 2021, 'Feb/March', paper('1', 1), 'WCH11/1', null],
    ['wph11-01-rms-20230302.pdf', 'WPH11', 'mark-scheme', null, null, paper('1', 1), 'WPH11/1', null],
    ['wma11-01-msc-20230817.pdf', 'WMA11', 'mark-scheme', null, null, paper('1', 1), 'WMA11/1', null],
    ['wch11-01-ms-20190815.pdf', 'WCH11', 'mark-scheme', null, null, paper('1', 1), 'WCH11/1', null],
    ['wph11-01-pef-20230302.pdf', 'WPH11', 'examiner-report', null, null, null, 'WPH11/1', null],
    // More names as Pearson publishes them.
    ['wma12-01-que-20231009.pdf', 'WMA12', 'question-paper', 2023, 'Oct/Nov', paper('1', 1), 'WMA12/1', null],
    ['WCH12_01_rms_20240111.pdf', 'WCH12', 'mark-scheme', null, null, paper('1', 1), 'WCH12/1', null],
    ['wst01 01 que 20230523.pdf', 'WST01', 'question-paper', 2023, 'May/June', paper('1', 1), 'WST01/1', null],
    ['4ma1-2f-que-20230613 (1).pdf', '4MA1', 'question-paper', 2023, 'May/June', paper('2F', 2), '4MA1/2F', 'F'],
  ])('%s', (name, subjectCode, documentType, year, session, naming, seriesKey, tier) => {
    const result = parse(name);
    expect(result).toMatchObject({
      kind: 'recognised',
      board: 'edexcel',
      subjectCode,
      documentType,
      year,
      session,
      sessionNeedsAssignment: session === null,
      variant: null,
      paper: naming,
      edexcel: { seriesKey, tier, matchedQuestionPaper: null },
    });
  });

  it('reads a question paper date as the exam date and flags a January series for the admin', () => {
    expect(parse('wma11-01-que-20230110.pdf')).toMatchObject({
      edexcel: {
        unit: 'WMA11',
        paper: '01',
        paperNumber: 1,
        date: '2023-01-10',
        dateMeaning: 'exam',
        series: 'January',
      },
      attention: [
        {
          field: 'session',
          message: 'January series (sat 2023-01-10): the library has no January session, choose the session for it.',
        },
      ],
    });
  });

  it('flags an exam month outside every session', () => {
    expect(parse('wme01-01-que-20240419.pdf')).toMatchObject({
      year: 2024,
      session: null,
      sessionNeedsAssignment: true,
      edexcel: { series: null },
      attention: [
        {
          field: 'session',
          message: "Sat in April (2024-04-19), outside the library's sessions: choose the session for it.",
        },
      ],
    });
  });

  it('reads a mark scheme or report date as a publication date: year and session wait for the question paper', () => {
    expect(parse('wph11-01-rms-20240111.pdf')).toMatchObject({
      year: null,
      session: null,
      sessionNeedsAssignment: true,
      component: 1,
      edexcel: { date: '2024-01-11', dateMeaning: 'publication', series: null },
      attention: [{ field: 'series', message: expect.stringContaining('publication date') }],
    });
    expect(parse('wph11-01-pef-20230302.pdf')).toMatchObject({
      component: null,
      paper: null,
      suggestedLevel: 'edexcel-a-levels',
    });
  });

  it('splits the paper part into number, option and tier', () => {
    expect(parse('1sc0-2bh-que-20220616.pdf')).toMatchObject({
      component: 2,
      edexcel: { paper: '2BH', paperNumber: 2, option: 'B', tier: 'H' },
    });
    expect(parse('4ma1-1hr-que-20230605.pdf')).toMatchObject({
      edexcel: { option: 'R', tier: 'H' },
      suggestedLevel: 'edexcel-igcse',
    });
    expect(parse('1aa0-1f-que-20230516.pdf')).toMatchObject({
      edexcel: { option: null, tier: 'F' },
      suggestedLevel: null,
    });
  });
});

describe('parseDocumentFileName: documents the library does not store', () => {
  it.each([
    ['0610_s16_gt.pdf', 'gt', /^Grade thresholds are not stored/],
    ['0625_s23_in_41.pdf', 'in', /^Inserts are not stored/],
    ['0625_s23_ci_51.pdf', 'ci', /^Confidential instructions are not stored/],
    ['0580_y25_sp_1.pdf', 'sp', /^Specimen material/],
    ['0580_y25_sm_1.pdf', 'sm', /^Specimen material/],
    ['9702_y25_qp_1.pdf', 'qp', /^Specimen material/],
    ['0580_s23_sp_1.pdf', 'sp', /^Specimen papers are not stored/],
    ['0470_s23_rb_13.pdf', 'rb', /^Resource booklets are not stored/],
    ['9618_s23_un_42.pdf', 'un', /^Update notices are not stored/],
    ['0417_S23_SF_21.PDF', 'sf', /unconfirmed/],
    ['2281_w21_pm_2.pdf', 'pm', /unconfirmed/],
  ])('%s is skipped with its reason', (name, documentCode, reason) => {
    const result = parse(name);
    expect(result).toMatchObject({ kind: 'skipped', board: 'cambridge', fileName: name, documentCode });
    expect(result.kind === 'skipped' && result.reason).toMatch(reason);
  });

  it('still says which syllabus and series a skipped file belongs to', () => {
    expect(parse('0610_s16_gt.pdf')).toMatchObject({ subjectCode: '0610', year: 2016, session: 'May/June' });
    expect(parse('0580_y25_sp_1.pdf')).toMatchObject({ subjectCode: '0580', year: 2025, session: null });
  });
});

describe('parseDocumentFileName: names it cannot trust', () => {
  it.each([
    ['Physics Paper 1 2023.pdf', /does not start with a Cambridge syllabus code/],
    ['313-1-kcse-2019.pdf', /does not start with a Cambridge syllabus code/],
    ['scan0001.pdf', /does not start/],
    ['KPSEA 2023 Mathematics.pdf', /does not start/],
    ['9702_s23_qp_12.zip', /^A \.zip file is not a document/],
    ['9702_s23_qp_12.jpg', /^A \.jpg file/],
    ['9702_s23_qp_12', /no file extension/],
    ['9702_x23_qp_12.pdf', /'x23' after syllabus 9702 is not a Cambridge series/],
    ['9702_2023_qp_12.pdf', /'2023' after syllabus 9702 is not a Cambridge series/],
    ['9702_s23_xx_12.pdf', /'xx' is not a Cambridge document type/],
    ['9702_s23_qp_123.pdf', /'123' is not a component and variant/],
    ['9702_s23_qp_12_revised.pdf', /'qp 12 revised' is not a Cambridge document type/],
    ['9702_s23.pdf', /is not a Cambridge document type with an optional paper number/],
    ['wph11-01-que.pdf', /four parts/],
    ['wph11-01-que-20231332.pdf', /'20231332' is not a date/],
    ['wph11-01-abc-20230110.pdf', /'abc' is not an Edexcel document type/],
    ['wph11-xx-que-20230110.pdf', /'xx' is not an Edexcel paper/],
    ['', /^The file has no name\.$/],
    ['   ', /^The file has no name\.$/],
    ['.pdf', /does not start/],
  ])('%j is unrecognised', (name, reason) => {
    const result = parse(name);
    expect(result.kind).toBe('unrecognised');
    expect(result.kind === 'unrecognised' && result.reason).toMatch(reason);
    expect(result.fileName).toBe(name);
  });

  it.each([
    ['1,000 characters', `${'a'.repeat(996)}.pdf`],
    ['1,000 digits', `${'9'.repeat(996)}.pdf`],
    ['a long reference-shaped name', `9702_s23_qp_${'1'.repeat(990)}.pdf`],
    ['SQL-special characters', "9702'; DROP TABLE past_papers; --.pdf"],
    ['percent and underscore', '%_%_%.pdf'],
    ['emoji', '📚🔥_s23_qp_12.pdf'],
    ['control characters', '\u0000\u0007\u001b[31m.pdf'],
    ['a hostile path', '../../etc/passwd'],
  ])('never throws on junk: %s', (_label, name) => {
    const result = parse(name);
    expect(result.kind).toBe('unrecognised');
    expect(result.kind === 'unrecognised' && result.reason.length).toBeGreaterThan(10);
  });

  it('reads control characters as separators, like any other', () => {
    expect(parse('9702\u0000_s23\n_qp_12.pdf')).toMatchObject({
      kind: 'recognised',
      subjectCode: '9702',
      year: 2023,
      component: 1,
      variant: 2,
    });
  });

  it('answers a non-string as a file without a name', () => {
    expect(parseDocumentFileName(undefined as unknown as string)).toEqual({
      kind: 'unrecognised',
      fileName: '',
      reason: 'The file has no name.',
    });
  });
});
