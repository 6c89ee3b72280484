import { api, FormField, type VariantDocumentType } from '@ppl/shared-ui';
import { useRef } from 'react';
import page from '../../../components/page/page.module.css';
import { DOCUMENT_ACCEPT, fileNameOf, useMaxUploadMb } from '../../../lib/uploads';
import styles from './PastPaperForm.module.css';

export interface DocumentInputProps {
  label: string;
  required?: boolean;
  /** The newly chosen file. */
  file: File | null;
  onFile: (file: File | null) => void;
  /** The stored file (edit), shown with a View link. */
  existingPath: string | null;
  variantId?: number;
  type: VariantDocumentType;
  error?: string;
  /** Optional documents can be removed on update. */
  remove?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
}

/** One file slot of a variant: the stored file if any, a picker with the client-side checks, an error. */
export function DocumentInput({
  label,
  required,
  file,
  onFile,
  existingPath,
  variantId,
  type,
  error,
  remove,
}: DocumentInputProps) {
  const maxMb = useMaxUploadMb();
  const input = useRef<HTMLInputElement>(null);
  const hint = existingPath ? (
    <span>
      Current file: {fileNameOf(existingPath)}
      {variantId !== undefined && (
        <>
          {' '}
          (
          <a href={api.links.variantDocument(variantId, type, true)} target="_blank" rel="noopener noreferrer">
            view
          </a>
          ){file ? ' will be replaced' : ''}
        </>
      )}
    </span>
  ) : (
    `PDF, DOC or DOCX, less than ${maxMb}MB`
  );
  return (
    <div className={styles.document}>
      <FormField label={label} required={required} error={error} hint={hint}>
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </FormField>
      <div className={styles.documentActions}>
        {file && (
          <button
            type="button"
            className={page.linkButton}
            onClick={() => {
              if (input.current) input.current.value = '';
              onFile(null);
            }}
          >
            Clear chosen file
          </button>
        )}
        {remove && existingPath && !file && (
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={remove.checked}
              onChange={(event) => remove.onChange(event.target.checked)}
            />
            {remove.label}
          </label>
        )}
      </div>
    </div>
  );
}
