import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { horizontalOverflow, openPublicPage } from '../../support/public';
import { productState } from '../../support/state';

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** Issue 4: a 375 px phone. Nothing is wider than the screen; the menu works by touch and by keyboard. */
describe('public site on a 375 px phone', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/', 'recent-uploads'],
    ['/past-papers/cambridge-igcse', 'subject-group'],
    ['/past-papers?view=list', 'subject-group'],
    ['/subjects/0580', 'resource'],
    ['/subjects/0580?view=list', 'resource'],
    ['/faqs', 'public-release'],
    ['/contact', 'contact-faqs'],
    ['/no-such-page', 'public-release'],
  ])('%s fits the screen', async (path, testId) => {
    const { page, errors } = await newPage(browser, PHONE);
    await openPublicPage(page, baseUrl, path);
    await page.getByTestId(testId).first().waitFor();
    expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('folds the navigation into a menu that opens by tap, closes on Escape and on navigation', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await openPublicPage(page, baseUrl, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    expect(await nav.getByRole('link', { name: 'FAQs' }).isVisible()).toBe(false);

    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'FAQs' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // By keyboard: open, into the Past Papers dropdown, to a category.
    await page.keyboard.press('Enter');
    const papers = nav.getByRole('button', { name: 'Past Papers' });
    await papers.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Cambridge IGCSE' }).click();
    await page.waitForURL(`${baseUrl}/past-papers/cambridge-igcse`);
    // The menu closes as the new page renders (after the URL changes): wait for that, then check its state.
    await nav.getByRole('link', { name: 'FAQs' }).waitFor({ state: 'hidden', timeout: 5000 });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("takes the navigation's scrolled appearance after 20 px", async () => {
    const { page } = await newPage(browser, PHONE);
    await openPublicPage(page, baseUrl, '/');
    const header = page.locator('header[data-scrolled]');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(
      () => document.querySelector('header[data-scrolled]')?.getAttribute('data-scrolled') === 'true',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector('header[data-scrolled]')?.getAttribute('data-scrolled') === 'false',
    );
    await page.context().close();
  });
});
