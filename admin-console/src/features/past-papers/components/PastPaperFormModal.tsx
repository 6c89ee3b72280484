import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  ErrorBanner,
  errorText,
  FormField,
  LEVEL_LABELS,
  multipartForm,
  ProgressBar,
  SESSIONS,
  Tabs,
  useToast,
  type Level,
  type PastPaper,
} from '@ppl/shared-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { FormModal } from '../../../components/form/FormModal';
import page from '../../../components/page/page.module.css';
import { useSavePastPaper, useSubjectChoices } from '../api/past-papers';
import {
  initialValues,
  LAST_VARIANT_ALERT,
  maxPaperYear,
  MIN_YEAR,
  newVariant,
  pastPaperFields,
  pastPaperSchema,
  slugify,
  type PastPaperFormValues,
} from '../model/past-paper-form';
import { DocumentInput } from './DocumentInput';
import { VariantDurationField } from './VariantDurationField';
import { KeepQuestionEditsField, useKeepQuestionEdits } from '../question-cuts/components/KeepQuestionEdits';
import styles from './PastPaperForm.module.css';
import { withVersion } from '../../../lib/edit-version';
import { useMaxUploadMb } from '../../../lib/uploads';

export interface PastPaperFormModalProps {
  /** The paper being edited, or null to create one. */
  paper: PastPaper | null;
  onClose: () => void;
}

/**
 * 'Add New Past Paper' / 'Edit Past Paper' (spec sections 4, 5 and 7). Mounted per opening, so the form resets
 * every time it is reopened.
 */
export function PastPaperFormModal({ paper, onClose }: PastPaperFormModalProps) {
  const mode = paper ? 'edit' : 'create';
  const toast = useToast();
  const subjects = useSubjectChoices();
  const save = useSavePastPaper();
  const [progress, setProgress] = useState<number | null>(null);
  const [lastVariantAlert, setLastVariantAlert] = useState(false);
  const questionEdits = useKeepQuestionEdits();
  const maxYear = maxPaperYear();

  const subjectList = useMemo(
    () =>
      [...(subjects.data ?? [])].sort(
        (a, b) => a.name.localeCompare(b.name, 'en-US') || a.code.localeCompare(b.code, 'en-US'),
      ),
    [subjects.data],
  );
  const subjectIds = useMemo(() => new Set(subjectList.map((s) => s.id)), [subjectList]);
  const maxMb = useMaxUploadMb();
  const schema = useMemo(() => pastPaperSchema(subjectIds, maxYear, maxMb), [subjectIds, maxYear, maxMb]);

  const form = useForm<PastPaperFormValues>({ resolver: zodResolver(schema), defaultValues: initialValues(paper) });
  const { control, register, setValue, formState } = form;
  const errors = formState.errors;
  const variants = useFieldArray({ control, name: 'variants' });
  const watched = useWatch({ control, name: 'variants' });
  const level = useWatch({ control, name: 'level' });
  const [active, setActive] = useState(() => variants.fields[0]?.id ?? '');
  const activeIndex = Math.max(
    0,
    variants.fields.findIndex((field) => field.id === active),
  );
  const busy = save.isPending;

  // A new variant's field id is only known once the append has rendered: then its tab becomes the active one.
  const showLast = useRef(false);
  useEffect(() => {
    if (!showLast.current) return;
    showLast.current = false;
    const last = variants.fields[variants.fields.length - 1];
    if (last) setActive(last.id);
  }, [variants.fields]);

  const addVariant = () => {
    showLast.current = true;
    variants.append(newVariant(variants.fields.length + 1), { shouldFocus: false });
    setLastVariantAlert(false);
  };

  const removeVariant = () => {
    if (variants.fields.length <= 1) {
      setLastVariantAlert(true);
      return;
    }
    const index = activeIndex;
    const neighbour = variants.fields[index + 1] ?? variants.fields[index - 1];
    variants.remove(index);
    if (neighbour) setActive(neighbour.id);
  };

  const onInvalid = (invalid: FieldErrors<PastPaperFormValues>) => {
    const first = (invalid.variants as unknown[] | undefined)?.findIndex(
      (entry) => entry !== undefined && entry !== null,
    );
    if (first !== undefined && first >= 0 && variants.fields[first]) setActive(variants.fields[first].id);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const subject = subjectList.find((s) => String(s.id) === values.subject_id);
    if (!subject) return;
    setProgress(0);
    try {
      await save.mutateAsync({
        mode,
        id: paper?.id,
        payload: multipartForm(withVersion(pastPaperFields(values, subject, paper?.id, paper), paper)),
        onProgress: setProgress,
      });
      toast.success(mode === 'create' ? 'Past paper created successfully' : 'Past paper updated successfully');
      if (paper) {
        const replaced = values.variants.flatMap((variant) =>
          variant.variantId && variant.document ? [variant.variantId] : [],
        );
        await questionEdits
          .apply(paper.id, replaced)
          .catch(() => toast.error('The edited questions could not be dropped'));
      }
      onClose();
    } catch {
      setProgress(null);
    }
  }, onInvalid);

  const variantErrors = (index: number) => errors.variants?.[index];
  const v = watched?.[activeIndex];
  const activeField = variants.fields[activeIndex];

  return (
    <FormModal
      dirty={formState.isDirty}
      formId="past-paper-form"
      size="large"
      testId="past-paper-form"
      title={mode === 'create' ? 'Add New Past Paper' : 'Edit Past Paper'}
      submitLabel={mode === 'create' ? 'Create Past Paper' : 'Update Past Paper'}
      save={save}
      saveError={(error) => (
        <>
          Error saving past paper. Please try again.
          <span className={styles.reason}>
            {errorText(error, mode === 'create' ? 'Failed to create past paper' : 'Failed to update past paper')}
          </span>
        </>
      )}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {subjects.isError && (
        <ErrorBanner
          message="Failed to load subjects. Please try again later."
          onRetry={() => void subjects.refetch()}
        />
      )}
      <div className={page.formGrid}>
        <FormField label="Subject" required error={errors.subject_id?.message}>
          {(wiring) => (
            // Controlled, so that an edited paper's subject shows once the options have arrived.
            <Controller
              name="subject_id"
              control={control}
              render={({ field }) => (
                <select
                  {...wiring}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  disabled={subjects.isPending}
                  onChange={(event) => {
                    const chosen = subjectList.find((s) => String(s.id) === event.target.value);
                    field.onChange(event.target.value);
                    setValue('code', chosen?.code ?? '');
                    setValue('level', chosen?.level ?? '');
                  }}
                >
                  <option value="">{subjects.isPending ? 'Loading subjects...' : 'Select a subject'}</option>
                  {subjectList.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.code}) - {LEVEL_LABELS[s.level] ?? s.level}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </FormField>
        <FormField label="Code" hint="Filled from the subject">
          <input readOnly {...register('code')} />
        </FormField>
        <FormField label="Level" hint="Filled from the subject">
          <input readOnly value={LEVEL_LABELS[level as Level] ?? level} />
        </FormField>
        <FormField label="Year" required error={errors.year?.message}>
          <input type="number" inputMode="numeric" min={MIN_YEAR} max={maxYear} step={1} {...register('year')} />
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
      </div>

      <section className={styles.variants} aria-labelledby="variants-heading">
        <div className={styles.variantsHeader}>
          <h3 id="variants-heading" className={styles.variantsTitle}>
            Variants
          </h3>
          <div className={page.rowActions}>
            <Button size="small" variant="secondary" onClick={addVariant} disabled={busy}>
              Add Variant
            </Button>
            <Button size="small" variant="ghost" onClick={removeVariant} disabled={busy}>
              Remove Variant
            </Button>
          </div>
        </div>
        {lastVariantAlert && (
          <p role="alert" className={styles.alert}>
            {LAST_VARIANT_ALERT}
          </p>
        )}
        {activeField && v && (
          <Tabs
            label="Variants"
            idPrefix="variant"
            selected={activeField.id}
            onSelect={setActive}
            tabs={variants.fields.map((field, index) => ({
              id: field.id,
              label: (
                <>
                  {watched?.[index]?.name.trim() || `Variant ${index + 1}`}
                  {variantErrors(index) && (
                    <span className={styles.tabError}>
                      <span aria-hidden="true"> !</span>
                      <span className="ppl-visually-hidden"> (has errors)</span>
                    </span>
                  )}
                </>
              ),
            }))}
          >
            <div key={activeField.id} className={page.formStack}>
              <div className={page.formGrid}>
                <FormField label="Variant Name" required error={variantErrors(activeIndex)?.name?.message}>
                  <input
                    {...register(`variants.${activeIndex}.name`, {
                      onChange: (event: { target: { value: string } }) =>
                        setValue(`variants.${activeIndex}.slug`, slugify(event.target.value)),
                    })}
                  />
                </FormField>
                <FormField label="Slug" hint="Follows the name">
                  <input readOnly {...register(`variants.${activeIndex}.slug`)} />
                </FormField>
                <FormField label="Version" required error={variantErrors(activeIndex)?.version?.message}>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    {...register(`variants.${activeIndex}.version`)}
                  />
                </FormField>
                <VariantDurationField
                  registration={register(`variants.${activeIndex}.duration`)}
                  source={v.durationSource}
                  error={variantErrors(activeIndex)?.duration?.message}
                />
              </div>
              <DocumentInput
                label="Past Paper Document"
                required
                type="document"
                file={v.document}
                existingPath={v.existingDocument}
                variantId={v.variantId}
                error={variantErrors(activeIndex)?.document?.message}
                onFile={(file) => {
                  setValue(`variants.${activeIndex}.document`, file);
                  void form.trigger(`variants.${activeIndex}.document`);
                }}
              />
              {v.variantId && v.existingDocument && v.document && (
                <KeepQuestionEditsField
                  checked={questionEdits.keeps(v.variantId)}
                  onChange={(keep) => questionEdits.setKeeps(v.variantId!, keep)}
                />
              )}
              <DocumentInput
                label="Mark Scheme (optional)"
                type="mark_scheme"
                file={v.markScheme}
                existingPath={v.existingMarkScheme}
                variantId={v.variantId}
                error={variantErrors(activeIndex)?.markScheme?.message}
                onFile={(file) => {
                  setValue(`variants.${activeIndex}.markScheme`, file);
                  void form.trigger(`variants.${activeIndex}.markScheme`);
                }}
                remove={{
                  label: 'Remove the current mark scheme',
                  checked: v.removeMarkScheme,
                  onChange: (checked) => setValue(`variants.${activeIndex}.removeMarkScheme`, checked),
                }}
              />
              <DocumentInput
                label="Examiner Report (optional)"
                type="examiner_report"
                file={v.examinerReport}
                existingPath={v.existingExaminerReport}
                variantId={v.variantId}
                error={variantErrors(activeIndex)?.examinerReport?.message}
                onFile={(file) => {
                  setValue(`variants.${activeIndex}.examinerReport`, file);
                  void form.trigger(`variants.${activeIndex}.examinerReport`);
                }}
                remove={{
                  label: 'Remove the current examiner report',
                  checked: v.removeExaminerReport,
                  onChange: (checked) => setValue(`variants.${activeIndex}.removeExaminerReport`, checked),
                }}
              />
            </div>
          </Tabs>
        )}
      </section>
      {progress !== null && busy && (
        <div className={styles.progress}>
          <ProgressBar value={progress} label="Upload progress" />
          <p className={page.muted}>{progress < 1 ? 'Uploading files...' : 'Saving...'}</p>
        </div>
      )}
    </FormModal>
  );
}
