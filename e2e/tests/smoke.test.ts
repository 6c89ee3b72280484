import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { productState } from '../support/state';

describe('smoke: the whole product on one origin', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the public remote at / with real statistics from the BFF', async () => {
    const stats = (await (await fetch(`${baseUrl}/backend/api/dashboard_stats.php`)).json()) as {
      data: { totalPapers: number };
    };
    expect(stats.data.totalPapers).toBeGreaterThanOrEqual(40);

    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).waitFor();
    const papers = page.getByTestId('stat-past-papers');
    await expect(papers.textContent()).resolves.toBeDefined();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="stat-past-papers"]')?.textContent?.includes(expected),
      String(stats.data.totalPapers),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads at most 150 KB of gzip JS for the home page, which hydrates from its own data without asking the API', async () => {
    const { page, errors } = await newPage(browser);
    const scripts: Array<Promise<number>> = [];
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/backend/')) apiRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok())
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    const totalKb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
    expect(sizes.length).toBeGreaterThan(3);
    expect(totalKb).toBeLessThanOrEqual(150);
    expect(apiRequests).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders the admin remote at /login with the site name read from the BFF', async () => {
    const settings = (await (await fetch(`${baseUrl}/backend/api/settings.php`)).json()) as {
      data: { siteName: string };
    };
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await expect(page.getByTestId('login-site-name').textContent()).resolves.toContain(settings.data.siteName);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads deep links directly', async () => {
    const { page } = await newPage(browser);
    const response = await page.goto(`${baseUrl}/past-papers/cambridge-igcse`);
    expect(response?.status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const admin = await page.goto(`${baseUrl}/admin/users`);
    expect(admin?.status()).toBe(200);
    // Not signed in: the guard sends the visitor to /login.
    await page.waitForURL(`${baseUrl}/login`);
    await page.context().close();
  });
});
