import { api, ApiError } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { UsersPage } from './UsersPage';
import { adminFixture, studentFixture } from '../../../../test/fixtures';

const ada = adminFixture();
const sam = studentFixture({ status: 'inactive' });

async function openCreate() {
  const user = userEvent.setup();
  renderScreen(<UsersPage />);
  await screen.findByRole('table', { name: 'Users' });
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New User' });
  return { user, dialog };
}

describe('UsersPage', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = jest.spyOn(api.users, 'list').mockResolvedValue([ada, sam]);
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists users with name, email, role, status and actions', async () => {
    renderScreen(<UsersPage />);
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Role', 'Status', 'Actions']);
    const row = within(table).getByRole('row', { name: /Sam Student/ });
    expect(row).toHaveTextContent('sam@example.com');
    expect(row).toHaveTextContent('User');
    expect(row).toHaveTextContent('Inactive');
  });

  it("shows the empty state 'No users found'", async () => {
    list.mockResolvedValue([]);
    renderScreen(<UsersPage />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating a new user')).toBeInTheDocument();
  });

  it("shows 'Failed to load users'", async () => {
    list.mockRejectedValue(new ApiError('API GET error: Internal Server Error', 500));
    renderScreen(<UsersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users');
  });

  it('validates a new user with the messages of the spec, at the fields', async () => {
    const create = jest.spyOn(api.users, 'create');
    const { user, dialog } = await openCreate();
    const d = within(dialog);
    expect(d.getByLabelText('Role')).toHaveValue('user');
    expect(d.getByLabelText('Status')).toHaveValue('active');
    await user.click(d.getByRole('button', { name: 'Create User' }));
    expect(await d.findByText('Name is required')).toBeInTheDocument();
    expect(d.getByText('Email is required')).toBeInTheDocument();
    expect(d.getByText('Password is required for new users')).toBeInTheDocument();
    expect(d.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(d.getByLabelText(/^Email/), 'not-an-email');
    await user.type(d.getByLabelText(/^Password/), 'short');
    await user.type(d.getByLabelText(/^Confirm Password/), 'different');
    await user.click(d.getByRole('button', { name: 'Create User' }));
    expect(await d.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(d.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(d.getByText('Passwords do not match')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    // Errors clear as the field is edited.
    await user.type(d.getByLabelText(/^Name/), 'N');
    await waitFor(() => expect(d.queryByText('Name is required')).not.toBeInTheDocument());
  });

  it('creates a user with password and confirmation, then reloads the list', async () => {
    const create = jest.spyOn(api.users, 'create').mockResolvedValue({ ...sam, id: 3, name: 'New Person' });
    const { user, dialog } = await openCreate();
    const d = within(dialog);
    await user.type(d.getByLabelText(/^Name/), 'New Person');
    await user.type(d.getByLabelText(/^Email/), 'new@example.com');
    await user.selectOptions(d.getByLabelText('Role'), 'admin');
    await user.type(d.getByLabelText(/^Password/), 'long-enough');
    await user.type(d.getByLabelText(/^Confirm Password/), 'long-enough');
    await user.click(d.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveBeenCalledWith({
      name: 'New Person',
      email: 'new@example.com',
      role: 'admin',
      status: 'active',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('status')).toHaveTextContent('User created successfully');
  });

  it('edits without password fields and keeps the dialog open with the error on failure', async () => {
    const user = userEvent.setup();
    const update = jest
      .spyOn(api.users, 'update')
      .mockRejectedValueOnce(new ApiError('API PUT error: Conflict', 409, 'A user with this email already exists'))
      .mockResolvedValueOnce({ ...sam, name: 'Samuel' });
    renderScreen(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Sam Student' }));
    const d = within(screen.getByRole('dialog', { name: 'Edit User' }));
    expect(d.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(d.getByLabelText(/^Name/)).toHaveValue('Sam Student');
    await user.clear(d.getByLabelText(/^Name/));
    await user.type(d.getByLabelText(/^Name/), 'Samuel');
    await user.click(d.getByRole('button', { name: 'Update User' }));
    expect(await d.findByRole('alert')).toHaveTextContent('A user with this email already exists');
    await user.click(d.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenLastCalledWith(2, {
      name: 'Samuel',
      email: 'sam@example.com',
      role: 'user',
      status: 'inactive',
      updated_at: '2026-01-05T09:00:00Z', // the version the form was loaded with (lost-update check)
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('asks before deleting, with the wording of the spec', async () => {
    const user = userEvent.setup();
    const remove = jest.spyOn(api.users, 'remove').mockResolvedValue({ success: true });
    renderScreen(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Sam Student' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete user "Sam Student"? This action cannot be undone.',
    );
    expect(dialog).toHaveTextContent('All data associated with this user will be permanently removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith(2);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});
