import { api, ApiError, AUTH_TOKEN_KEY, AUTH_USER_KEY } from '@ppl/shared-ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { renderScreen } from '../../../../test/render';
import { AuthProvider } from '../../../lib/auth/AuthProvider';
import { afterLoginPath, LoginPage } from './LoginPage';
import { adminFixture } from '../../../../test/fixtures';

const admin = adminFixture();

function renderLogin(from?: string) {
  return renderScreen(<LoginPage />, {
    route: '/login',
    path: '/login',
    wrapper: (children) => <AuthProvider>{children}</AuthProvider>,
    routes: <Route path="/admin/*" element={<p>Admin area</p>} />,
    ...(from ? { route: '/login' } : {}),
  });
}

describe('LoginPage', () => {
  beforeEach(() => {
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ siteName: 'Past Paper Library' } as Awaited<ReturnType<typeof api.settings.get>>);
  });
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('requires email and password at the fields', async () => {
    const user = userEvent.setup();
    const login = jest.spyOn(api.auth, 'login');
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it('stores the token and user and goes to the dashboard', async () => {
    const user = userEvent.setup();
    jest.spyOn(api.auth, 'login').mockResolvedValue({ success: true, token: 'tok', user: admin });
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(AUTH_USER_KEY)!)).toMatchObject({ email: 'ada@example.com' });
  });

  it("shows the server's error text, or 'Failed to log in'", async () => {
    const user = userEvent.setup();
    const login = jest
      .spyOn(api.auth, 'login')
      .mockRejectedValueOnce(new ApiError('Invalid email or password', 401, 'Invalid email or password'))
      .mockRejectedValueOnce('nothing useful');
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log in');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('shows the release and the site name', async () => {
    renderLogin();
    expect(screen.getByTestId('admin-release')).toHaveTextContent('Release test-release');
    await waitFor(() => expect(screen.getByTestId('login-site-name')).toHaveTextContent('Past Paper Library'));
    expect(screen.getByRole('heading', { name: 'Admin Login' }).closest('[data-host]')).toHaveAttribute(
      'data-host',
      'standalone',
    );
  });
});

describe('afterLoginPath', () => {
  it('returns to the admin page originally requested, else the dashboard', () => {
    expect(afterLoginPath('/admin/inquiries')).toBe('/admin/inquiries');
    expect(afterLoginPath('/admin/faqs?q=pdf')).toBe('/admin/faqs?q=pdf');
    expect(afterLoginPath('/administrator')).toBe('/admin/dashboard');
    expect(afterLoginPath('https://evil.example/admin')).toBe('/admin/dashboard');
    expect(afterLoginPath(undefined)).toBe('/admin/dashboard');
  });

  it('with a setup link (#setup=…) lets the first admin choose a password and signs in', async () => {
    const user = userEvent.setup();
    const setup = jest
      .spyOn(api.auth, 'setupFirstAdmin')
      .mockResolvedValue({ success: true, token: 'tok', user: admin });
    const token = 'a'.repeat(43);
    renderScreen(<LoginPage />, {
      route: `/login#setup=${token}`,
      path: '/login',
      wrapper: (children) => <AuthProvider>{children}</AuthProvider>,
      routes: <Route path="/admin/*" element={<p>Admin area</p>} />,
    });
    expect(screen.getByRole('heading', { name: 'Choose the admin password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), '     ');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByText('Password cannot be blank')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), 'granite-orchid-compass');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'granite-orchid-compass');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(setup).toHaveBeenCalledWith(token, 'granite-orchid-compass', 'granite-orchid-compass');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok');
  });
});
