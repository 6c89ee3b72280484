import { AUTH_TOKEN_KEY, AUTH_USER_KEY, type SignedInUser } from '@ppl/shared-ui';

/** Spec section 4: the token and the user are kept in local storage under auth_token and auth_user. */
export const authStorage = {
  read(): { token: string; user: SignedInUser } | null {
    try {
      const token = localStorage.getItem(AUTH_TOKEN_KEY);
      const raw = localStorage.getItem(AUTH_USER_KEY);
      if (!token || !raw) return null;
      const user = JSON.parse(raw) as SignedInUser;
      return user && typeof user === 'object' ? { token, user } : null;
    } catch {
      return null;
    }
  },
  write(token: string, user: SignedInUser): void {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    localStorage.removeItem(AUTH_USER_KEY);
  },
};
