import { withVersion } from '../../../lib/edit-version';
import { useMaxUploadMb } from '../../../lib/uploads';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorBanner,
  errorText,
  FormField,
  ProgressBar,
  SESSIONS,
  useToast,
  type MarkScheme,
  type PastPaperSummary,
} from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FileField } from '../../../components/form/FileField';
import { FormModal } from '../../../components/form/FormModal';
import page from '../../../components/page/page.module.css';
import { useLinkablePapers, useSaveMarkScheme, useSubjectChoices } from '../api/mark-schemes';
import {
  initialMarkScheme,
  markSchemeFormData,
  markSchemeSchema,
  maxMarkSchemeInputYear,
  selectedFileMessage,
  type MarkSchemeFormValues,
} from './mark-scheme-form';

const paperLabel = (p: PastPaperSummary) =>
  `${p.subject_name || p.subject} (${p.code}) ${p.session} ${p.year} - #${p.id}`;

export interface MarkSchemeFormModalProps {
  markScheme: MarkScheme | null;
  onClose: () => void;
}

/** 'Add Mark Scheme' / 'Edit Mark Scheme' (spec section 5 "Mark scheme form"). */
export function MarkSchemeFormModal({ markScheme, onClose }: MarkSchemeFormModalProps) {
  const isNew = markScheme === null;
  const toast = useToast();
  const papers = useLinkablePapers();
  const save = useSaveMarkScheme();
  const [progress, setProgress] = useState<number | null>(null);
  const maxMb = useMaxUploadMb();
  const subjects = useSubjectChoices();
  const subjectList = useMemo(() => subjects.data ?? [], [subjects.data]);
  const schema = useMemo(
    () => markSchemeSchema(!isNew && !!markScheme?.file_url, undefined, maxMb),
    [isNew, markScheme?.file_url, maxMb],
  );
  const form = useForm<MarkSchemeFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initialMarkScheme(markScheme),
  });
  const { errors } = form.formState;
  // The library's subjects, and a subject an older mark scheme names that is no longer one of them (kept choosable).
  const current = markScheme ? { name: markScheme.subject, code: markScheme.code } : null;
  const subjectOptions = [
    ...subjectList.map((subject) => ({ name: subject.name, code: subject.code })),
    ...(current && !subjectList.some((subject) => subject.name === current.name) && current.name ? [current] : []),
  ].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  const hasErrors = Object.keys(errors).length > 0;

  const paperList = useMemo(
    () =>
      [...(papers.data ?? [])].sort((a, b) => paperLabel(a).localeCompare(paperLabel(b), 'en-US', { numeric: true })),
    [papers.data],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await save.mutateAsync({
        id: markScheme?.id,
        form: withVersion(markSchemeFormData(values, markScheme?.file_url ?? null), markScheme),
        onProgress: setProgress,
      });
      toast.success(isNew ? 'Mark scheme created successfully' : 'Mark scheme updated successfully');
      onClose();
    } catch {
      setProgress(null);
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="mark-scheme-form"
      title={isNew ? 'Add Mark Scheme' : 'Edit Mark Scheme'}
      submitLabel={isNew ? 'Create Mark Scheme' : 'Update Mark Scheme'}
      submitDisabled={hasErrors}
      save={save}
      saveError={(error) => `Failed to save mark scheme. Please try again. ${errorText(error, '')}`.trim()}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {papers.isError && (
        <ErrorBanner message="Failed to load past papers list." onRetry={() => void papers.refetch()} />
      )}
      <FormField label="Linked Past Paper" hint="Optional; choosing one fills subject, code, year and session">
        {(wiring) => (
          <Controller
            name="past_paper_id"
            control={form.control}
            render={({ field }) => (
              <select
                {...wiring}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                disabled={papers.isPending}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  const chosen = paperList.find((p) => String(p.id) === event.target.value);
                  if (!chosen) return;
                  const options = { shouldValidate: form.formState.isSubmitted };
                  form.setValue('subject', chosen.subject_name || chosen.subject, options);
                  form.setValue('code', chosen.code, options);
                  form.setValue('year', String(chosen.year), options);
                  form.setValue('session', chosen.session, options);
                }}
              >
                <option value="">{papers.isPending ? 'Loading past papers...' : 'None'}</option>
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
      <div className={page.formGrid}>
        <FormField label="Subject" required error={errors.subject?.message}>
          <select
            {...form.register('subject', {
              onChange: (event: { target: { selectedIndex: number } }) => {
                // A choice of the library's subjects, which fills the code (issue 11: free text drifted). By
                // position, not by name: two subjects may share a name (Biology 0610 and 9700).
                const chosen = subjectOptions[event.target.selectedIndex - 1];
                form.setValue('code', chosen?.code ?? '', { shouldValidate: form.formState.isSubmitted });
              },
            })}
          >
            <option value="">{subjects.isPending ? 'Loading subjects...' : 'Select a subject'}</option>
            {subjectOptions.map((subject) => (
              <option key={`${subject.name}-${subject.code}`} value={subject.name}>
                {subject.name} ({subject.code})
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Subject Code" required error={errors.code?.message} hint="Filled from the subject">
          <input readOnly {...form.register('code')} />
        </FormField>
        <FormField label="Paper Number" required error={errors.paperNumber?.message}>
          <input {...form.register('paperNumber')} placeholder="e.g. 1, 21, 4H" />
        </FormField>
        <FormField label="Year" required error={errors.year?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={2000}
            max={maxMarkSchemeInputYear()}
            step={1}
            {...form.register('year')}
          />
        </FormField>
        <FormField label="Session" required error={errors.session?.message}>
          <select {...form.register('session')}>
            <option value="">Select a session</option>
            {SESSIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FileField
        form={form}
        name="markSchemeFile"
        label="Mark Scheme File"
        required={isNew}
        error={errors.markSchemeFile?.message}
        check={(file) => selectedFileMessage(file, maxMb)}
        currentFile={markScheme?.file_url}
        currentFileName={markScheme?.file_name}
        keepHint="(kept unless you choose another)"
        hint={`PDF or Word, at most ${maxMb}MB`}
      />
      {progress !== null && save.isPending && <ProgressBar value={progress} label="Upload progress" />}
    </FormModal>
  );
}
