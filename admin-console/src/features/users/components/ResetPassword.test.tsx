import { api, ApiError } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminFixture, studentFixture } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/render';
import { UsersPage } from './UsersPage';

const ada = adminFixture();
const sam = studentFixture();

/** A separate "Reset password" action (not the spec's edit form) sets another user's password. */
describe('UsersPage: Reset password', () => {
  beforeEach(() => {
    jest.spyOn(api.users, 'list').mockResolvedValue([ada, sam]);
  });
  afterEach(() => jest.restoreAllMocks());

  async function openReset() {
    const user = userEvent.setup();
    renderScreen(<UsersPage />);
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Reset password of Sam Student' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Reset password: Sam Student' }) };
  }

  it('validates at the fields: blank, whitespace-only, short, mismatch', async () => {
    const reset = jest.spyOn(api.users, 'resetPassword');
    const { user, dialog } = await openReset();
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Reset Password' }));
    expect(await d.findByText('Password is required')).toBeInTheDocument();
    await user.type(d.getByLabelText(/^New Password/), '          ');
    await user.click(d.getByRole('button', { name: 'Reset Password' }));
    expect(await d.findByText('Password cannot be blank')).toBeInTheDocument();
    await user.clear(d.getByLabelText(/^New Password/));
    await user.type(d.getByLabelText(/^New Password/), 'fresh-violet-lantern');
    await user.type(d.getByLabelText(/^Confirm Password/), 'other');
    await user.click(d.getByRole('button', { name: 'Reset Password' }));
    expect(await d.findByText('Passwords do not match')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });

  it('sends only the password and its confirmation for that user, then closes with a toast', async () => {
    const reset = jest.spyOn(api.users, 'resetPassword').mockResolvedValue(sam);
    const update = jest.spyOn(api.users, 'update');
    const { user, dialog } = await openReset();
    const d = within(dialog);
    await user.type(d.getByLabelText(/^New Password/), 'fresh-violet-lantern');
    await user.type(d.getByLabelText(/^Confirm Password/), 'fresh-violet-lantern');
    await user.click(d.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(reset).toHaveBeenCalledWith(2, 'fresh-violet-lantern', 'fresh-violet-lantern'));
    expect(update).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Password reset for Sam Student. They were signed out everywhere.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a common password in the dialog", async () => {
    const message = 'This password is too common or too easy to guess. Please choose a stronger one.';
    jest.spyOn(api.users, 'resetPassword').mockRejectedValue(new ApiError(message, 400, message));
    const { user, dialog } = await openReset();
    const d = within(dialog);
    await user.type(d.getByLabelText(/^New Password/), 'password1');
    await user.type(d.getByLabelText(/^Confirm Password/), 'password1');
    await user.click(d.getByRole('button', { name: 'Reset Password' }));
    expect(await d.findByText(message)).toBeInTheDocument();
  });

  it('keeps the edit form free of password fields', async () => {
    const user = userEvent.setup();
    renderScreen(<UsersPage />);
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Edit Sam Student' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
  });
});
