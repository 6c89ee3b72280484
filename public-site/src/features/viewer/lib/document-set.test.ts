import { makePaper, makeSubject, makeVariant } from '../../../../test/fixtures';
import { viewerSet } from './document-set';

const physics = makeSubject({ id: 3, name: 'Physics', code: '9702' });
const paper = makePaper(
  physics,
  {
    id: 40,
    year: 2023,
    session: 'May/June',
    linked_documents: [
      {
        kind: 'mark_scheme',
        id: 5,
        paper_number: '12',
        file_name: 'ms12.pdf',
        file_size: 2048,
        downloads: 0,
        is_pdf: true,
      },
      {
        kind: 'mark_scheme',
        id: 6,
        paper_number: '11',
        file_name: 'ms11.pdf',
        file_size: 4096,
        downloads: 0,
        is_pdf: true,
      },
      {
        kind: 'examiner_report',
        id: 9,
        paper_number: '',
        file_name: 'er.docx',
        file_size: 512,
        downloads: 0,
        is_pdf: false,
      },
    ],
  },
  [
    makeVariant({ id: 101, version: 11, name: 'Paper 11', document_size: 5_000_000 }),
    makeVariant({
      id: 102,
      version: 12,
      name: 'Paper 12',
      mark_scheme_path: 'mark-schemes/own.pdf',
      mark_scheme_size: 300,
    }),
  ],
);

describe('the paper set the viewer shows', () => {
  it("gives a variant's own files with their sizes, uncounted stream links, counted downloads and the raw file", () => {
    const set = viewerSet(paper, { variant: 102, doc: 'question-paper', linked: null });
    expect(set.title).toBe('Physics (9702) Paper 12 · May/June 2023');
    expect(set.files['question-paper']).toMatchObject({
      size: 1000,
      isPdf: true,
      streamUrl: '/backend/api/past_papers.php?download_variant_id=102&variant_document_type=document&stream=1',
      downloadUrl: '/backend/api/past_papers.php?download_variant_id=102&variant_document_type=document',
      fileUrl: '/backend/api/past_papers.php?download_variant_id=102&variant_document_type=document&inline=1',
      viewTarget: { variant_id: 102, document_type: 'document' },
    });
    // Its own mark scheme wins over the ones added in their own section.
    expect(set.files['mark-scheme']).toMatchObject({ size: 300, key: 'variant-102-mark_scheme', linkedId: null });
  });

  it('fills empty slots with linked documents: the one with the paper number, and Word files are marked as such', () => {
    const set = viewerSet(paper, { variant: 101, doc: 'mark-scheme', linked: null });
    expect(set.files['mark-scheme']).toMatchObject({
      size: 4096,
      linkedId: 6,
      streamUrl: '/backend/api/mark_schemes.php?download_id=6&stream=1',
      viewTarget: { mark_scheme_id: 6 },
    });
    expect(set.files['examiner-report']).toMatchObject({
      isPdf: false,
      size: 512,
      viewTarget: { examiner_report_id: 9 },
    });
  });

  it('opens a linked document named in the address, on the variant it belongs to', () => {
    const set = viewerSet(paper, { variant: null, doc: 'mark-scheme', linked: 5 });
    expect(set.variant?.id).toBe(102);
    const other = viewerSet(paper, { variant: 101, doc: 'mark-scheme', linked: 5 });
    expect(other.files['mark-scheme']?.linkedId).toBe(5);
  });

  it('falls back to the first variant for an unknown one', () => {
    expect(viewerSet(paper, { variant: 999, doc: 'question-paper', linked: null }).variant?.id).toBe(101);
  });
});
