import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { openPublicPage, publicApi, settled, type SeededPaper } from '../../support/public';
import { productState } from '../../support/state';

const SHOTS = join(ROOT, 'e2e', 'screenshots');
const PHONE = process.env.E2E_VIEWPORT === 'phone';

interface Counters {
  document_downloads: number;
  document_views: number;
  mark_scheme_downloads: number;
  mark_scheme_views: number;
}

/** How many pixels of a pane's drawn page are not (nearly) white: a blank canvas has none. */
function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
    return ink;
  });
}

const pageCanvas = (page: Page, doc: string, n: number) =>
  page.getByTestId(`pane-${doc}`).locator(`.page[data-page-number="${n}"] canvas`).first();

/**
 * Issue 14: a paper read in the page, on a 1280×860 desktop and (E2E_VIEWPORT=phone) a 390×844 phone: opened from
 * the subject page, page 1 drawn, page 3 by the address, a word found and highlighted, the mark scheme and back at
 * the same page, side by side on the desktop, one view counted per document and visit (never a download), and one
 * download counted from the viewer's Download.
 */
describe('the document viewer', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let paper: SeededPaper;
  let variantId: number;

  const counters = async (): Promise<Counters> => {
    const fresh = await publicApi<SeededPaper>(baseUrl, `/past_papers.php?id=${paper.id}`);
    return fresh.variants.find((v) => v.id === variantId) as unknown as Counters;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    const papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php?code=0580');
    paper = papers.find((p) => p.variants.some((v) => v.mark_scheme_path?.endsWith('.pdf')))!;
    variantId = paper.variants.find((v) => v.mark_scheme_path?.endsWith('.pdf'))!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reads a paper page by page beside its mark scheme, counting views and one download', async () => {
    const { page, errors } = await newPage(browser);
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) csp.push(m.text());
    });
    const before = await counters();

    // From the subject page: View opens the viewer in the same tab.
    await openPublicPage(page, baseUrl, '/subjects/0580');
    await page.locator(`a[href="/papers/${paper.id}/view?variant=${variantId}"]`).first().click();
    await page.waitForURL(`${baseUrl}/papers/${paper.id}/view?variant=${variantId}`);
    const qp = page.getByTestId('pane-question-paper');
    await qp.and(page.locator('[data-status="ready"]')).waitFor();
    expect(await inkedPixels(pageCanvas(page, 'question-paper', 1))).toBeGreaterThan(500);
    expect(await page.getByTestId('fetched-question-paper').textContent()).toMatch(/ fetched$/);

    // Side by side from 1024 px; one document at a time on a phone.
    const workspace = page.getByTestId('viewer-workspace');
    expect(await workspace.getAttribute('data-layout')).toBe(PHONE ? 'single' : 'side-by-side');
    expect(await page.getByTestId('pane-mark-scheme').isVisible()).toBe(!PHONE);

    // One view of the question paper, no download.
    const viewed = await settled(counters, (c) => c.document_views === before.document_views + 1, 8000);
    expect(viewed.document_views).toBe(before.document_views + 1);
    expect(viewed.document_downloads).toBe(before.document_downloads);

    // Page 3 by the address (a reload in the same visit: no second view).
    await openPublicPage(page, baseUrl, `/papers/${paper.id}/view?variant=${variantId}&page=3`);
    await qp.and(page.locator('[data-status="ready"]')).waitFor();
    await pageCanvas(page, 'question-paper', 3).waitFor();
    expect(await inkedPixels(pageCanvas(page, 'question-paper', 3))).toBeGreaterThan(500);
    expect(await page.getByTestId('page-input').inputValue()).toBe('3');
    expect(await page.getByRole('region', { name: /^Question paper, page 3 of \d+$/ }).count()).toBe(1);

    // Find a word: highlighted in the text layer, with a match count.
    await page.getByTestId('find-input').fill('standard form');
    await page.getByTestId('find-input').press('Enter');
    const highlight = qp.locator('.textLayer .highlight').first();
    await highlight.waitFor();
    expect((await highlight.textContent())?.toLowerCase()).toContain('standard');
    await settled(
      () => page.getByTestId('find-status').textContent(),
      (t) => /\d+ of \d+ match/.test(t ?? ''),
    );
    expect(await page.getByTestId('find-status').textContent()).toMatch(/^1 of \d+ match/);

    // Back to page 3 with the keyboard-friendly page box, then to the mark scheme and back at the same page.
    await page.getByTestId('page-input').fill('3');
    await page.getByTestId('page-input').press('Enter');
    await page.waitForURL(/page=3/);
    await page.getByTestId('switch-mark-scheme').click();
    await page.waitForURL(/doc=mark-scheme/);
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    const ms = page.getByTestId('pane-mark-scheme');
    await ms.and(page.locator('[data-status="ready"]')).waitFor();
    await pageCanvas(page, 'mark-scheme', 3).waitFor();
    expect(await inkedPixels(pageCanvas(page, 'mark-scheme', 3))).toBeGreaterThan(200);
    expect(await page.getByTestId('page-input').inputValue()).toBe('3');
    expect(await qp.isVisible()).toBe(!PHONE);
    await page.screenshot({ path: join(SHOTS, `viewer-${PHONE ? 'phone' : 'desktop'}-mark-scheme.png`) });
    await page.getByTestId('switch-question-paper').click();
    await page.waitForURL((url) => !url.searchParams.has('doc'));
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    expect(await qp.isVisible()).toBe(true);
    expect(await page.getByTestId('page-input').inputValue()).toBe('3');

    // The mark scheme's view counted once too; still no download.
    const both = await settled(counters, (c) => c.mark_scheme_views === before.mark_scheme_views + 1, 8000);
    expect(both).toMatchObject({
      document_views: before.document_views + 1,
      mark_scheme_views: before.mark_scheme_views + 1,
      document_downloads: before.document_downloads,
      mark_scheme_downloads: before.mark_scheme_downloads,
    });

    // Download from the viewer: exactly one download, and the views do not move.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-question-paper').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mathematics-0580-.*\.pdf$/);
    await download.path();
    const after = await settled(counters, (c) => c.document_downloads === before.document_downloads + 1, 8000);
    expect(after).toMatchObject({
      document_downloads: before.document_downloads + 1,
      document_views: before.document_views + 1,
      mark_scheme_views: before.mark_scheme_views + 1,
    });
    await page.screenshot({ path: join(SHOTS, `viewer-${PHONE ? 'phone' : 'desktop'}.png`) });
    expect(csp).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
