import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type PageWatch } from '../../support/browser';
import { openPublicPage, seriousA11yViolations } from '../../support/public';
import { productState } from '../../support/state';

/** What each page shows once its data is there. */
const PAGES: Array<[string, (page: Page) => Promise<void>]> = [
  ['/', (page) => page.getByTestId('recent-uploads').waitFor()],
  ['/past-papers/cambridge-igcse', (page) => page.getByTestId('subject-group').first().waitFor()],
  ['/subjects/0580', (page) => page.getByTestId('resource').first().waitFor()],
  ['/subjects/0580?view=list&tab=mark-schemes', (page) => page.getByRole('table').waitFor()],
  ['/faqs', (page) => page.locator('button[aria-expanded="true"][id^="faq-q-"]').first().waitFor()],
  ['/contact', (page) => page.getByTestId('contact-faqs').waitFor()],
  ['/no-such-page', (page) => page.getByRole('heading', { name: 'Page Not Found' }).waitFor()],
];

/** No serious or critical axe violations on the main pages; keyboard focus is visible. */
describe('public pages: accessibility', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  /** One page per viewport, reused from page to page (as a student browses; each check reads the page it loaded). */
  let viewports: Array<{ width: number; watch: PageWatch }> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    viewports = [
      { width: 1280, watch: await newPage(browser, { viewport: { width: 1280, height: 900 } }) },
      { width: 375, watch: await newPage(browser, { viewport: { width: 375, height: 740 } }) },
    ];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)('%s has no serious or critical axe violations (desktop and 375 px)', async (path, ready) => {
    for (const { width, watch } of viewports) {
      const { page, errors } = watch;
      await openPublicPage(page, baseUrl, path);
      await ready(page);
      expect({ path, viewport: width, violations: await seriousA11yViolations(page) }).toEqual({
        path,
        viewport: width,
        violations: [],
      });
      expect(errors).toEqual([]);
    }
  });

  it('with menus open, the navigation has no serious or critical violations', async () => {
    const { page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await openPublicPage(page, baseUrl, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Past Papers' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows where keyboard focus is, starting with a skip link to the content', async () => {
    const { page } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/faqs');
    await page.locator('button[id^="faq-q-"]').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const rect = el.getBoundingClientRect();
      return { text: el.textContent, visible: rect.top >= 0 && rect.height > 0 };
    });
    expect(skip).toEqual({ text: 'Skip to main content', visible: true });
    await page.keyboard.press('Enter');
    // Tab through the page: every focused control draws a visible outline.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { tag: el.tagName, outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
      });
      expect(outline).toEqual({ tag: outline.tag, outline: true });
    }
    await page.context().close();
  });
});
