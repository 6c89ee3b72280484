import { multipartForm, type MultipartValue } from '@ppl/shared-ui';
import { makeFile } from '../../../../test/render';
import {
  examinerReportForm,
  examinerReportSchema,
  markSchemeForm,
  markSchemeSchema,
  type ExaminerReportFormValues,
  type MarkSchemeFormValues,
} from './document-form';

/** The multipart body the fields become, as name → text or `file:<name>`. */
const entries = <F extends { [K in keyof F]?: MultipartValue }>(fields: F) =>
  Object.fromEntries(
    [...multipartForm(fields).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]),
  );

const scheme: MarkSchemeFormValues = {
  subject: ' Physics ',
  code: '0625',
  year: '2024',
  session: 'May/June',
  paperNumber: ' 2 ',
  past_paper_id: '',
  markSchemeFile: null,
};
const reportValues: ExaminerReportFormValues = { past_paper_id: '10', paper_number: ' ', summary: 'Fine', file: null };
const MB = 1024 * 1024;

describe('document form model', () => {
  it('sends every mark scheme field trimmed, the stored file as fileUrl unless another is chosen', () => {
    const stored = { file_url: '/files/mark-schemes/a.pdf' } as Parameters<typeof markSchemeForm.fields>[1];
    expect(entries(markSchemeForm.fields(scheme, stored))).toEqual({
      subject: 'Physics',
      code: '0625',
      year: '2024',
      session: 'May/June',
      paperNumber: '2',
      past_paper_id: '',
      fileUrl: '/files/mark-schemes/a.pdf',
    });
    const chosen = entries(
      markSchemeForm.fields({ ...scheme, markSchemeFile: makeFile('n.pdf', 'application/pdf') }, stored),
    );
    expect(chosen).toMatchObject({ markSchemeFile: 'file:n.pdf' });
    expect(chosen).not.toHaveProperty('fileUrl');
  });

  it('leaves empty examiner report values out and never resends the stored file', () => {
    expect(entries(examinerReportForm.fields(reportValues, null))).toEqual({ past_paper_id: '10', summary: 'Fine' });
  });

  it('"at most" takes a mark scheme of exactly the limit; "less than" refuses such a report', () => {
    const exact = makeFile('f.pdf', 'application/pdf', 10 * MB);
    expect(markSchemeSchema(false, undefined, 10).safeParse({ ...scheme, markSchemeFile: exact }).success).toBe(true);
    const report = examinerReportSchema(true, 10).safeParse({ ...reportValues, paper_number: '2', file: exact });
    expect(report.success).toBe(false);
    expect(report.error?.issues.map((i) => i.message)).toEqual(['File size must be less than 10MB']);
  });

  it('requires a file only where the kind says so', () => {
    expect(markSchemeSchema(true).safeParse(scheme).success).toBe(true);
    expect(
      markSchemeSchema(false)
        .safeParse(scheme)
        .error?.issues.map((i) => i.message),
    ).toEqual(['Mark Scheme file is required for new entries.']);
    expect(examinerReportSchema(false).safeParse({ ...reportValues, paper_number: '2' }).success).toBe(true);
  });
});
