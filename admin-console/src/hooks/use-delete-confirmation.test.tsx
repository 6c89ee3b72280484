import { ConfirmDialog } from '@ppl/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { useDeleteConfirmation } from './use-delete-confirmation';

type Item = { id: number; name: string };

function Harness({ remove }: { remove: (id: number) => Promise<unknown> }) {
  const deletion = useDeleteConfirmation<Item>(useMutation({ mutationFn: remove }), {
    successMessage: (item) => `${item.name} deleted`,
    errorMessage: () => 'Failed to delete item',
  });
  return (
    <>
      <button onClick={() => deletion.ask({ id: 7, name: 'Item seven' })}>Delete Item seven</button>
      <ConfirmDialog {...deletion.dialog} title="Delete Item" message={`Delete ${deletion.target?.name ?? ''}?`} />
    </>
  );
}

describe('useDeleteConfirmation', () => {
  it('keeps a failure in the dialog until cancelled, and forgets it on the next opening', async () => {
    const user = userEvent.setup();
    const remove = jest.fn().mockRejectedValue(new Error('boom'));
    renderScreen(<Harness remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Delete Item seven' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Item' });
    expect(dialog).toHaveTextContent('Delete Item seven?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete item');
    expect(remove).toHaveBeenCalledWith(7, expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Item seven' }));
    expect(within(screen.getByRole('alertdialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Deleting...' while the call runs, then closes with the success toast", async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => undefined;
    renderScreen(<Harness remove={() => new Promise((resolve) => (finish = resolve))} />);
    await user.click(screen.getByRole('button', { name: 'Delete Item seven' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    finish({ success: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Item seven deleted')).toBeInTheDocument();
  });
});
