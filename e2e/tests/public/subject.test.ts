import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import {
  documentCount,
  enUS,
  openPublicPage,
  publicApi,
  settled,
  type SeededPaper,
  type SeededVariant,
} from '../../support/public';
import { productState } from '../../support/state';

const visibleTitles = (page: Page) =>
  page
    .getByTestId('resource')
    .evaluateAll((items) =>
      items.filter((el) => !el.closest('[hidden]')).map((el) => el.querySelector('h4, th')?.textContent ?? ''),
    );

/** A subject page with its tabs, search, sorts and views, and a real download. */
describe('public subject page', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let papers: SeededPaper[];
  let variants: SeededVariant[];

  beforeAll(async () => {
    browser = await launchBrowser();
    papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php?code=0580');
    variants = papers.flatMap((p) => p.variants);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the subject by code in any case, with breadcrumb, stats and tab counts', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/subjects/0580');
    await page.getByRole('heading', { level: 1, name: 'Mathematics' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual(['Home', 'Past Papers', 'Mathematics']);

    const counts = {
      papers: variants.length,
      schemes: documentCount(papers, 'mark_scheme'),
      reports: documentCount(papers, 'examiner_report'),
    };
    await page.getByRole('tab', { name: `Past Papers ${counts.papers}` }).waitFor();
    await page.getByRole('tab', { name: `Mark Schemes ${counts.schemes}` }).waitFor();
    await page.getByRole('tab', { name: `Examiner Reports ${counts.reports}` }).waitFor();
    expect(await page.getByTestId('subject-stat-papers').locator('dd').textContent()).toBe(enUS(counts.papers));
    expect((await visibleTitles(page)).length).toBe(counts.papers);

    // The subject is found by code case-insensitively, under both routes.
    await openPublicPage(page, baseUrl, '/past-papers/subject/wph11');
    await page.getByRole('heading', { level: 1, name: 'Physics' }).waitFor();
    await page.getByText('WPH11', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches tabs by mouse and keyboard, searches, sorts and lists, keeping tab, sort and view in the URL', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/subjects/0580');
    const schemes = page.getByRole('tab', { name: /Mark Schemes/ });
    await schemes.click();
    await page.waitForURL(`${baseUrl}/subjects/0580?tab=mark-schemes`);
    const schemeCount = documentCount(papers, 'mark_scheme');
    const titles = await settled(
      () => visibleTitles(page),
      (t) => t.length === schemeCount,
    );
    expect(titles.length).toBe(schemeCount);
    expect(titles.every((t) => t.endsWith('Mark Scheme'))).toBe(true);

    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/subjects/0580?tab=examiner-reports`);
    expect(
      await page.getByRole('tab', { name: /Examiner Reports/ }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Home');
    await page.waitForURL(`${baseUrl}/subjects/0580`);

    const year = papers[0]!.year;
    await page.getByRole('main').getByRole('searchbox').fill(String(year));
    await page.waitForURL(new RegExp(`q=${year}`));
    const matching = papers.filter((p) => String(p.year).includes(String(year))).flatMap((p) => p.variants).length;
    expect(
      (
        await settled(
          () => visibleTitles(page),
          (t) => t.length === matching,
        )
      ).length,
    ).toBe(matching);
    await page.getByRole('main').getByRole('searchbox').fill('');
    await page.waitForURL(`${baseUrl}/subjects/0580`);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title' });
    await page.getByRole('button', { name: 'List' }).click();
    await page.waitForURL(`${baseUrl}/subjects/0580?sort=title&view=list`);
    await page.getByRole('table').waitFor();
    const rows = await settled(
      () => visibleTitles(page),
      (t) => t.length === variants.length,
    );
    expect(rows).toEqual([...rows].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    expect(await page.getByRole('table').getByRole('columnheader').allTextContents()).toEqual([
      'Title',
      'Paper Code',
      'Session',
      'Year',
      'Size',
      'Downloads',
      'Actions',
    ]);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/subjects/0580?sort=title`);
    expect(
      await settled(
        () => page.getByRole('table').count(),
        (n) => n === 0,
      ),
    ).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads the real PDF with a friendly filename and counts it; View opens the document viewer', async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/subjects/0580?sort=title');
    const first = page.getByTestId('resource').first();
    await first.waitFor();
    const download = first.getByRole('link', { name: /^Download / });
    const href = (await download.getAttribute('href'))!;
    const variantId = Number(/download_variant_id=(\d+)/.exec(href)![1]);
    const before = variants.find((v) => v.id === variantId)!.document_downloads;

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^mathematics-0580-\d{4}-[a-z]+-[a-z]+-paper-\d+\.pdf$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const after = (await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php?code=0580'))
      .flatMap((p) => p.variants)
      .find((v) => v.id === variantId)!;
    expect(after.document_downloads).toBe(before + 1);

    // View opens the site's viewer in the same tab; the raw file still opens inline.
    const view = first.getByRole('link', { name: /^View / });
    expect(await view.getAttribute('target')).toBeNull();
    const viewHref = new URL((await view.getAttribute('href'))!, baseUrl);
    expect(viewHref.pathname).toMatch(/^\/papers\/\d+\/view$/);
    expect(viewHref.searchParams.get('variant')).toBe(String(variantId));
    const inline = await page.request.get(`${baseUrl}${href}&inline=1`);
    expect(inline.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(inline.headers()['content-disposition']).toMatch(/^inline/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("answers an unknown code with 'Subject Not Found' and a missing code with its own text", async () => {
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/subjects/NOPE-1');
    await page.getByRole('heading', { level: 1, name: 'Subject Not Found' }).waitFor();
    await page.getByText('Subject with code NOPE-1 not found.').waitFor();
    await openPublicPage(page, baseUrl, '/past-papers/subject');
    await page.getByRole('heading', { level: 1, name: 'Subject Not Found' }).waitFor();
    await page.getByText('No subject code provided in URL.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
