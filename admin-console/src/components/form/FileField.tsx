import { api, FormField } from '@ppl/shared-ui';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { DOCUMENT_ACCEPT, fileNameOf } from '../../lib/uploads';

export interface FileFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form value (a File or null) the chosen file goes to. */
  name: Path<T>;
  label: string;
  required?: boolean;
  error?: string;
  /** What is wrong with a file the moment it is chosen, if anything. */
  check: (file: File | null) => string | undefined;
  /** The stored file of the entry being edited, linked (new tab) with `keepHint` after it. */
  currentFile?: string | null;
  /** The stored file's own name (as uploaded), shown instead of its stored name. */
  currentFileName?: string | null;
  keepHint: string;
  /** The hint when there is no stored file. */
  hint: string;
}

/** A document upload of a form: the chosen file is checked at once, the stored one (on edit) is linked. */
export function FileField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  error,
  check,
  currentFile,
  currentFileName,
  keepHint,
  hint,
}: FileFieldProps<T>) {
  return (
    <FormField
      label={label}
      required={required}
      error={error}
      hint={
        currentFile ? (
          <>
            Current file:{' '}
            <a href={api.links.fileUrl(currentFile)} target="_blank" rel="noopener noreferrer">
              {currentFileName || fileNameOf(currentFile)}
            </a>{' '}
            {keepHint}
          </>
        ) : (
          hint
        )
      }
    >
      <input
        type="file"
        accept={DOCUMENT_ACCEPT}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          form.setValue(name, file as PathValue<T, Path<T>>);
          const message = check(file);
          if (message) form.setError(name, { type: 'selected', message });
          else form.clearErrors(name);
        }}
      />
    </FormField>
  );
}
