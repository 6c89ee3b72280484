import { ErrorBanner, multipartForm, ProgressBar, useToast } from '@ppl/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { FileField } from '../../../components/form/FileField';
import { FormModal } from '../../../components/form/FormModal';
import { withVersion } from '../../../lib/edit-version';
import { useMaxUploadMb } from '../../../lib/uploads';
import { useLinkablePapers, useSaveSectionDocument } from '../api/document-sections';
import type { DocumentSection, SectionDocument, SectionFields } from '../model/document-section';

export interface DocumentFormModalProps<
  TDoc extends SectionDocument,
  TValues extends FieldValues,
  TFields extends SectionFields = SectionFields,
> {
  section: DocumentSection<TDoc, TValues, TFields>;
  /** The entry being edited, or null to add one. */
  document: TDoc | null;
  onClose: () => void;
}

/** The add/edit modal of a document section (spec section 5 "Mark scheme form" / "Examiner report form"). */
export function DocumentFormModal<
  TDoc extends SectionDocument,
  TValues extends FieldValues,
  TFields extends SectionFields = SectionFields,
>({ section, document, onClose }: DocumentFormModalProps<TDoc, TValues, TFields>) {
  const texts = section.form;
  const model = texts.model;
  const isNew = document === null;
  const toast = useToast();
  const papers = useLinkablePapers();
  const save = useSaveSectionDocument(section);
  const [progress, setProgress] = useState<number | null>(null);
  const maxMb = useMaxUploadMb();
  const resolver = useMemo(() => model.resolver(document, maxMb), [model, document, maxMb]);
  const form = useForm<TValues>({
    resolver,
    defaultValues: model.initial(document) as DefaultValues<TValues>,
  });
  const { errors } = form.formState;
  const fileError = errors[model.fileField]?.message;
  const paperList = useMemo(
    () =>
      [...(papers.data ?? [])].sort((a, b) =>
        texts.paperLabel(a).localeCompare(texts.paperLabel(b), 'en-US', { numeric: true }),
      ),
    [papers.data, texts],
  );

  // Spec section 5 (examiner reports): on create the past paper defaults to the first in the list.
  useEffect(() => {
    const first = paperList[0];
    const paperField = 'past_paper_id' as Path<TValues>;
    if (texts.defaultsToFirstPaper && isNew && first && form.getValues(paperField) === '') {
      form.setValue(paperField, String(first.id) as PathValue<TValues, Path<TValues>>);
    }
  }, [texts.defaultsToFirstPaper, isNew, paperList, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await save.mutateAsync({
        id: document?.id,
        form: multipartForm(withVersion(model.fields(values, document), document)),
        onProgress: setProgress,
      });
      toast.success(isNew ? texts.created : texts.updated);
      onClose();
    } catch {
      setProgress(null);
    }
  });

  const { Fields } = texts;
  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId={texts.id}
      title={isNew ? texts.addTitle : texts.editTitle}
      submitLabel={isNew ? texts.createLabel : texts.updateLabel}
      submitDisabled={texts.disableSaveOnErrors && Object.keys(errors).length > 0}
      save={save}
      saveError={texts.saveError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {papers.isError && <ErrorBanner message={texts.papersError} onRetry={() => void papers.refetch()} />}
      <Fields form={form} document={document} papers={paperList} papersPending={papers.isPending} />
      <FileField
        form={form}
        name={model.fileField}
        label={texts.file.label}
        required={isNew}
        error={typeof fileError === 'string' ? fileError : undefined}
        check={(file) => model.fileMessage(file, maxMb)}
        currentFile={document?.file_url}
        currentFileName={document?.file_name}
        keepHint={texts.file.keepHint}
        hint={texts.file.hint(maxMb)}
      />
      {progress !== null && save.isPending && <ProgressBar value={progress} label="Upload progress" />}
    </FormModal>
  );
}
