import { api, ApiError, AUTH_TOKEN_KEY, AUTH_USER_KEY } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { AdminRoutes } from './routes';
import { adminFixture } from '../../test/fixtures';

const admin = adminFixture();

function renderApp(route: string) {
  return renderScreen(
    <AuthProvider>
      <AdminRoutes />
    </AuthProvider>,
    { route },
  );
}

function signIn() {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(admin));
  jest.spyOn(api.auth, 'check').mockResolvedValue({ authenticated: true, user: admin });
}

describe('the console routes', () => {
  beforeEach(() => {
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ siteName: 'Past Paper Library' } as Awaited<ReturnType<typeof api.settings.get>>);
    jest.spyOn(api.inquiries, 'list').mockResolvedValue({ inquiries: [], total: 0 });
    jest
      .spyOn(api.dashboard, 'stats')
      .mockResolvedValue({ totalPapers: 1, totalUsers: 2, totalDownloads: 3, totalReports: 4 });
  });
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('sends a signed-out visitor of /admin/inquiries to /login and back after signing in', async () => {
    const user = userEvent.setup();
    jest.spyOn(api.auth, 'login').mockResolvedValue({ success: true, token: 'tok', user: admin });
    renderApp('/admin/inquiries');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Contact Inquiries', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/inquiries');
  });

  it('redirects /admin to the dashboard and renders the layout of the spec', async () => {
    signIn();
    renderApp('/admin');
    const layout = await screen.findByTestId('admin-layout');
    expect(layout).toHaveAttribute('data-host', 'standalone');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Dashboard',
      'Past Papers',
      'Import',
      'Coverage',
      'Users',
      'Mark Schemes',
      'Examiner Reports',
      'Grade Thresholds',
      'Subjects',
      'FAQs',
      'Contact Inquiries',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('admin-page-title')).toHaveTextContent('Dashboard');
    expect(screen.getByRole('img', { name: '3 notifications' })).toHaveTextContent('3');
  });

  it('says when maintenance mode is on, with the way to turn it off', async () => {
    signIn();
    renderApp('/admin/dashboard');
    await screen.findByTestId('admin-layout');
    expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument();
    localStorage.clear();
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ maintenanceMode: true } as Awaited<ReturnType<typeof api.settings.get>>);
    signIn();
    renderApp('/admin/dashboard');
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner).toHaveTextContent('Maintenance mode is on');
    expect(within(banner).getByRole('link', { name: 'Turn it off in Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it('titles the top bar from the path', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/admin/dashboard');
    await screen.findByTestId('admin-layout');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Contact Inquiries' }),
    );
    expect(screen.getByTestId('admin-page-title')).toHaveTextContent('Contact Inquiries');
    expect(document.title).toContain('Contact Inquiries');
  });

  it('collapses the sidebar and remembers it', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/admin/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('admin-layout')).toHaveClass('collapsed');
    expect(localStorage.getItem('ppl_admin_sidebar_collapsed')).toBe('true');
  });

  it('offers Settings, Change password, Logout and Sign out everywhere in the profile menu; logout clears storage even if the call fails and returns to /login', async () => {
    const user = userEvent.setup();
    signIn();
    jest.spyOn(api.auth, 'logout').mockRejectedValue(new Error('API error'));
    renderApp('/admin/dashboard');
    const profile = await screen.findByRole('button', { name: /Ada Admin/ });
    await user.click(profile);
    const menu = screen.getByRole('menu', { name: 'Profile' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Change password', 'Logout', 'Sign out everywhere']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(profile).toHaveFocus();

    await user.click(profile);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('sends the admin to /login when a call is refused with 401 (session ended), remembering the page', async () => {
    const user = userEvent.setup();
    signIn();
    jest
      .spyOn(api.users, 'list')
      .mockRejectedValueOnce(new ApiError('API GET error: Unauthorized', 401, 'Authentication required'));
    jest.spyOn(api.auth, 'login').mockResolvedValue({ success: true, token: 'fresh', user: admin });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    (api.users.list as jest.Mock).mockResolvedValue([admin]);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
  });

  it("offers 'Go to Home' and 'Login as Different User' on /unauthorized", async () => {
    const user = userEvent.setup();
    signIn();
    jest.spyOn(api.auth, 'logout').mockResolvedValue({ success: true });
    renderApp('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Login as Different User' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
