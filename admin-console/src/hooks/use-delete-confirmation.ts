import { useToast } from '@ppl/shared-ui';
import { useState, type ReactNode } from 'react';

/** The parts of a delete mutation (`useMutation` with the id as its variable) the confirmation uses. */
export interface DeleteMutation {
  mutateAsync: (id: number) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface DeleteConfirmationTexts<T> {
  /** The toast after a successful delete. */
  successMessage: (item: T) => string;
  /** A failure, shown inside the dialog until the admin tries again or cancels. */
  errorMessage: (error: unknown) => ReactNode;
}

/**
 * Ask, then delete: `ask(item)` opens the confirmation; confirming deletes it, toasts and closes; a failure stays in
 * the dialog (busy while deleting); cancelling closes and forgets the failure. Spread `dialog` on a ConfirmDialog.
 */
export function useDeleteConfirmation<T extends { id: number }>(
  remove: DeleteMutation,
  texts: DeleteConfirmationTexts<T>,
) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast.success(texts.successMessage(target));
      setTarget(null);
    } catch {
      // shown in the dialog
    }
  };

  return {
    /** The item waiting for confirmation. */
    target,
    ask: (item: T) => setTarget(item),
    dialog: {
      open: target !== null,
      busy: remove.isPending,
      busyLabel: 'Deleting...',
      error: remove.isError ? texts.errorMessage(remove.error) : undefined,
      onConfirm: () => void confirm(),
      onCancel: () => {
        setTarget(null);
        remove.reset();
      },
    },
  };
}
