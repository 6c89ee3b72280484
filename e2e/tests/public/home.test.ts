import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { enUS, openPublicPage, publicApi, type SeededPaper, type SeededSubject } from '../../support/public';
import { productState } from '../../support/state';

/** The home page with the seeded library, in real Chromium inside the shell. */
describe('public home page', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let papers: SeededPaper[];
  let subjects: SeededSubject[];

  beforeAll(async () => {
    browser = await launchBrowser();
    [papers, subjects] = await Promise.all([
      publicApi<SeededPaper[]>(baseUrl, '/past_papers.php'),
      publicApi<SeededSubject[]>(baseUrl, '/subjects.php'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('types the brand title, shows a quote and the stats in en-US format with the fixed 4.9/5 rating', async () => {
    const stats = await publicApi<{ totalPapers: number; totalUsers: number; totalDownloads: number }>(
      baseUrl,
      '/dashboard_stats.php',
    );
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    expect(await page.getByTestId('public-layout').getAttribute('data-host')).toBe('shell');
    await page.getByRole('heading', { level: 1, name: 'Past Paper Library' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="typed-title"]')?.textContent === 'Past Paper Library',
      undefined,
      {
        timeout: 10_000,
      },
    );
    expect((await page.getByTestId('education-quote').textContent())?.length).toBeGreaterThan(20);

    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="stat-past-papers"] dd')?.textContent === expected,
      enUS(stats.totalPapers),
    );
    expect(await page.getByTestId('stat-students-helped').textContent()).toBe(
      `Students Helped${enUS(stats.totalUsers)}`,
    );
    expect(await page.getByTestId('stat-downloads').locator('dd').textContent()).toBe(enUS(stats.totalDownloads));
    expect(await page.getByTestId('stat-rating').locator('dd').textContent()).toBe('4.9/5');
    expect(await page.title()).toBe('Past Paper Library');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the four most popular subjects and the six most recent uploads, linking to subject pages', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    const popular = page.getByTestId('popular-subjects').getByRole('link');
    await popular.first().waitFor();
    const hrefs = await popular.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(4);
    // The four with most papers, most first (other tests may have added papers, so counts can differ).
    const shown = hrefs.map((href) => {
      const code = decodeURIComponent(href!.replace('/subjects/', ''));
      return subjects.find((s) => s.code === code)!.paper_count;
    });
    const topFour = subjects
      .map((s) => s.paper_count)
      .sort((a, b) => b - a)
      .slice(0, 4);
    expect(shown).toEqual(topFour);
    expect(await page.getByTestId('recent-uploads').getByRole('listitem').count()).toBe(Math.min(6, papers.length));

    await popular.first().click();
    await page.waitForURL(`${baseUrl}${hrefs[0]}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('searches the loaded papers after typing stops, caches the term, and clears', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    const box = page.getByRole('searchbox', { name: 'Search past papers by subject, code or level' });
    await box.fill('PHYSICS');
    await page.getByTestId('search-skeleton').waitFor();
    const expected = papers.filter((p) => p.subject.toLowerCase().includes('physics')).length;
    await page
      .getByText(new RegExp(`^(${expected} results|Showing 12 of ${expected} results) for “PHYSICS”$`))
      .waitFor();
    expect(page.url()).toBe(`${baseUrl}/?q=PHYSICS`);
    const first = page.locator('section[aria-labelledby="paper-search-heading"] ul li a').first();
    expect(await first.getAttribute('href')).toMatch(/^\/past-papers\/subject\//);

    await box.fill('zzqx-no-such-paper');
    await page.getByText('No results found').waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    expect(await box.inputValue()).toBe('');
    await page.waitForURL(`${baseUrl}/`);

    // The same term again comes from the cache: no simulated search this time.
    await box.fill('PHYSICS');
    await page.getByText(/results? for “PHYSICS”/).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never runs what a visitor types as HTML', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    await page
      .getByRole('searchbox', { name: /Search past papers/ })
      .fill('<img src=x onerror="window.__typed=1"><script>window.__typed=2</script>');
    await page.getByText('No results found').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __typed?: number }).__typed)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
