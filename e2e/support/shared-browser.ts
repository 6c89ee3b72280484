import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

/**
 * One browser for the tests of a file: launched before them, closed after them. Call it at the top of a `describe`
 * (it registers the beforeAll and afterAll) and read `.browser` inside the tests.
 */
export function sharedBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('sharedBrowser(): used before its beforeAll ran');
      return browser;
    },
  };
}
