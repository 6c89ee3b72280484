import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { adminSession, signInContext, waitForAdmin, type AdminSession } from '../../support/admin';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { documentCount, enUS, horizontalOverflow, publicApi, type SeededPaper } from '../../support/public';
import { productState } from '../../support/state';

const DESKTOP = { viewport: { width: 1280, height: 860 } };
const SHOTS = join(ROOT, 'e2e', 'screenshots');

/**
 * Broken 2 and 4: the admin Mark Schemes / Examiner Reports screens add up to what students see (the files
 * added there plus those inside variants), and their rows are one line tall (they were ~300 px with the stored UUID).
 */
describe('admin mark scheme and examiner report lists at 1280 px', () => {
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
    ['/admin/mark-schemes', 'mark_scheme', 'mark schemes', 'Mark schemes', 'Mark Schemes inside past papers'],
    [
      '/admin/examiner-reports',
      'examiner_report',
      'examiner reports',
      'Examiner reports',
      'Examiner Reports inside past papers',
    ],
  ] as const)('%s: the total students see, both tables, short rows', async (path, kind, noun, own, inside) => {
    const papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php');
    const publicTotal = documentCount(papers, kind);
    expect(publicTotal).toBeGreaterThan(0);

    const { page, context, errors } = await newPage(browser, DESKTOP);
    await signInContext(context, session);
    await page.goto(`${baseUrl}${path}`);
    await waitForAdmin(page);
    const totals = page.getByTestId('document-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain(`${enUS(publicTotal)} ${noun} reach students`);

    for (const name of [own, inside]) {
      const table = page.getByRole('table', { name, exact: true });
      await table.getByRole('row').nth(1).waitFor();
      const heights = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.slice(0, 10).map((row) => Math.round(row.getBoundingClientRect().height)));
      // One line of text (a subject name may take two): never the 130-300 px of wrapped actions and UUIDs.
      expect({ name, tall: heights.filter((h) => h > 72) }).toEqual({ name, tall: [] });
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: join(SHOTS, `admin-desktop${path.replace(/\//g, '_')}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
