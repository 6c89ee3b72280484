import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './state';

/** What the BFF answers to a sign-in (docs/api-contract.md). */
export interface AdminSession {
  token: string;
  user: { id: number; name: string; email: string; role: string; status: string };
}

/** Signs the e2e admin in through the API (the login screen has its own journey). */
export async function adminSession(baseUrl: string): Promise<AdminSession> {
  const response = await fetch(`${baseUrl}/backend/api/auth_login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: AdminSession['user'] };
  return { token: body.token, user: body.user };
}

/** Every page of the context starts signed in (auth_token and auth_user in local storage, spec section 4). */
export async function signInContext(context: BrowserContext, session: AdminSession): Promise<void> {
  await context.addInitScript(
    ([token, user]) => {
      if (!window.localStorage.getItem('auth_token')) {
        window.localStorage.setItem('auth_token', token);
        window.localStorage.setItem('auth_user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** A JSON call to the BFF as the admin (test set-up and checks). */
export async function adminApi<T>(
  baseUrl: string,
  session: AdminSession,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/backend/api${path}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      Authorization: `Bearer ${session.token}`,
      ...(init.headers ?? {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The longest the admin layout may take to show: the console's code and the signed-in check, on a CI machine whose
 * two cores also run another suite's product and browser (a CI run saw a screen take over 30 s there). A console
 * whose code is slower than the shell's quick timeout shows the fallback first and then replaces it by itself (the
 * shell tries again behind the fallback, with patience), so this waits through that too.
 */
const ADMIN_LAYOUT_MS = 60_000;

/**
 * Waits until the admin layout (behind the guard) is on screen. If it does not show, the error says where the page
 * is and what it shows (the login form, an error, the fallback, still loading), not only that it timed out.
 */
export async function waitForAdmin(page: Page): Promise<void> {
  try {
    await page.getByTestId('admin-layout').waitFor({ timeout: ADMIN_LAYOUT_MS });
  } catch (error) {
    const shown = await page
      .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300) ?? '')
      .catch(() => '(the page could not be read)');
    throw new Error(`The admin layout did not show at ${page.url()}; the page shows: "${shown}"`, { cause: error });
  }
}

/** A unique suffix so that journeys never collide with seeded or earlier data. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
