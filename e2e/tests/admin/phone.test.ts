import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { adminSession, signInContext, waitForAdmin, type AdminSession } from '../../support/admin';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { horizontalOverflow } from '../../support/public';
import { productState } from '../../support/state';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = join(ROOT, 'e2e', 'screenshots');

/**
 * At 390 px the admin tables needed sideways scrolling to reach Edit and Delete. Each row is now a
 * card with every field and action; nothing scrolls sideways.
 */
describe('the console on a 390 px phone', () => {
  let browser: Browser;
  let session: AdminSession;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await adminSession(baseUrl);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/admin/past-papers', 'Past papers'],
    ['/admin/mark-schemes', 'Mark schemes'],
    ['/admin/examiner-reports', 'Examiner reports'],
    ['/admin/users', 'Users'],
    ['/admin/faqs', 'FAQs'],
  ])('%s: rows are cards, every action on screen, no sideways scroll', async (path, table) => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInContext(context, session);
    await page.goto(`${baseUrl}${path}`);
    await waitForAdmin(page);
    const grid = page.getByRole('table', { name: table, exact: true });
    await grid.waitFor();
    await page.getByRole('row').nth(1).waitFor();
    expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
    // The first row's last action (Delete, at the end of the row) is inside the screen's width.
    const firstRow = grid.getByRole('row').nth(1);
    const actions = firstRow.getByRole('button');
    const last = actions.nth((await actions.count()) - 1);
    await last.scrollIntoViewIfNeeded();
    const box = (await last.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, `admin-phone${path.replace(/\//g, '_')}.png`), fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
