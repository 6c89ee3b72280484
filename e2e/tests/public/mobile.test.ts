import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { horizontalOverflow, openPublicPage } from '../../support/public';
import { productState } from '../../support/state';

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
/** The QA pass's phone (the subject List view was 752 px wide there). */
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A 375 px phone. Nothing is wider than the screen; the menu works by touch and by keyboard. */
describe('public site on 375 and 390 px phones', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/', 'recent-uploads', PHONE_390],
    ['/subjects/0580?view=list', 'resource', PHONE_390],
    ['/past-papers?view=list', 'subject-group', PHONE_390],
    ['/past-papers/cambridge-igcse', 'subject-group', PHONE_390],
    ['/faqs', 'public-release', PHONE_390],
  ])('%s fits the screen', async (path, testId, device) => {
    const { page, errors } = await newPage(browser, device);
    await openPublicPage(page, baseUrl, path);
    await page.getByTestId(testId).first().waitFor();
    expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
    // Every row's year, View and Download lie inside the screen (not just clipped by overflow: hidden).
    const outside = await page.evaluate(
      (width) =>
        [...document.querySelectorAll('main a, main button, main td, main th')]
          .filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0)
          // Visually hidden text (clipped to nothing, for screen readers) takes no room on screen.
          .filter((el) => {
            for (let node: Element | null = el; node; node = node.parentElement) {
              const style = getComputedStyle(node);
              if (style.clipPath !== 'none' || style.clip !== 'auto') return false;
            }
            return true;
          })
          .map((el) => ({ text: (el.textContent ?? '').trim().slice(0, 30), right: el.getBoundingClientRect().right }))
          .filter((box) => box.right > width + 0.5),
      device.viewport.width,
    );
    expect({ path, outside }).toEqual({ path, outside: [] });
    // The site's name is shown whole beside the search and menu buttons (not cut, not ended in an ellipsis).
    const brand = await page
      .getByTestId('public-layout')
      .locator('header a[href="/"] span')
      .last()
      .evaluate((el) => ({ shown: (el.textContent ?? '').length > 0, cut: el.scrollWidth > el.clientWidth }));
    expect({ path, brand }).toEqual({ path, brand: { shown: true, cut: false } });
    expect(errors).toEqual([]);
    await page.context().close();
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
  ])('%s fits a 375 px screen', async (path, testId) => {
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
