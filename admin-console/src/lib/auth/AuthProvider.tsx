import { api, type LoginResult, type SignedInUser } from '@ppl/shared-ui';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onSessionRejected } from '../session-events';
import { authStorage } from './auth-storage';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: SignedInUser | null;
  login: (email: string, password: string) => Promise<SignedInUser>;
  logout: () => Promise<void>;
  /** Signs out every session of this user on every device, this one included. */
  logoutEverywhere: () => Promise<void>;
  /** Takes over a session the server just issued (after a password change or the first admin's setup). */
  adopt: (result: LoginResult) => SignedInUser;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Spec section 4 "Auth": on start, a stored token and user are checked with the server; authenticated restores
 * the user, anything else (including a failed check) clears them. Logout always clears, even if the call fails.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<SignedInUser | null>(null);

  useEffect(() => {
    let cancelled = false;
    const stored = authStorage.read();
    if (!stored) {
      setStatus('unauthenticated');
      return;
    }
    api.auth
      .check()
      .then((result) => {
        if (cancelled) return;
        if (result.authenticated) {
          const current = result.user ?? stored.user;
          authStorage.write(stored.token, current);
          setUser(current);
          setStatus('authenticated');
        } else {
          authStorage.clear();
          setStatus('unauthenticated');
        }
      })
      .catch(() => {
        if (cancelled) return;
        authStorage.clear();
        setStatus('unauthenticated');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // A 401 from any screen's call: the session ended on the server (expired, revoked). Forget it here too, so the
  // guard sends the admin to /login and back to the same page after signing in again.
  useEffect(
    () =>
      onSessionRejected(() => {
        authStorage.clear();
        setUser(null);
        setStatus('unauthenticated');
      }),
    [],
  );

  const login = useCallback(async (email: string, password: string) => {
    const result = await api.auth.login(email, password);
    if (!result.success || !result.token) throw new Error('Failed to log in');
    authStorage.write(result.token, result.user);
    setUser(result.user);
    setStatus('authenticated');
    return result.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.auth.logout();
    } catch {
      // Logging out locally matters more than telling the server.
    } finally {
      authStorage.clear();
      setUser(null);
      setStatus('unauthenticated');
    }
  }, []);

  const adopt = useCallback((result: LoginResult) => {
    if (!result.success || !result.token) throw new Error('Failed to sign in');
    authStorage.write(result.token, result.user);
    setUser(result.user);
    setStatus('authenticated');
    return result.user;
  }, []);

  const logoutEverywhere = useCallback(async () => {
    await api.auth.logoutEverywhere(); // a failure leaves the sessions as they were: the caller shows it
    authStorage.clear();
    setUser(null);
    setStatus('unauthenticated');
  }, []);

  const value = useMemo(
    () => ({ status, user, login, logout, logoutEverywhere, adopt }),
    [status, user, login, logout, logoutEverywhere, adopt],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The auth state when a provider is mounted (screens rendered on their own in tests have none). */
export function useOptionalAuth(): AuthState | null {
  return useContext(AuthContext);
}
