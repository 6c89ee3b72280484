import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

const message = [
  'Are you sure you want to delete user "Ada"? This action cannot be undone.',
  'All data associated with this user will be permanently removed.',
];

describe('ConfirmDialog', () => {
  it('is an alertdialog described by its message, with Cancel focused first', () => {
    render(<ConfirmDialog open title="Delete User" message={message} onConfirm={jest.fn()} onCancel={jest.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveAccessibleDescription(message.join(' '));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('calls onConfirm and onCancel', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Delete User" message="Sure?" onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while busy and shows an error', () => {
    render(
      <ConfirmDialog
        open
        busy
        busyLabel="Deleting..."
        title="Delete User"
        message="Sure?"
        error="Failed to delete user"
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete user');
  });
});
