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
 * two cores also run another suite's product and browser (a CI run saw a screen take over 30 s there).
 */
const ADMIN_LAYOUT_MS = 60_000;
/**
 * How many times the shell's "Try again" is pressed, as an admin would, when the console's code did not arrive within
 * the shell's own timeout (1.2 s, shell/src/federation/runtime.ts): on a loaded CI machine a live console can be that
 * slow (two CI runs showed "The admin console is unavailable" there). A console that never loads still fails.
 */
const RETRIES = 3;

/**
 * Waits until the admin layout (behind the guard) is on screen. If it does not show, the error says where the page
 * is and what it shows (the login form, an error, still loading), not only that it timed out.
 */
export async function waitForAdmin(page: Page): Promise<void> {
  const layout = page.getByTestId('admin-layout');
  const fallback = page.getByTestId('remote-fallback-admin_console');
  const deadline = Date.now() + ADMIN_LAYOUT_MS;
  try {
    for (let retried = 0; ; retried++) {
      await layout
        .or(fallback)
        .first()
        .waitFor({ timeout: Math.max(1, deadline - Date.now()) });
      if (await layout.isVisible()) return;
      if (retried >= RETRIES) throw new Error(`the admin console did not load after ${RETRIES} tries`);
      await fallback.getByRole('button', { name: 'Try again' }).click();
    }
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
