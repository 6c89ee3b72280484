import { Button, ConfirmDialog, ErrorBanner, Modal, type ModalProps } from '@ppl/shared-ui';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { changedMeanwhile, RECORD_CHANGED } from '../../lib/edit-version';
import page from '../page/page.module.css';

/** The parts of a save mutation (`useMutation`) the modal shows. */
export interface SaveMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

export interface FormModalProps {
  title: string;
  /** The form element's id: the footer's submit button belongs to it. */
  formId: string;
  submitLabel: string;
  /** While it is pending both buttons are disabled, the submit button reads 'Saving...' and the modal stays open. */
  save: SaveMutation;
  /** The text of a failed save, shown in a dismissible banner at the top of the form. */
  saveError: (error: unknown) => ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitDisabled?: boolean;
  /**
   * The form has changes not saved yet: Escape, a click beside the dialog and Cancel ask before throwing them away
   * (typed work was lost).
   */
  dirty?: boolean;
  size?: ModalProps['size'];
  testId?: string;
  children: ReactNode;
}

/**
 * An add/edit dialog: the form, Cancel and the submit button, and the failure of the last save. When someone else
 * changed the record meanwhile (409), it says so and offers Reload: the lists are fetched again and the dialog
 * closes, so the admin reopens the current version.
 */
export function FormModal({
  title,
  formId,
  submitLabel,
  save,
  saveError,
  onSubmit,
  onClose,
  submitDisabled,
  dirty = false,
  size,
  testId,
  children,
}: FormModalProps) {
  const busy = save.isPending;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => (dirty ? setConfirmingDiscard(true) : onClose());
  const client = useQueryClient();
  const reload = () => {
    save.reset();
    void client.invalidateQueries();
    onClose();
  };
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={requestClose}
      dismissible={!busy && !confirmingDiscard}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={submitDisabled}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={page.formStack} onSubmit={onSubmit} noValidate>
        {save.isError &&
          (changedMeanwhile(save.error) ? (
            <ErrorBanner message={RECORD_CHANGED} onRetry={reload} retryLabel="Reload" />
          ) : (
            <ErrorBanner message={saveError(save.error)} onDismiss={() => save.reset()} />
          ))}
        {children}
      </form>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard changes?"
        message="You have changes that are not saved. Discard them and close the form?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        tone="danger"
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </Modal>
  );
}
