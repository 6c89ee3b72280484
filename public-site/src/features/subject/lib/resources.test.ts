import { makePaper, makeSubject, makeVariant } from '../../../../test/fixtures';
import { deriveResources, searchResources, sortResources } from './resources';

const maths = makeSubject({ name: 'Mathematics', code: '0580' });
const papers = [
  makePaper(maths, { year: 2023, session: 'May/June' }, [
    makeVariant({
      id: 11,
      version: 1,
      document_size: 3000,
      document_downloads: 7,
      mark_scheme_path: 'mark-schemes/a.pdf',
      mark_scheme_size: 500,
      mark_scheme_downloads: 2,
    }),
    makeVariant({
      id: 12,
      version: 2,
      document_size: 9000,
      document_downloads: 1,
      examiner_report_path: 'examiner-reports/r.docx',
      examiner_report_size: 800,
    }),
  ]),
  makePaper(maths, { year: 2024, session: 'w' }, [
    makeVariant({ id: 13, version: 10, document_size: 100, document_downloads: 4 }),
  ]),
];
const resources = deriveResources(maths, papers);

describe('deriveResources', () => {
  it('gives a past paper per variant, and a mark scheme or examiner report when the variant has one', () => {
    expect(resources['past-paper'].map((r) => r.title)).toEqual([
      'Mathematics Paper 10',
      'Mathematics Paper 1',
      'Mathematics Paper 2',
    ]);
    expect(resources['mark-scheme'].map((r) => r.title)).toEqual(['Mathematics Paper 1 Mark Scheme']);
    expect(resources['examiner-report'].map((r) => r.title)).toEqual(['Mathematics Paper 2 Examiner Report']);
  });

  it('lists the mark schemes and examiner reports added on their own beside their paper, with their own links', () => {
    const withOwn = [
      makePaper(maths, {
        id: 77,
        year: 2024,
        session: 'Oct/Nov',
        linked_documents: [
          {
            kind: 'mark_scheme',
            id: 5,
            paper_number: '22',
            file_name: 'ms.pdf',
            file_size: 2048,
            downloads: 3,
            is_pdf: true,
          },
          {
            kind: 'examiner_report',
            id: 9,
            paper_number: '',
            file_name: 'er.docx',
            file_size: 4096,
            downloads: 1,
            is_pdf: false,
          },
        ],
      }),
    ];
    const result = deriveResources(maths, withOwn);
    const ms = result['mark-scheme'].find((r) => r.id === 'mark-scheme-own-5')!;
    expect(ms).toMatchObject({
      title: 'Mathematics Paper 22 Mark Scheme',
      year: 2024,
      season: 'Oct/Nov',
      fileSize: 2048,
      downloads: 3,
      paperCode: '0580/22',
      fileUrl: '/backend/api/mark_schemes.php?download_id=5',
      viewUrl: '/papers/77/view?doc=mark-scheme&linked=5',
    });
    const er = result['examiner-report'].find((r) => r.id === 'examiner-report-own-9')!;
    expect(er).toMatchObject({ title: 'Mathematics 2024 Oct/Nov Examiner Report', viewUrl: null });
    expect(er.fileUrl).toBe('/backend/api/examiner_reports.php?download_id=9');
  });

  it('carries size, downloads, paper code, the normalised season and links to the BFF', () => {
    const [latest] = resources['past-paper'];
    expect(latest).toMatchObject({ year: 2024, season: 'Winter', paperCode: '0580/10', fileSize: 100, downloads: 4 });
    expect(latest!.fileUrl).toBe('/backend/api/past_papers.php?download_variant_id=13&variant_document_type=document');
    // View opens the site's viewer on that variant's question paper.
    expect(latest!.viewUrl).toMatch(/^\/papers\/\d+\/view\?variant=13$/);
    expect(resources['mark-scheme'][0]!.viewUrl).toMatch(/^\/papers\/\d+\/view\?variant=\d+&doc=mark-scheme$/);
    // A Word examiner report cannot be shown in the page: download only.
    expect(resources['examiner-report'][0]!.viewUrl).toBeNull();
    expect(resources['mark-scheme'][0]).toMatchObject({ fileSize: 500, downloads: 2 });
  });
});

describe('searchResources', () => {
  const titles = (term: string) => searchResources(resources['past-paper'], term).map((r) => r.title);
  it('covers title, season, year and paper code', () => {
    expect(titles('paper 2')).toEqual(['Mathematics Paper 2']);
    expect(titles('winter')).toEqual(['Mathematics Paper 10']);
    expect(titles('may/june')).toEqual(['Mathematics Paper 1', 'Mathematics Paper 2']);
    expect(titles('2023')).toEqual(['Mathematics Paper 1', 'Mathematics Paper 2']);
    expect(titles('0580/10')).toEqual(['Mathematics Paper 10']);
    expect(titles('biology')).toEqual([]);
  });
});

describe('sortResources', () => {
  const order = (sort: Parameters<typeof sortResources>[1]) =>
    sortResources(resources['past-paper'], sort).map((r) => r.paperCode);
  it('Latest First', () => expect(order('latest')).toEqual(['0580/10', '0580/1', '0580/2']));
  it('Title, in natural order', () => expect(order('title')).toEqual(['0580/1', '0580/2', '0580/10']));
  it('Size, largest first', () => expect(order('size')).toEqual(['0580/2', '0580/1', '0580/10']));
  it('Most Downloaded', () => expect(order('downloads')).toEqual(['0580/1', '0580/10', '0580/2']));
});
