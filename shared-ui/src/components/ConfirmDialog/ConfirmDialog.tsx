import { useId, useRef, type ReactNode } from 'react';
import { Button, buttonClassName } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question; several paragraphs may be passed as an array. */
  message: ReactNode | ReactNode[];
  confirmLabel?: string;
  cancelLabel?: string;
  /** Label of the confirm button while busy. */
  busyLabel?: string;
  tone?: 'danger' | 'primary';
  /** While busy both buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** A failure of the confirmed action, shown inside the dialog. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation (alertdialog) built on Modal. Cancel has focus first, so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busyLabel,
  tone = 'danger',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const paragraphs = Array.isArray(message) ? message : [message];
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      role="alertdialog"
      size="small"
      describedBy={messageId}
      initialFocus={cancelRef}
      dismissible={!busy}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClassName('secondary')}
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className={styles.message}>
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
