import type { Browser } from 'playwright-core';
import { adminApi, adminSession, signInContext, waitForAdmin, type AdminSession } from './admin';
import { newPage, type PageWatch } from './browser';
import { sharedBrowser } from './shared-browser';
import { productState } from './state';

type ContextOptions = Parameters<Browser['newContext']>[0];

/**
 * What the admin journeys of one test file share: a browser and the e2e admin's session, set up before its tests
 * and closed after them. Call it at the top of a `describe` (it registers the beforeAll and afterAll).
 */
export function adminJourney() {
  const { baseUrl } = productState();
  const shared = sharedBrowser();
  let session: AdminSession | undefined;

  beforeAll(async () => {
    session = await adminSession(baseUrl);
  });

  const signedIn = (): AdminSession => {
    if (!session) throw new Error('adminJourney(): used before its beforeAll ran');
    return session;
  };

  /** A fresh page whose context starts signed in as the admin. */
  const signedInPage = async (options?: ContextOptions): Promise<PageWatch> => {
    const watch = await newPage(shared.browser, options);
    await signInContext(watch.context, signedIn());
    return watch;
  };

  return {
    baseUrl,
    get browser(): Browser {
      return shared.browser;
    },
    /** A JSON call to the BFF as the admin (set-up and checks). */
    api: <T>(path: string, init?: RequestInit): Promise<T> => adminApi<T>(baseUrl, signedIn(), path, init),
    signedInPage,
    /** A signed-in page at `path` (e.g. '/admin/users'), once the admin layout is on screen. */
    openAdmin: async (path: string, options?: ContextOptions): Promise<PageWatch> => {
      const watch = await signedInPage(options);
      await watch.page.goto(`${baseUrl}${path}`);
      await waitForAdmin(watch.page);
      return watch;
    },
  };
}
