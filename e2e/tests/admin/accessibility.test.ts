import type { Page } from 'playwright-core';
import { unique, waitForAdmin } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';
import { newPage, type PageWatch } from '../../support/browser';
import { seriousA11yViolations } from '../../support/public';

/** Each admin screen with what shows it is ready. */
const SCREENS: Array<[string, (page: Page) => Promise<void>]> = [
  ['/admin/dashboard', (p) => p.getByRole('group', { name: 'Total Downloads' }).waitFor()],
  ['/admin/past-papers', (p) => p.getByRole('table', { name: 'Past papers' }).waitFor()],
  ['/admin/past-papers?view=cards&filters=open', (p) => p.getByRole('list', { name: 'Past papers' }).waitFor()],
  ['/admin/users', (p) => p.getByRole('table', { name: 'Users' }).waitFor()],
  ['/admin/mark-schemes', (p) => p.getByRole('table', { name: 'Mark schemes', exact: true }).waitFor()],
  ['/admin/examiner-reports', (p) => p.getByRole('table', { name: 'Examiner reports', exact: true }).waitFor()],
  // The first page holds whichever levels come first once earlier files have added subjects: any level's heading.
  ['/admin/subjects', (p) => p.getByRole('heading', { level: 3 }).first().waitFor()],
  ['/admin/subjects/new', (p) => p.getByRole('button', { name: 'Create Subject' }).waitFor()],
  ['/admin/faqs', (p) => p.getByRole('table', { name: 'FAQs' }).waitFor()],
  ['/admin/inquiries', (p) => p.getByRole('table', { name: 'Inquiries' }).waitFor()],
  ['/admin/settings', (p) => p.getByRole('button', { name: 'Save Settings' }).waitFor()],
];

describe('admin console accessibility', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  let inquiryId: number | undefined;

  beforeAll(async () => {
    // A new inquiry, so the inquiries table shows its row actions (whatever ran before this file).
    const created = await fetch(`${baseUrl}/backend/api/inquiries.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: unique('A11y'),
        email: 'a11y@example.com',
        subject: 'Row actions',
        message: 'Priority: low\n\nHello',
      }),
    });
    inquiryId = ((await created.json()) as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    if (inquiryId) await journey.api(`/inquiries.php?path=${inquiryId}`, { method: 'DELETE' });
  });

  it('the login page has no serious or critical axe violations', async () => {
    const { page, context } = await newPage(journey.browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  describe('each screen, loaded in one signed-in page in turn', () => {
    let watch: PageWatch | undefined;
    afterAll(async () => {
      await watch?.context.close();
    });

    it.each(SCREENS)('%s has no serious or critical axe violations', async (path, ready) => {
      watch ??= await journey.signedInPage();
      const { page, errors } = watch;
      await page.goto(`${baseUrl}${path}`);
      await waitForAdmin(page);
      await ready(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('the past paper modal and the details page have no serious or critical axe violations', async () => {
    const { data: papers } = await journey.api<{ data: Array<{ id: number }> }>('/past_papers.php');
    const { page, context } = await journey.openAdmin(`/admin/past-papers/edit/${papers[0]!.id}`);
    await page.getByRole('dialog', { name: 'Edit Past Paper' }).getByRole('tab').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/admin/past-papers/${papers[0]!.id}`);
    await page.getByRole('region', { name: 'Summary' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('works at 375 px: the sidebar opens over the page and no screen scrolls sideways', async () => {
    const { page, context } = await journey.openAdmin('/admin/past-papers', { viewport: { width: 375, height: 740 } });
    await page.getByRole('table', { name: 'Past papers' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const toggle = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
