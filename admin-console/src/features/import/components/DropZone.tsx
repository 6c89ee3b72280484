import { useId, useRef, useState, type DragEvent } from 'react';
import styles from './ImportPage.module.css';

export interface DropZoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Drop files (or one .zip of them) here, or choose them: a labelled file input under a large drop target. */
export function DropZone({ onFiles, disabled = false }: DropZoneProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <div
      className={[styles.dropZone, over ? styles.dropZoneOver : ''].join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-drop-zone"
    >
      <p className={styles.dropTitle}>Drop past papers, mark schemes and examiner reports here</p>
      <p className={styles.dropHint}>
        PDF, DOC or DOCX named as the boards name them (9702_s23_qp_12.pdf, wph11-01-que-20230110.pdf), or one .zip of
        them.
      </p>
      <label htmlFor={inputId} className={styles.chooseButton} aria-disabled={disabled || undefined}>
        Choose files
      </label>
      <input
        ref={input}
        id={inputId}
        className="ppl-visually-hidden"
        type="file"
        multiple
        accept=".pdf,.doc,.docx,.zip,application/pdf,application/zip"
        disabled={disabled}
        data-testid="import-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onFiles(files);
          if (input.current) input.current.value = '';
        }}
      />
    </div>
  );
}
