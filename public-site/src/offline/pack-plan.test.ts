import type { PastPaper } from '@ppl/shared-ui';
import { paperParts, paperPlan, plannedBytes, sessionPlan, subjectPlan } from './pack-plan';

const paper = (id: number, year: number, session: string): PastPaper =>
  ({
    id,
    subject_id: 1,
    subject: 'Mathematics',
    subject_name: 'Mathematics',
    subject_code: '0580',
    code: '0580',
    year,
    session,
    variants: [
      {
        id: id * 10,
        name: 'Paper 1',
        version: 1,
        document_path: 'papers/a.pdf',
        mark_scheme_path: 'papers/b.pdf',
        examiner_report_path: null,
        document_size: 1000,
        mark_scheme_size: 500,
        examiner_report_size: null,
      },
    ],
    linked_documents: [
      {
        kind: 'examiner_report',
        id: 5,
        paper_number: '1',
        file_name: 'er.docx',
        file_size: 300,
        downloads: 0,
        is_pdf: false,
      },
    ],
  }) as unknown as PastPaper;

describe('what a pack saves', () => {
  it('a paper: every document as the viewer reads it, page 1 of each PDF, and the paper read', () => {
    const parts = paperParts(paper(3, 2024, 'May/June'));
    const paths = parts.map((p) => new URL(p.url).pathname + new URL(p.url).search);
    expect(paths).toEqual([
      '/backend/api/past_papers.php?download_variant_id=30&variant_document_type=document&stream=1',
      '/backend/api/past_papers.php?download_variant_id=30&variant_document_type=document&preview=1',
      '/backend/api/past_papers.php?download_variant_id=30&variant_document_type=mark_scheme&stream=1',
      '/backend/api/past_papers.php?download_variant_id=30&variant_document_type=mark_scheme&preview=1',
      // A Word report has no page-1 picture.
      '/backend/api/examiner_reports.php?download_id=5&stream=1',
      '/backend/api/past_papers.php?id=3',
    ]);
    expect(parts.filter((p) => p.optional).length).toBe(2);
    // The size shown before saving: the documents' sizes as the API gives them.
    expect(plannedBytes(paperPlan(paper(3, 2024, 'May/June')))).toBe(1800);
  });

  it('a session: only its own papers, with the subject page (any letter case of the code)', () => {
    const papers = [paper(3, 2024, 'May/June'), paper(4, 2023, 'Oct/Nov')];
    const plan = sessionPlan(
      { code: 'ab12', name: 'Maths' },
      { year: 2024, session: 'May/June', past_paper_ids: [3] },
      papers,
    );
    expect(plan.paperIds).toEqual([3]);
    expect(plan.pages).toEqual(['/subjects/ab12', '/past-papers/subject/ab12', '/papers/3/view']);
    expect(plan.parts.some((p) => p.url.includes('download_variant_id=40'))).toBe(false);
    expect(plan.parts.filter((p) => p.url.includes('/pages/subject')).map((p) => new URL(p.url).search)).toEqual([
      '?code=ab12',
      '?code=AB12',
    ]);
    expect(plannedBytes(plan)).toBe(1800);
    // The subject: both papers, the examiner report they share counted (and saved) once.
    expect(plannedBytes(subjectPlan({ code: 'ab12', name: 'Maths' }, papers))).toBe(1500 + 1500 + 300);
  });
});
