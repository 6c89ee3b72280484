import type { GeneratedPaper } from '../../src/question-detection/testing/question-papers';
import { API, bearer } from './api';
import type { TestBff } from './test-bff';

/** A past paper as created: its id and its variants' ids. */
export interface CreatedPaper {
  id: number;
  variants: Array<{ id: number }>;
}

/**
 * Creates a past paper of one variant ("Paper 42") in `subjectId` holding a generated question paper, its mark scheme
 * and (unless told otherwise) its examiner report, as an admin's upload does.
 */
export async function uploadGeneratedPaper(
  bff: TestBff,
  token: string,
  subjectId: number,
  year: number,
  paper: GeneratedPaper,
  { examinerReport = true }: { examinerReport?: boolean } = {},
): Promise<CreatedPaper> {
  const req = bff.http().post(`${API}/past_papers.php`).set(bearer(token));
  const fields = {
    subject_id: String(subjectId),
    year: String(year),
    session: 'May/June',
    code: 'x',
    level: 'x',
    subject: 'x',
    variants: JSON.stringify([{ name: 'Paper 42', slug: 'paper-42', version: 42 }]),
  };
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  req.attach('variant_0_document_path', paper.questionPaper.pdf, `qp_${year}.pdf`);
  req.attach('variant_0_mark_scheme_path', paper.markScheme.pdf, `ms_${year}.pdf`);
  if (examinerReport) req.attach('variant_0_examiner_report_path', paper.examinerReport.pdf, `er_${year}.pdf`);
  const res = await req;
  if (res.status !== 201) throw new Error(`create paper: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as CreatedPaper;
}
