import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { openPublicPage, waitForLivePage } from '../../support/public';
import { productState } from '../../support/state';

/** Any other path shows 'Page Not Found' with 'Go to Homepage'. */
describe('public 404 page', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/no-such-page', '/past-papers/not-a-category', '/faqs/extra/segments'])(
    '%s is Page Not Found, and Go to Homepage goes home',
    async (path) => {
      const { page, errors } = await newPage(browser);
      const response = await page.goto(`${baseUrl}${path}`);
      // The server renders the page, with the status a missing page has.
      expect(response?.status()).toBe(404);
      await waitForLivePage(page);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.title()).toBe('Page Not Found · Past Paper Library');
      await page.getByRole('link', { name: 'Go to Homepage' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByTestId('stat-past-papers').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('keeps the layout around the 404 page', async () => {
    const { page } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/nothing-here');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByTestId('public-release').waitFor();
    await page.context().close();
  });
});
