import { withVersion } from '../../../lib/edit-version';
import { useMaxUploadMb } from '../../../lib/uploads';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorBanner,
  errorText,
  FormField,
  ProgressBar,
  useToast,
  type ExaminerReport,
  type PastPaperSummary,
} from '@ppl/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FileField } from '../../../components/form/FileField';
import { FormModal } from '../../../components/form/FormModal';
import { useReportPapers, useSaveExaminerReport } from '../api/examiner-reports';
import {
  examinerReportFormData,
  examinerReportSchema,
  reportFileMessage,
  type ExaminerReportFormValues,
} from './examiner-report-form';

const paperLabel = (p: PastPaperSummary) => `${p.subject_name || p.subject} (${p.code}) ${p.session} ${p.year}`;

export interface ExaminerReportFormModalProps {
  report: ExaminerReport | null;
  onClose: () => void;
}

/** 'Add Examiner Report' / 'Edit Examiner Report'. */
export function ExaminerReportFormModal({ report, onClose }: ExaminerReportFormModalProps) {
  const isNew = report === null;
  const toast = useToast();
  const papers = useReportPapers();
  const save = useSaveExaminerReport();
  const [progress, setProgress] = useState<number | null>(null);
  const maxMb = useMaxUploadMb();
  const schema = useMemo(() => examinerReportSchema(isNew, maxMb), [isNew, maxMb]);
  const form = useForm<ExaminerReportFormValues>({
    resolver: zodResolver(schema),
    defaultValues: report
      ? {
          past_paper_id: String(report.past_paper_id),
          paper_number: report.paper_number,
          summary: report.summary,
          file: null,
        }
      : { past_paper_id: '', paper_number: '', summary: '', file: null },
  });
  const { errors } = form.formState;
  const paperList = useMemo(
    () =>
      [...(papers.data ?? [])].sort((a, b) => paperLabel(a).localeCompare(paperLabel(b), 'en-US', { numeric: true })),
    [papers.data],
  );

  // Spec section 5: on create the past paper defaults to the first in the list.
  useEffect(() => {
    const first = paperList[0];
    if (isNew && first && form.getValues('past_paper_id') === '') form.setValue('past_paper_id', String(first.id));
  }, [isNew, paperList, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await save.mutateAsync({
        id: report?.id,
        form: withVersion(examinerReportFormData(values), report),
        onProgress: setProgress,
      });
      toast.success(isNew ? 'Examiner report created successfully' : 'Examiner report updated successfully');
      onClose();
    } catch {
      setProgress(null);
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="examiner-report-form"
      title={isNew ? 'Add Examiner Report' : 'Edit Examiner Report'}
      submitLabel={isNew ? 'Create Report' : 'Update Report'}
      save={save}
      saveError={(error) => errorText(error, 'Failed to save report')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {papers.isError && <ErrorBanner message="Failed to fetch initial data" onRetry={() => void papers.refetch()} />}
      <FormField label="Past Paper" required error={errors.past_paper_id?.message}>
        {(wiring) => (
          <Controller
            name="past_paper_id"
            control={form.control}
            render={({ field }) => (
              <select {...wiring} {...field} disabled={papers.isPending}>
                <option value="">{papers.isPending ? 'Loading past papers...' : 'Select a past paper'}</option>
                {paperList.map((p) => (
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
      <FileField
        form={form}
        name="file"
        label="Report File"
        required={isNew}
        error={errors.file?.message}
        check={(file) => reportFileMessage(file, maxMb)}
        currentFile={report?.file_url}
        currentFileName={report?.file_name}
        keepHint="(leave blank to keep it)"
        hint={`PDF, DOC or DOCX, less than ${maxMb}MB`}
      />
      {progress !== null && save.isPending && <ProgressBar value={progress} label="Upload progress" />}
    </FormModal>
  );
}
