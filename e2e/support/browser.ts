import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the journeys drive, with the flags this closed network needs (see toolchain notes): Debian's
 * chromium-headless-shell when it is installed (the headless-only build of the same Chromium, which playwright itself
 * uses for headless runs: the same journeys took about 30 % less CPU and wall time than the full browser's headless
 * mode here), else Debian's chromium. CHROMIUM_PATH overrides both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and hydration mismatches seen so far (a journey should end with none). */
  errors: string[];
}

/** The phone every journey also runs on (`E2E_VIEWPORT=phone`, the `public-phone` run of `npm run test:e2e`). */
export const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DEFAULT_OPTIONS = process.env.E2E_VIEWPORT === 'phone' ? PHONE_VIEWPORT : {};

/** A fresh context and page that records uncaught errors (on the phone when the run says so). */
export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<PageWatch> {
  const context = await browser.newContext({ acceptDownloads: true, ...DEFAULT_OPTIONS, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A server-rendered page that React could not hydrate as it was: the shell logs it, React reports it
  // as error #418/#419/#423/#425 in production builds.
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(1[89]|2[35])/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  return { page, context, errors };
}
