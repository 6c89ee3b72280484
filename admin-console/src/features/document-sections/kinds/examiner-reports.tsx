import {
  api,
  errorText,
  formatDate,
  FormField,
  type ExaminerReport,
  type ExaminerReportFields,
  type PastPaperSummary,
} from '@ppl/shared-ui';
import { Controller } from 'react-hook-form';
import { queryKeys } from '../../../lib/query-keys';
import { fileNameOf } from '../../../lib/uploads';
import { examinerReportForm, type ExaminerReportFormValues } from '../model/document-form';
import type { DocumentSection, SectionFieldsProps } from '../model/document-section';

const describe = (r: ExaminerReport) => `${r.subject} (${r.code}) paper ${r.paper_number}`;
const paperLabel = (p: PastPaperSummary) => `${p.subject_name || p.subject} (${p.code}) ${p.session} ${p.year}`;

/** The required past paper, paper number and summary. */
function ExaminerReportFields({
  form,
  papers,
  papersPending,
}: SectionFieldsProps<ExaminerReport, ExaminerReportFormValues>) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Past Paper" required error={errors.past_paper_id?.message}>
        {(wiring) => (
          <Controller
            name="past_paper_id"
            control={form.control}
            render={({ field }) => (
              <select {...wiring} {...field} disabled={papersPending}>
                <option value="">{papersPending ? 'Loading past papers...' : 'Select a past paper'}</option>
                {papers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {paperLabel(p)}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>
      <FormField label="Paper Number" required error={errors.paper_number?.message}>
        <input {...form.register('paper_number')} placeholder="e.g. 1, 21, 4H" />
      </FormField>
      <FormField label="Summary" required error={errors.summary?.message}>
        <textarea rows={5} {...form.register('summary')} />
      </FormField>
    </>
  );
}

/** Spec section 2 "Admin examiner reports" and section 5 "Examiner report form". */
export const EXAMINER_REPORTS: DocumentSection<ExaminerReport, ExaminerReportFormValues, ExaminerReportFields> = {
  kind: 'examiner_report',
  queryKey: queryKeys.examinerReports,
  api: {
    list: () => api.examinerReports.list(),
    create: (form, options) => api.examinerReports.create(form, options),
    update: (id, form, options) => api.examinerReports.update(id, form, options),
    remove: (id) => api.examinerReports.remove(id),
    link: (id, inline) => api.links.examinerReport(id, inline),
  },
  paperNumber: (r) => r.paper_number,
  describe,
  // Spec section 2: the search matches subject, code, paper number and file name.
  matches: (r, term) =>
    [r.subject, r.code, r.paper_number, r.file_name ?? fileNameOf(r.file_url)].some((field) =>
      (field ?? '').toLowerCase().includes(term),
    ),
  page: {
    title: 'Examiner Reports',
    subtitle: 'Reports on how candidates did, linked to their papers',
    addLabel: 'Add Examiner Report',
    searchLabel: 'Search examiner reports',
    searchPlaceholder: 'Search by subject, code, paper number or file name...',
    loading: 'Loading examiner reports...',
    fetchError: 'Failed to fetch reports',
    caption: 'Examiner reports',
    emptyTitle: 'No examiner reports found',
    emptyHint: 'Add the first examiner report',
    deleteTitle: 'Delete Examiner Report',
    deleteSuccess: 'Examiner report deleted successfully',
    deleteError: 'Failed to delete report',
    deleteMessage: (name) =>
      `Are you sure you want to delete the examiner report for ${name}? This action cannot be undone.`,
    paperHeader: 'Paper Number',
    fileOpens: false,
    viewAction: true,
    columnsAfterFile: () => [],
    columnsBeforeActions: [{ key: 'created', header: 'Created At', cell: (r) => formatDate(r.created_at) }],
  },
  form: {
    id: 'examiner-report-form',
    addTitle: 'Add Examiner Report',
    editTitle: 'Edit Examiner Report',
    createLabel: 'Create Report',
    updateLabel: 'Update Report',
    created: 'Examiner report created successfully',
    updated: 'Examiner report updated successfully',
    saveError: (error) => errorText(error, 'Failed to save report'),
    papersError: 'Failed to fetch initial data',
    disableSaveOnErrors: false,
    defaultsToFirstPaper: true,
    paperLabel,
    file: {
      label: 'Report File',
      keepHint: '(leave blank to keep it)',
      hint: (maxMb) => `PDF, DOC or DOCX, less than ${maxMb}MB`,
    },
    model: examinerReportForm,
    Fields: ExaminerReportFields,
  },
};
