import { unique } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';

interface UserRow {
  id: number;
  name: string;
  email: string;
  role: string;
  status: string;
}

describe('admin users', () => {
  const journey = adminJourney();

  it('creates, edits and deletes a user', async () => {
    const name = unique('Journey User ');
    const email = `${unique('journey-')}@example.com`;

    const { page, context, errors } = await journey.openAdmin('/admin/users');
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Email' }).fill(email);
    await create.getByLabel(/^Password/).fill('short');
    await create.getByLabel('Confirm Password').fill('different');
    await create.getByRole('button', { name: 'Create User' }).click();
    await create.getByText('Password must be at least 8 characters').waitFor();
    await create.getByText('Passwords do not match').waitFor();
    await create.getByLabel(/^Password/).fill('journey-password');
    await create.getByLabel('Confirm Password').fill('journey-password');
    await create.getByRole('button', { name: 'Create User' }).click();
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(email);
    let users = (await journey.api<{ data: UserRow[] }>('/users.php')).data;
    expect(users.find((u) => u.email === email)).toMatchObject({ name, role: 'user', status: 'active' });

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel(/^Password/).count()).resolves.toBe(0);
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} Edited`);
    await edit.getByLabel('Status').selectOption('inactive');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByRole('row', { name: new RegExp(`${name} Edited`) });
    await edited.getByText('Inactive').waitFor();

    await page.getByRole('button', { name: `Delete ${name} Edited` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await confirm
      .getByText(`Are you sure you want to delete user "${name} Edited"? This action cannot be undone.`)
      .waitFor();
    await confirm.getByText('All data associated with this user will be permanently removed.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await edited.waitFor({ state: 'detached' });
    users = (await journey.api<{ data: UserRow[] }>('/users.php')).data;
    expect(users.some((u) => u.email === email)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
