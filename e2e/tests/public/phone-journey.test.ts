import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { horizontalOverflow, openPublicPage } from '../../support/public';
import { productState } from '../../support/state';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = join(ROOT, 'e2e', 'screenshots');

/** Nothing wider than the screen, and a screenshot for the reviewer. */
async function fitsAndShoot(page: Page, name: string): Promise<void> {
  expect({ name, overflow: await horizontalOverflow(page) }).toEqual({ name, overflow: 0 });
  await page.screenshot({ path: join(SHOTS, `phone-${name}.png`) });
}

/**
 * A student's whole journey on a 390×844 phone: from the home page through the menu to a level, a subject,
 * its mark schemes in the list view and a real download; the FAQs; the contact form. Nothing scrolls sideways.
 */
describe('a student on a 390 px phone', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a subject from the menu, reads its mark schemes as a list and downloads a paper', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await openPublicPage(page, baseUrl, '/');
    await page.getByTestId('recent-uploads').waitFor();
    await fitsAndShoot(page, 'home');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Menu' }).tap();
    await nav.getByRole('button', { name: 'Past Papers' }).tap();
    await nav.getByRole('link', { name: 'Cambridge IGCSE' }).tap();
    await page.waitForURL(`${baseUrl}/past-papers/cambridge-igcse`);
    await page.getByTestId('subject-group').first().waitFor();
    await fitsAndShoot(page, 'listing');

    await openPublicPage(page, baseUrl, '/subjects/0580?view=list');
    await page.getByRole('heading', { level: 1, name: 'Mathematics' }).waitFor();
    await page.getByRole('tab', { name: /Mark Schemes/ }).tap();
    await page.getByTestId('resource').first().waitFor();
    await fitsAndShoot(page, 'subject-list');
    // Every resource's actions are on the screen, not beyond its right edge.
    const download = page
      .getByTestId('resource')
      .first()
      .getByRole('link', { name: /Download/ });
    await download.scrollIntoViewIfNeeded();
    const box = (await download.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const href = await download.getAttribute('href');
    const file = await page.request.get(`${baseUrl}${href}`);
    expect(file.status()).toBe(200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens an FAQ and sends the contact form', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await openPublicPage(page, baseUrl, '/faqs');
    const first = page.getByRole('button', { expanded: false }).first();
    await first.waitFor();
    await first.tap();
    await fitsAndShoot(page, 'faqs');

    await openPublicPage(page, baseUrl, '/contact');
    await page.getByLabel('Name', { exact: true }).fill('Wanjiru Kamau');
    await page.getByLabel('Email', { exact: true }).fill('wanjiru@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(`Phone journey ${Date.now()}`);
    await page.getByLabel('Message', { exact: true }).fill('Grade 7 CBC papers, please.');
    await page.getByRole('button', { name: 'Send Message' }).tap();
    await page.getByText("Thank you for your message! We'll get back to you within 24 hours.").waitFor();
    await fitsAndShoot(page, 'contact');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
