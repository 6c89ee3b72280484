import type { Browser } from 'playwright-core';
import { adminApi, adminSession } from '../../support/admin';
import { launchBrowser, newPage } from '../../support/browser';
import { openPublicPage, publicApi, settled } from '../../support/public';
import { productState } from '../../support/state';

interface SeededFaq {
  id: number;
  question: string;
  answer: string;
  category: string;
  sort_order: number;
}

interface SiteSettings {
  contactEmail: string;
  supportPhone: string;
  liveChatHours: string;
  officeAddress: string;
}

/** The FAQs page and the contact page with the seeded FAQs and settings. */
describe('public FAQs and contact pages', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let faqs: SeededFaq[];

  beforeAll(async () => {
    browser = await launchBrowser();
    faqs = (await publicApi<{ faqs: SeededFaq[] }>(baseUrl, '/faqs.php?published_only=true')).faqs;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the first FAQ, toggles answers rendered as HTML with line breaks, filters by category and search', async () => {
    const first = [...faqs].sort((a, b) => a.sort_order - b.sort_order)[0]!;
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/faqs');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    const expanded = page.locator('button[aria-expanded="true"][id^="faq-q-"]');
    await expanded.first().waitFor();
    expect(await expanded.allTextContents()).toEqual([first.question]);

    // An answer with markup renders it; one with a line break keeps it.
    const withMarkup = faqs.find((f) => f.answer.includes('<strong>'))!;
    await page.getByRole('button', { name: withMarkup.question }).click();
    const region = page.getByRole('region', { name: withMarkup.question });
    expect(await region.locator('strong').count()).toBeGreaterThan(0);
    const withBreak = faqs.find((f) => f.answer.includes('\n'))!;
    await page.getByRole('button', { name: withBreak.question }).click();
    expect(await page.getByRole('region', { name: withBreak.question }).locator('br').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: withBreak.question }).click();
    expect(await page.getByRole('button', { name: withBreak.question }).getAttribute('aria-expanded')).toBe('false');

    const filters = page.getByRole('group', { name: 'Filter by category' });
    await filters.getByRole('button', { name: 'Technical' }).click();
    await page.waitForURL(`${baseUrl}/faqs?category=Technical`);
    const technical = faqs.filter((f) => f.category === 'Technical').map((f) => f.question);
    const shown = () => page.locator('button[id^="faq-q-"]').allTextContents();
    expect((await settled(shown, (q) => q.length === technical.length)).sort()).toEqual([...technical].sort());

    await filters.getByRole('button', { name: 'All' }).click();
    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('variant');
    const variantQuestions = faqs
      .filter((f) => `${f.question} ${f.answer}`.toLowerCase().includes('variant'))
      .map((f) => f.question);
    expect((await settled(shown, (q) => q.length === variantQuestions.length)).sort()).toEqual(
      [...variantQuestions].sort(),
    );

    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('zebra crossing');
    await page.getByText('No FAQs found').waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faqs`);

    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(`${baseUrl}/contact`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the contact methods and the contact FAQs, and sends an inquiry with its priority', async () => {
    const settings = await publicApi<SiteSettings>(baseUrl, '/settings.php');
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/contact');
    const methods = page.getByTestId('contact-methods');
    await methods.waitFor();
    for (const value of [
      settings.contactEmail,
      settings.supportPhone,
      settings.liveChatHours,
      settings.officeAddress,
    ]) {
      expect(await methods.textContent()).toContain(value);
    }
    const contactFaqs = faqs
      .filter((f) => f.category === 'Contact')
      .sort((a, b) => a.sort_order - b.sort_order)
      .slice(0, 6);
    await page.getByTestId('contact-faqs').waitFor();
    expect(await page.getByTestId('contact-faqs').getByRole('heading').allTextContents()).toEqual(
      contactFaqs.map((f) => f.question),
    );
    expect(await page.getByRole('link', { name: 'View all FAQs' }).getAttribute('href')).toBe('/faqs');

    const stamp = `e2e-${Date.now()}`;
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Amina Otieno');
    await page.getByLabel('Email', { exact: true }).fill('amina@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(`Missing paper ${stamp}`);
    await page.getByLabel('Message', { exact: true }).fill('Please add 0580 Oct/Nov 2019, paper 2.');
    expect(await page.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'High' }).check();
    await page.getByRole('button', { name: 'Send Message' }).click();

    const success = page.getByText("Thank you for your message! We'll get back to you within 24 hours.");
    await success.waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);

    const session = await adminSession(baseUrl);
    const list = await adminApi<{
      inquiries: Array<{ subject: string; message: string; name: string; email: string }>;
    }>(baseUrl, session, '/inquiries.php?page=1&limit=50');
    const stored = list.inquiries.find((i) => i.subject === `Missing paper ${stamp}`);
    expect(stored).toMatchObject({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      message: 'Priority: high\n\nPlease add 0580 Oct/Nov 2019, paper 2.',
    });

    // The success text stays for 5 seconds.
    await success.waitFor({ state: 'detached', timeout: 7000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps what a visitor typed while the scripts were on the way and sends it once the page is live', async () => {
    const { page, errors } = await newPage(browser);
    // Hold every script until the visitor has typed (a slow phone on paid-for data).
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Deferred scripts hold DOMContentLoaded back too: the page is there to type into once it has arrived.
    await page.goto(`${baseUrl}/contact`, { waitUntil: 'commit' });
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true);
    const stamp = `early-${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill('Brian Kamau');
    await page.getByLabel('Email', { exact: true }).fill('brian@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(`Typed early ${stamp}`);
    await page.getByLabel('Message', { exact: true }).fill('Is 9709 paper 3 from 2021 coming?');
    await page.getByRole('radio', { name: 'Low' }).check();
    // Before the page is live, Enter in a field does not send the form as a GET (what was typed in the address).
    await page.getByLabel('Subject', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');

    releaseScripts();
    await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe(`Typed early ${stamp}`);
    expect(await page.getByRole('radio', { name: 'Low' }).isChecked()).toBe(true);
    await send.click();
    await page.getByText("Thank you for your message! We'll get back to you within 24 hours.").waitFor();

    const session = await adminSession(baseUrl);
    const list = await adminApi<{ inquiries: Array<{ subject: string; message: string; name: string }> }>(
      baseUrl,
      session,
      '/inquiries.php?page=1&limit=50',
    );
    expect(list.inquiries.find((i) => i.subject === `Typed early ${stamp}`)).toMatchObject({
      name: 'Brian Kamau',
      message: 'Priority: low\n\nIs 9709 paper 3 from 2021 coming?',
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
