import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ErrorBanner, FormField, LEVEL_LABELS, LEVELS, useToast, type Subject } from '@ppl/shared-ui';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { withReason } from '../../../lib/messages';
import { useSaveSubject, useSubject, useSubjects } from '../api/subjects';
import { subjectSchema, type SubjectFormValues } from './subject-schema';
import styles from './Subjects.module.css';
import { changedMeanwhile, RECORD_CHANGED } from '../../../lib/edit-version';
import { queryKeys } from '../../../lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';

const EMPTY: SubjectFormValues = { name: '', code: '', level: 'cambridge-o-levels', description: '' };

/** /admin/subjects/new and /admin/subjects/edit/{id} (spec section 2 "Subject form"). */
export function SubjectFormPage() {
  const { id: idParam } = useParams();
  const id = idParam !== undefined ? Number(idParam) : undefined;
  const subject = useSubject(id);
  const isEdit = id !== undefined;

  return (
    <>
      <PageHeader
        title={isEdit ? 'Edit Subject' : 'Add Subject'}
        above={
          <Link to="/admin/subjects" className={styles.back}>
            ← Back to Subjects
          </Link>
        }
      />
      {isEdit && subject.isPending && <LoadingStatus>Loading subject...</LoadingStatus>}
      {isEdit && subject.isError && (
        <ErrorBanner message="Failed to load subject data. Please try again." onRetry={() => void subject.refetch()} />
      )}
      {(!isEdit || subject.isSuccess) && (
        <SubjectForm
          key={subject.data ? `${subject.data.id}-${subject.data.updated_at}` : 'new'}
          subject={isEdit ? (subject.data ?? null) : null}
        />
      )}
    </>
  );
}

function SubjectForm({ subject }: { subject: Subject | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const subjects = useSubjects();
  const save = useSaveSubject();
  const isEdit = subject !== null;
  const codesInUse = useMemo(
    () => (subjects.data ?? []).filter((s) => s.id !== subject?.id).map((s) => s.code),
    [subjects.data, subject?.id],
  );
  const schema = useMemo(() => subjectSchema(codesInUse), [codesInUse]);
  const form = useForm<SubjectFormValues>({
    resolver: zodResolver(schema),
    defaultValues: subject
      ? { name: subject.name, code: subject.code, level: subject.level, description: subject.description ?? '' }
      : EMPTY,
  });
  const { errors } = form.formState;
  const client = useQueryClient();
  /** Someone else saved this subject meanwhile: fetch the current version (the form is keyed by it, so it resets). */
  const reload = () => {
    save.reset();
    void client.invalidateQueries({ queryKey: queryKeys.subject(subject?.id ?? 0) });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: subject?.id,
        values: { name: values.name, code: values.code, level: values.level, description: values.description },
        version: subject?.updated_at,
      });
      toast.success(isEdit ? 'Subject updated successfully' : 'Subject created successfully');
      void navigate('/admin/subjects');
    } catch {
      // shown in the banner
    }
  });

  return (
    <form className={[page.panel, page.formStack, styles.form].join(' ')} onSubmit={onSubmit} noValidate>
      {save.isError &&
        (changedMeanwhile(save.error) ? (
          <ErrorBanner message={RECORD_CHANGED} onRetry={reload} retryLabel="Reload" />
        ) : (
          <ErrorBanner
            message={withReason(isEdit ? 'Failed to update subject' : 'Failed to create subject', save.error)}
            onDismiss={() => save.reset()}
          />
        ))}
      <div className={page.formGrid}>
        <FormField label="Subject Name" required error={errors.name?.message}>
          <input {...form.register('name')} placeholder="e.g. Physics" />
        </FormField>
        <FormField label="Subject Code" required error={errors.code?.message} hint="Used in the subject's web address">
          <input {...form.register('code')} placeholder="e.g. 0625" />
        </FormField>
      </div>
      <FormField label="Level" required error={errors.level?.message}>
        <select {...form.register('level')}>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Description">
        <textarea rows={4} {...form.register('description')} />
      </FormField>
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={() => navigate('/admin/subjects')} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {isEdit ? 'Update Subject' : 'Create Subject'}
        </Button>
      </div>
    </form>
  );
}
