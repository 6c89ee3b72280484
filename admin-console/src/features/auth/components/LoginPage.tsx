import { zodResolver } from '@hookform/resolvers/zod';
import { api, Button, ErrorBanner, errorText, FormField } from '@ppl/shared-ui';
import { useHost } from '@ppl/shared-ui/host';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { matchingPasswords, MISMATCH, newPasswordFields } from '../../../lib/password-schema';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/auth/AuthProvider';
import styles from './AuthPage.module.css';

/** Spec section 5 "Login": email and password required. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** Where to go after signing in: the admin page originally requested (remembered by the guard), else the dashboard. */
export function afterLoginPath(from: unknown): string {
  return typeof from === 'string' && /^\/admin(\/|$|\?)/.test(from) ? from : '/admin/dashboard';
}

/** The one-time token of the first admin's setup link (`/login#setup=…`), if the page was opened with one. */
export function setupTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('setup');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

export function LoginPage() {
  const location = useLocation();
  const setupToken = setupTokenOf(location.hash);
  return setupToken ? <FirstAdminSetup token={setupToken} /> : <SignIn />;
}

const setupSchema = z.object(newPasswordFields).refine(matchingPasswords, MISMATCH);
type SetupValues = z.infer<typeof setupSchema>;

/** The first admin chooses a password through the link printed at first start, and is signed in. */
function FirstAdminSetup({ token }: { token: string }) {
  const { adopt } = useAuth();
  const { host } = useHost();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password, confirmPassword }) => {
    setError(null);
    try {
      adopt(await api.auth.setupFirstAdmin(token, password, confirmPassword));
      void navigate('/admin/dashboard', { replace: true });
    } catch (e) {
      setError(errorText(e, 'Failed to set the password'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <div className={styles.page} data-host={host}>
      <main className={styles.card}>
        <h1 className={styles.title}>Choose the admin password</h1>
        <p className={styles.subtitle}>This one-time link sets the first administrator&apos;s password.</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {error && <ErrorBanner message={error} />}
          <FormField
            label="New Password"
            id="setup-password"
            error={errors.password?.message}
            hint="At least 8 characters, not a common one"
          >
            <input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirm Password" id="setup-confirm" error={errors.confirmPassword?.message}>
            <input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" block busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Set Password and Sign In'}
          </Button>
        </form>
      </main>
    </div>
  );
}

function SignIn() {
  const { login } = useAuth();
  const { host } = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const settings = useQuery({ queryKey: queryKeys.settings, queryFn: () => api.settings.get() });
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const from = (location.state as { from?: unknown } | null)?.from;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await login(email, password);
      void navigate(afterLoginPath(from), { replace: true });
    } catch (e) {
      setError(errorText(e, 'Failed to log in'));
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <div className={styles.page} data-host={host}>
      <main className={styles.card}>
        <h1 className={styles.title}>Admin Login</h1>
        <p className={styles.subtitle} data-testid="login-site-name">
          Sign in to manage {settings.data?.siteName ?? 'Past Paper Library'}
        </p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {error && <ErrorBanner message={error} />}
          <FormField label="Email" id="login-email" error={errors.email?.message}>
            <input type="email" autoComplete="username" {...form.register('email')} />
          </FormField>
          <FormField label="Password" id="login-password" error={errors.password?.message}>
            <input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Button type="submit" block busy={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <p className={styles.release} data-testid="admin-release">
          Release {__RELEASE_VERSION__}
        </p>
      </main>
    </div>
  );
}
