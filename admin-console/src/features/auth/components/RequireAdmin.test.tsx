import { api, AUTH_TOKEN_KEY, AUTH_USER_KEY, type User } from '@ppl/shared-ui';
import { screen } from '@testing-library/react';
import { Route, useLocation } from 'react-router';
import { renderScreen } from '../../../../test/render';
import { AuthProvider } from '../../../lib/auth/AuthProvider';
import { RequireAdmin } from './RequireAdmin';
import { adminFixture, studentFixture } from '../../../../test/fixtures';

const admin = adminFixture();
const student = studentFixture();

function LoginProbe() {
  const state = useLocation().state as { from?: string } | null;
  return <p>Login screen (from {state?.from ?? 'nowhere'})</p>;
}

function renderGuarded(route: string) {
  return renderScreen(
    <RequireAdmin>
      <p>Inquiries screen</p>
    </RequireAdmin>,
    {
      route,
      path: '/admin/*',
      wrapper: (children) => <AuthProvider>{children}</AuthProvider>,
      routes: (
        <>
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/unauthorized" element={<p>Unauthorized screen</p>} />
        </>
      ),
    },
  );
}

function signedInAs(user: User) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token-123');
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

describe('RequireAdmin (spec section 2, guard behaviour)', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it("shows 'Loading...' while the stored credential is being checked, then the screen for an admin", async () => {
    signedInAs(admin);
    let answer: (value: { authenticated: boolean; user: User }) => void = () => undefined;
    jest.spyOn(api.auth, 'check').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderGuarded('/admin/inquiries');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Inquiries screen')).not.toBeInTheDocument();
    answer({ authenticated: true, user: admin });
    expect(await screen.findByText('Inquiries screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/inquiries');
  });

  it('sends a visitor without credentials to /login, remembering the requested path', async () => {
    const check = jest.spyOn(api.auth, 'check');
    renderGuarded('/admin/inquiries?status=new');
    expect(await screen.findByText('Login screen (from /admin/inquiries?status=new)')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    // Nothing stored: the server is not even asked.
    expect(check).not.toHaveBeenCalled();
  });

  it('clears stored credentials the server no longer accepts and goes to /login', async () => {
    signedInAs(admin);
    jest.spyOn(api.auth, 'check').mockResolvedValue({ authenticated: false });
    renderGuarded('/admin/users');
    expect(await screen.findByText(/Login screen/)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('treats a failed check as unauthenticated', async () => {
    signedInAs(admin);
    jest.spyOn(api.auth, 'check').mockRejectedValue(new Error('API error'));
    renderGuarded('/admin/users');
    expect(await screen.findByText(/Login screen/)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('sends an authenticated user who is not an admin to /unauthorized', async () => {
    signedInAs(student);
    jest.spyOn(api.auth, 'check').mockResolvedValue({ authenticated: true, user: student });
    renderGuarded('/admin/dashboard');
    expect(await screen.findByText('Unauthorized screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized');
  });
});
