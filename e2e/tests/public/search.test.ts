import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { openPublicPage, publicApi, settled, waitForLivePage, type SeededPaper } from '../../support/public';
import { productState } from '../../support/state';

const SHOTS = join(ROOT, 'e2e', 'screenshots');
const PHONE = process.env.E2E_VIEWPORT === 'phone';
const SERIES = { 'Feb/March': 'm', 'May/June': 's', 'Oct/Nov': 'w' } as Record<string, string>;
/** A word inside the demo documents (biology questions and reports). */
const WORD = 'mitochondria';

interface SearchAnswer {
  total: number;
  results: Array<{ paper_id: number; page: number | null }>;
}

/**
 * The header search takes a paper code as the boards print it to the right paper, a word from inside the
 * papers shows a highlighted snippet and opens at its page, "/" focuses search and arrow keys walk the results;
 * on a phone the header's search icon opens the box (the header keeps its height). One dense journey per viewport.
 */
describe('search', () => {
  let browser: Browser;
  const { baseUrl } = productState();

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    // The demo documents are read in the background after the start: wait until the word is searchable.
    const found = await settled(
      () => publicApi<SearchAnswer>(baseUrl, `/search?q=${WORD}`),
      (answer) => answer.total > 0,
      60_000,
    );
    expect(found.total).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a paper by its code from the header, and words inside papers with snippets', async () => {
    const papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php');
    const paper = papers.find((p) => p.variants.length > 1)!;
    const variant = paper.variants[1]!;
    const code = `${paper.subject_code} ${SERIES[paper.session]}${String(paper.year).slice(2)} qp ${variant.version}`;

    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, '/');
    const header = page.locator('header[data-scrolled]');
    const headerHeight = (await header.boundingBox())!.height;
    const input = page.locator('#header-search-input');
    if (PHONE) {
      await expect(input.isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Search', exact: true }).tap();
      await input.waitFor({ state: 'visible' });
      expect((await header.boundingBox())!.height).toBe(headerHeight);
      await page.screenshot({ path: join(SHOTS, 'search-header-phone.png') });
    } else {
      await page.keyboard.press('/');
      const focused = await settled(
        () => page.evaluate(() => document.activeElement?.id),
        (id) => id === 'header-search-input',
      );
      expect(focused).toBe('header-search-input');
    }
    await input.fill(code);
    await input.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    const firstGroup = page.getByTestId('search-results').locator('> li').first();
    await firstGroup.waitFor();
    expect(await firstGroup.getAttribute('data-paper-id')).toBe(String(paper.id));
    await expect(firstGroup.textContent()).resolves.toContain(variant.name);
    await expect(firstGroup.textContent()).resolves.toContain('Best match');
    await page.screenshot({ path: join(SHOTS, `search-code-${PHONE ? 'phone' : 'desktop'}.png`), fullPage: true });

    // A word from inside the papers, typed in the page's own box: a highlighted snippet and "Open at page N".
    const pageInput = page.locator('[data-search-input]');
    await pageInput.fill(WORD);
    await pageInput.press('Enter');
    const mark = page.locator('[data-testid="search-results"] mark').first();
    await mark.waitFor();
    expect((await mark.textContent())?.toLowerCase()).toBe(WORD);
    const open = page.locator('a[data-result-link]').first();
    const opens = (await open.textContent()) ?? '';
    // "Open at page N", or "Open at question N" for a hit inside a question paper split into questions.
    const atQuestion = /^Open at question (\S+)$/.exec(opens)?.[1] ?? null;
    const foundOn = Number(
      atQuestion === null
        ? opens.match(/^Open at page (\d+)$/)?.[1]
        : (await open.locator('xpath=..').textContent())?.match(/page (\d+)/)?.[1],
    );
    expect(foundOn).toBeGreaterThan(0);
    // Into the document viewer at that page (page 1 is the viewer's default, left out of the URL), and question.
    const href = new URL((await open.getAttribute('href')) ?? '', baseUrl);
    expect(href.pathname).toMatch(/^\/papers\/\d+\/view$/);
    expect(href.searchParams.get('page')).toBe(foundOn > 1 ? String(foundOn) : null);
    expect(href.searchParams.get('q')).toBe(atQuestion);

    // Keyboard: "/" focuses the search box, arrow keys walk the results.
    if (!PHONE) {
      await page.getByTestId('search-summary').click();
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(true);
      await page.keyboard.press('ArrowDown');
      const links = page.locator('a[data-result-link]');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href'));
      expect(await focused()).toBe(await links.nth(0).getAttribute('href'));
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe(await links.nth(1).getAttribute('href'));
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toBe(await links.nth(0).getAttribute('href'));
    }
    // A facet narrows the results through the URL.
    const facet = page.locator('a[href*="type=examiner-report"]').first();
    await facet.click();
    await settled(
      () => page.evaluate(() => location.search),
      (search) => search.includes('type=examiner-report'),
    );
    const otherTypes = await settled(
      () => page.locator('[data-type="question-paper"], [data-type="mark-scheme"]').count(),
      (n) => n === 0,
    );
    expect(otherTypes).toBe(0);
    expect(await page.locator('[data-type="examiner-report"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, `search-words-${PHONE ? 'phone' : 'desktop'}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders results on the server and hydrates them without a second request', async () => {
    const html = await (await fetch(`${baseUrl}/search?q=${WORD}`)).text();
    expect(html).toMatch(new RegExp(`<mark>${WORD}</mark>`, 'i'));
    const { page, errors } = await newPage(browser);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/backend/api/search')) searches.push(request.url());
    });
    await page.goto(`${baseUrl}/search?q=${WORD}`);
    await waitForLivePage(page);
    await page.locator('[data-testid="search-results"] mark').first().waitFor();
    expect(searches).toEqual([]);
    // Nothing found: a correction is offered, and the request form.
    await page.goto(`${baseUrl}/search?q=mitochondrai`);
    await waitForLivePage(page);
    await page.getByRole('link', { name: WORD }).waitFor();
    await page.getByRole('link', { name: 'Request the paper' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
