import { api, ApiError, AUTH_TOKEN_KEY } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminFixture } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { AuthProvider } from '../../lib/auth/AuthProvider';
import { ChangePasswordModal } from './ChangePasswordModal';

const ada = adminFixture();

/** A signed-in admin changes their own password with the current one. */
describe('ChangePasswordModal', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  const open = () => {
    const onClose = jest.fn();
    renderScreen(<ChangePasswordModal onClose={onClose} />, {
      wrapper: (children) => <AuthProvider>{children}</AuthProvider>,
    });
    return { onClose, dialog: screen.getByRole('dialog', { name: 'Change Password' }) };
  };

  it('needs the current password and a confirmed new one', async () => {
    const change = jest.spyOn(api.auth, 'changePassword');
    const user = userEvent.setup();
    const { dialog } = open();
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Change Password' }));
    expect(await d.findByText('Current password is required')).toBeInTheDocument();
    expect(d.getByText('Password is required')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
  });

  it('sends the current and new password, keeps this session with the fresh token, and closes', async () => {
    const change = jest
      .spyOn(api.auth, 'changePassword')
      .mockResolvedValue({ success: true, token: 'fresh-token', user: ada });
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    const d = within(dialog);
    await user.type(d.getByLabelText(/^Current Password/), 'old-password-here');
    await user.type(d.getByLabelText(/^New Password/), 'fresh-violet-lantern');
    await user.type(d.getByLabelText(/^Confirm Password/), 'fresh-violet-lantern');
    await user.click(d.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(change).toHaveBeenCalledWith({
        currentPassword: 'old-password-here',
        password: 'fresh-violet-lantern',
        confirmPassword: 'fresh-violet-lantern',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('fresh-token');
  });

  it('shows a wrong current password in the dialog', async () => {
    jest
      .spyOn(api.auth, 'changePassword')
      .mockRejectedValue(new ApiError('Current password is incorrect', 400, 'Current password is incorrect'));
    const user = userEvent.setup();
    const { dialog } = open();
    const d = within(dialog);
    await user.type(d.getByLabelText(/^Current Password/), 'wrong');
    await user.type(d.getByLabelText(/^New Password/), 'fresh-violet-lantern');
    await user.type(d.getByLabelText(/^Confirm Password/), 'fresh-violet-lantern');
    await user.click(d.getByRole('button', { name: 'Change Password' }));
    expect(await d.findByText('Current password is incorrect')).toBeInTheDocument();
  });
});
