import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { openPublicPage, publicApi, seriousA11yViolations, settled, waitForLivePage } from '../../support/public';
import { ADMIN, productState } from '../../support/state';

const SHOTS = join(ROOT, 'e2e', 'screenshots');
const PHONE = process.env.E2E_VIEWPORT === 'phone';

/** How many pixels of a drawn page are not (nearly) white: a blank canvas has none. */
function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
    return ink;
  });
}

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page): Promise<boolean> {
  return settled(
    // (A read while the page is still settling may find no execution context: asked again.)
    () => page.evaluate(() => !!navigator.serviceWorker.controller).catch(() => false),
    (yes) => yes,
    20_000,
  );
}

/** Entries of one of the site's caches, as the page sees them. */
const cacheEntries = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => r.url), name);

interface SubjectPage {
  subject: { papers: Array<{ id: number }> };
  coverage: { sessions: Array<{ year: number; session: string; past_paper_ids: number[]; bytes: number }> };
}

/**
 * A session saved for offline (its size shown first, progress while saving), then read with no
 * connection: the subject page and a saved paper in the viewer (page 1 drawn, find in the document), an unsaved page
 * answered by the offline page listing what is saved; back online the pack is removed and its files are gone; the
 * admin console signs in and saves with the worker installed.
 */
describe('offline packs', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let session: SubjectPage['coverage']['sessions'][number];

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    const page = await publicApi<SubjectPage>(baseUrl, '/pages/subject?code=0580');
    session = page.coverage.sessions[0]!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the worker at the root, always revalidated, with the whole site as its scope', async () => {
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await worker.text()).toContain('"precache":[');
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const icons = ((await manifest.json()) as { icons: Array<{ src: string }> }).icons;
    for (const icon of icons) {
      const png = await fetch(`${baseUrl}${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await png.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    expect(icons.length).toBe(2);
  });

  it('saves a session, reads it offline, shows the offline page for the rest, and removes it', async () => {
    const { page, context, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/subjects/0580');
    expect(await controlled(page)).toBe(true);
    // The manifest is linked from the server's HTML; the worker is the public site's release's.
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');

    // The first session's "Save": its size before anything is fetched.
    const save = page.getByTestId('subject-coverage').getByTestId('save-offline').first();
    await save.waitFor();
    const planned = Number(await save.getAttribute('data-bytes'));
    expect(planned).toBeGreaterThan(0);
    expect(await save.getByTestId('save-offline-size').textContent()).toMatch(/\d+(\.\d+)? (B|KB|MB)/);
    await page.screenshot({ path: join(SHOTS, `offline-subject-${PHONE ? 'phone' : 'desktop'}.png`) });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await save.getByRole('button').click();
    await page
      .getByTestId('subject-coverage')
      .locator('[data-testid="save-offline"][data-state="saved"]')
      .first()
      .waitFor({ timeout: 60_000 });

    await page
      .getByTestId('subject-coverage')
      .screenshot({ path: join(SHOTS, `offline-sessions-${PHONE ? 'phone' : 'desktop'}.png`) });

    // The session's papers are marked where the subject page lists them.
    await page.getByTestId('saved-offline-mark').first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('saved-offline-mark').count()).toBeGreaterThan(0);

    // Every document of the session is in the packs cache, whole.
    const saved = await cacheEntries(page, 'ppl-packs');
    expect(saved.filter((url) => url.includes('stream=1')).length).toBeGreaterThanOrEqual(
      session.past_paper_ids.length,
    );

    // No connection: the subject page and a saved paper in the viewer.
    await context.setOffline(true);
    await openPublicPage(page, baseUrl, '/subjects/0580');
    expect(await page.locator('h1').first().textContent()).toMatch(/Mathematics/i);
    const paperId = session.past_paper_ids[0]!;
    const started = Date.now();
    await page.goto(`${baseUrl}/papers/${paperId}/view`);
    await waitForLivePage(page);
    const qp = page.getByTestId('pane-question-paper');
    await qp.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    const canvas = qp.locator('.page[data-page-number="1"] canvas').first();
    await canvas.waitFor();
    const firstPageMs = Date.now() - started;
    expect(await inkedPixels(canvas)).toBeGreaterThan(500);
    // Find in the document works from the saved copy.
    await page.getByTestId('find-input').fill('the');
    await page.getByTestId('find-input').press('Enter');
    await settled(
      () => page.getByTestId('find-status').textContent(),
      (t) => /\d+ of \d+ match/.test(t ?? ''),
      15_000,
    );
    expect(await page.getByTestId('find-status').textContent()).toMatch(/^\d+ of \d+ match/);
    await page.screenshot({ path: join(SHOTS, `offline-viewer-${PHONE ? 'phone' : 'desktop'}.png`) });

    // A page that was never saved: the offline page, listing the saved session.
    await page.goto(`${baseUrl}/faqs`);
    await page.waitForURL(/\/offline\?from=%2Ffaqs$/);
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').textContent()).toContain('/faqs');
    // The saved packs are read from the device after the notice shows.
    await page.getByTestId('offline-pack').first().waitFor();
    expect(await page.getByTestId('offline-pack').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, `offline-page-${PHONE ? 'phone' : 'desktop'}.png`) });

    // Back online: remove the pack; its files leave the cache.
    await context.setOffline(false);
    await openPublicPage(page, baseUrl, '/offline');
    await page.getByTestId('offline-pack').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const before = await page.getByTestId('offline-storage').textContent();
    expect(before).toMatch(/Saved: \d/);
    await page
      .getByTestId('offline-pack')
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page.getByText('Nothing saved yet').waitFor();
    expect(await page.getByTestId('offline-storage').textContent()).toMatch(/^Saved: 0 B/);
    expect(await cacheEntries(page, 'ppl-packs')).toEqual([]);
    expect(errors).toEqual([]);
    console.log(
      `offline: session of ${session.past_paper_ids.length} papers, ${planned} bytes planned; page 1 offline in ${firstPageMs} ms`,
    );
    await context.close();
  });

  it('leaves the admin console to the network: it signs in and saves with the worker installed', async () => {
    const { page, context, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    expect(await controlled(page)).toBe(true);
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker()) fromWorker.push(response.url());
    });

    const navigation = await page.goto(`${baseUrl}/admin/faqs`);
    expect(navigation?.fromServiceWorker()).toBe(false);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/admin/faqs`);
    await page.getByTestId('admin-layout').waitFor();
    // A write through the worker's scope: toggling an FAQ's state saves (and toggles back).
    const row = page.locator('tbody tr').first();
    const published = row.getByRole('button', { name: /^(Published|Draft)/ });
    const was = (await published.textContent())?.trim().startsWith('Published') ? 'Published' : 'Draft';
    await published.click();
    await row.getByRole('button', { name: new RegExp(`^${was === 'Published' ? 'Draft' : 'Published'}`) }).waitFor();
    await row.getByRole('button', { name: new RegExp(`^${was === 'Published' ? 'Draft' : 'Published'}`) }).click();
    await row.getByRole('button', { name: new RegExp(`^${was}`) }).waitFor();

    // Nothing the admin pages asked for was answered by the worker, nor stored by it.
    expect(fromWorker.filter((url) => !/\.[0-9a-f]{8}\.(js|css)$/.test(url))).toEqual([]);
    const stored = [...(await cacheEntries(page, 'ppl-api')), ...(await cacheEntries(page, `ppl-packs`))].filter(
      (url) => /admin|auth/.test(url),
    );
    expect(stored).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
