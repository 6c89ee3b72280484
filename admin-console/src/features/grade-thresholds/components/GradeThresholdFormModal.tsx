import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  ErrorBanner,
  errorText,
  FormField,
  SESSIONS,
  useToast,
  type GradeThreshold,
  type Subject,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormModal } from '../../../components/form/FormModal';
import page from '../../../components/page/page.module.css';
import { useSaveGradeThreshold } from '../api/grade-thresholds';
import {
  GRADE_CHOICES,
  initialThreshold,
  MAX_BOUNDARIES,
  MAX_MARKS_LIMIT,
  maxYear,
  MIN_YEAR,
  presetRows,
  thresholdInput,
  thresholdSchema,
  type ThresholdFormValues,
} from '../model/threshold-form';
import styles from './GradeThresholds.module.css';

export interface GradeThresholdFormModalProps {
  row: GradeThreshold | null;
  subjects: Subject[];
  subjectsFailed: boolean;
  /** The list's subject filter: a new row starts in that subject. */
  defaultSubjectId: string;
  onClose: () => void;
}

/** 'Add Grade Thresholds' / 'Edit Grade Thresholds': the series, the component, its maximum and one row per grade. */
export function GradeThresholdFormModal({
  row,
  subjects,
  subjectsFailed,
  defaultSubjectId,
  onClose,
}: GradeThresholdFormModalProps) {
  const isNew = row === null;
  const toast = useToast();
  const save = useSaveGradeThreshold();
  const latestYear = maxYear();
  const subjectIds = useMemo(() => new Set(subjects.map((s) => s.id)), [subjects]);
  const schema = useMemo(() => thresholdSchema(subjectIds, latestYear), [subjectIds, latestYear]);
  const form = useForm<ThresholdFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initialThreshold(row, defaultSubjectId),
    mode: 'onTouched',
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const boundaries = useFieldArray({ control, name: 'boundaries' });
  const groupError = errors.boundaries?.root?.message ?? errors.boundaries?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row?.id, values: thresholdInput(values, row?.updated_at) });
      toast.success(isNew ? 'Grade thresholds created successfully' : 'Grade thresholds updated successfully');
      onClose();
    } catch {
      // shown in the banner
    }
  });

  return (
    <FormModal
      dirty={formState.isDirty}
      formId="grade-threshold-form"
      size="large"
      testId="grade-threshold-form"
      title={isNew ? 'Add Grade Thresholds' : 'Edit Grade Thresholds'}
      submitLabel={isNew ? 'Create Thresholds' : 'Update Thresholds'}
      save={save}
      saveError={(error) => errorText(error, 'Failed to save grade thresholds')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {subjectsFailed && <ErrorBanner message="Failed to load subjects. Please try again later." />}
      <div className={page.formGrid}>
        <FormField label="Subject" required error={errors.subject_id?.message}>
          <select {...register('subject_id')}>
            <option value="">Select a subject</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.code})
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Year" required error={errors.year?.message}>
          <input type="number" inputMode="numeric" min={MIN_YEAR} max={latestYear} step={1} {...register('year')} />
        </FormField>
        <FormField label="Session" required error={errors.session?.message}>
          <select {...register('session')}>
            <option value="">Select a session</option>
            {SESSIONS.map((session) => (
              <option key={session} value={session}>
                {session}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Component"
          required
          error={errors.component?.message}
          hint="A variant's name (Paper 1) or version (1) picks its component"
        >
          <input maxLength={30} autoComplete="off" {...register('component')} />
        </FormField>
        <FormField label="Maximum Mark" required error={errors.max_marks?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_MARKS_LIMIT}
            step={1}
            {...register('max_marks', { onChange: () => void form.trigger('boundaries') })}
          />
        </FormField>
      </div>

      <section aria-labelledby="boundaries-heading" className={page.formStack}>
        <div className={styles.boundaryHeader}>
          <h3 id="boundaries-heading" className={styles.boundaryTitle}>
            Grade boundaries <span className={page.muted}>(highest grade first)</span>
          </h3>
          <div className={page.rowActions}>
            <Button size="small" variant="ghost" onClick={() => boundaries.replace(presetRows('letters'))}>
              Letters A*–E
            </Button>
            <Button size="small" variant="ghost" onClick={() => boundaries.replace(presetRows('numbers'))}>
              Numbers 9–1
            </Button>
          </div>
        </div>
        {groupError && (
          <p role="alert" className={styles.groupError}>
            {groupError}
          </p>
        )}
        <ol className={styles.boundaryList}>
          {boundaries.fields.map((field, index) => {
            const rowErrors = errors.boundaries?.[index];
            return (
              <li key={field.id} className={styles.boundaryRow} data-testid="boundary-row">
                <FormField label={`Grade ${index + 1}`} error={rowErrors?.grade?.message}>
                  <select
                    {...register(`boundaries.${index}.grade`, { onChange: () => void form.trigger('boundaries') })}
                  >
                    {GRADE_CHOICES.map((grade) => (
                      <option key={grade} value={grade}>
                        {grade}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField label={`Minimum marks ${index + 1}`} error={rowErrors?.min_marks?.message}>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_MARKS_LIMIT}
                    step={1}
                    {...register(`boundaries.${index}.min_marks`, {
                      onChange: () => void (formState.isSubmitted && form.trigger('boundaries')),
                    })}
                  />
                </FormField>
                <Button
                  size="small"
                  variant="ghost"
                  className={styles.removeRow}
                  aria-label={`Remove grade ${index + 1}`}
                  disabled={boundaries.fields.length <= 1}
                  onClick={() => boundaries.remove(index)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            size="small"
            variant="secondary"
            disabled={boundaries.fields.length >= MAX_BOUNDARIES}
            onClick={() => boundaries.append({ grade: 'U', min_marks: '0' }, { shouldFocus: true })}
          >
            Add Grade
          </Button>
        </div>
      </section>
    </FormModal>
  );
}
