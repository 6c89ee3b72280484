import { newPage } from '../../support/browser';
import { sharedBrowser } from '../../support/shared-browser';
import { ADMIN, productState } from '../../support/state';

describe('admin sign-in, guard and logout', () => {
  const shared = sharedBrowser();
  const { baseUrl } = productState();

  it('sends a signed-out visitor of /admin/inquiries to /login and back there after signing in; logout returns to /login', async () => {
    const { page, context, errors } = await newPage(shared.browser);
    await page.goto(`${baseUrl}/admin/inquiries`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();

    // The field rules first: both are required.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    // A wrong password shows the server's text.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/admin/inquiries`);
    await page.getByTestId('admin-layout').waitFor();
    await expect(page.getByTestId('admin-page-title').textContent()).resolves.toBe('Contact Inquiries');
    const stored = await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_user')]);
    expect(stored[0]).toBeTruthy();
    expect(JSON.parse(stored[1]!)).toMatchObject({ email: ADMIN.email, role: 'admin' });

    // A reload keeps the session (checked with auth_check.php).
    await page.reload();
    await page.getByTestId('admin-layout').waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/inquiries`);

    await page.locator('button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect(page.evaluate(() => localStorage.getItem('auth_token'))).resolves.toBeNull();

    // Signed out for real: the guard sends the visitor back to /login.
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/login`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
