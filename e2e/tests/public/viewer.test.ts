import { demoQuestions } from '../../../bff/src/seed/demo-document-text';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { adminSession } from '../../support/admin';
import { openPublicPage, publicApi, settled, type SeededPaper } from '../../support/public';
import { productState } from '../../support/state';

/**
 * Physics: the other journeys open Mathematics papers in the viewer, and a client's view of a document counts once per
 * 30 minutes, so this journey's view of its document must be the first.
 */
const SUBJECT = '0625';
/** A word of the first question of the subject's demo papers (laid out from its question bank), to find. */
const FIND = demoQuestions('Physics')[0]!
  .parts[0]!.text.split(/[^A-Za-z]+/)
  .find((word) => word.length >= 7)!
  .toLowerCase();
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

/**
 * A PDF laid out as many generators write one (pdfkit's layout): each page's picture (300 KB, uncompressed noise),
 * then its page dictionary and text; the page tree, the catalogue and the cross-reference table at the end. Returns
 * where each page's picture lies, to tell which requests read which page.
 */
function largePdf(label: string, pages: number): { pdf: Buffer; pictures: Array<[number, number]> } {
  const side = 320;
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  const pictures: Array<[number, number]> = [];
  let length = 0;
  const push = (data: Buffer | string) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(buffer);
    length += buffer.length;
  };
  const object = (id: number, dict: string, stream?: Buffer) => {
    offsets[id] = length;
    if (!stream) return push(`${id} 0 obj\n${dict}\nendobj\n`);
    push(`${id} 0 obj\n${dict}\nstream\n`);
    push(stream);
    push('\nendstream\nendobj\n');
  };
  let seed = label.length * 7919;
  const noise = () => {
    const bytes = Buffer.alloc(side * side * 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    return bytes;
  };
  push('%PDF-1.4\n');
  const kids: string[] = [];
  for (let n = 0; n < pages; n++) {
    const [image, page, content] = [4 + 3 * n, 5 + 3 * n, 6 + 3 * n];
    const start = length;
    object(
      image,
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${side * side * 3} >>`,
      noise(),
    );
    pictures.push([start, length]);
    object(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /I1 ${image} 0 R >> >> >>`,
    );
    const text = `BT /F1 20 Tf 60 780 Td (${label} page ${n + 1}) Tj ET q 400 0 0 400 97 300 cm /I1 Do Q`;
    object(content, `<< /Length ${text.length} >>`, Buffer.from(text, 'latin1'));
    kids.push(`${page} 0 R`);
  }
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(2, `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const xref = length;
  const count = 4 + 3 * pages;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return { pdf: Buffer.concat(chunks), pictures };
}

/** The byte ranges a request of the viewer asked for: its Range header, or the one named in its query. */
function rangesOf(url: string, rangeHeader: string | undefined): Array<[number, number]> {
  const spec = rangeHeader?.replace(/^bytes=/, '') ?? new URL(url).searchParams.get('range') ?? '';
  return spec
    .split(',')
    .filter(Boolean)
    .map((r) => r.split('-').map(Number) as [number, number]);
}

const pageCanvas = (page: Page, doc: string, n: number) =>
  page.getByTestId(`pane-${doc}`).locator(`.page[data-page-number="${n}"] canvas`).first();

/**
 * A paper read in the page, on a 1280×860 desktop and (E2E_VIEWPORT=phone) a 390×844 phone: opened from
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
    const papers = await publicApi<SeededPaper[]>(baseUrl, `/past_papers.php?code=${SUBJECT}`);
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
    await openPublicPage(page, baseUrl, `/subjects/${SUBJECT}`);
    await page.locator(`a[href="/papers/${paper.id}/view?variant=${variantId}"]`).first().click();
    // The viewer may add its place (page, document) to the address as soon as it shows a page.
    await page.waitForURL(
      (url) => url.pathname === `/papers/${paper.id}/view` && url.searchParams.get('variant') === String(variantId),
    );
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
    await page.getByTestId('find-input').fill(FIND);
    await page.getByTestId('find-input').press('Enter');
    const highlight = qp.locator('.textLayer .highlight').first();
    await highlight.waitFor();
    expect((await highlight.textContent())?.toLowerCase()).toContain(FIND);
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
    // The switch renders in a transition: the address can change a moment before the pane is shown.
    await qp.waitFor({ state: 'visible', timeout: 5000 });
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
    expect(download.suggestedFilename()).toMatch(/^physics-0625-.*\.pdf$/);
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
  it("shows page 1 as the server's picture before any script, until pdf.js has drawn it", async () => {
    // The BFF draws the picture when it indexes the file (in the background, just after the seed).
    const previewUrl = `${baseUrl}/backend/api/past_papers.php?download_variant_id=${variantId}&variant_document_type=document&preview=1`;
    const ready = await settled(
      async () => (await fetch(previewUrl)).status,
      (status) => status === 200,
      120_000, // the whole demo library is read after the start, one file at a time at low priority
    );
    expect(ready).toBe(200);

    // Without JavaScript: the server's HTML has the picture, a real image of the page.
    const still = await newPage(browser, { javaScriptEnabled: false });
    await still.page.goto(`${baseUrl}/papers/${paper.id}/view?variant=${variantId}`);
    const picture = still.page.locator('img[data-page-preview="question-paper"]');
    await picture.waitFor();
    const natural = await settled(
      () => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth),
      (width) => width > 0,
    );
    expect(natural).toBe(720);
    expect((await picture.boundingBox())!.width).toBeGreaterThan(PHONE ? 300 : 600);
    await still.page.screenshot({ path: join(SHOTS, `viewer-preview-${PHONE ? 'phone' : 'desktop'}.png`) });
    await still.context.close();

    // With JavaScript: once pdf.js has drawn page 1, the picture is gone and the canvas has the page.
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, `/papers/${paper.id}/view?variant=${variantId}`);
    const qp = page.getByTestId('pane-question-paper');
    await qp.and(page.locator('[data-status="ready"]')).waitFor();
    // (Beside it on a desktop, the mark scheme may still show its own picture until it has drawn its page.)
    expect(await qp.locator('img[data-page-preview]').count()).toBe(0);
    expect(await inkedPixels(pageCanvas(page, 'question-paper', 1))).toBeGreaterThan(500);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('reads a large PDF by ranges only: page 1 first, never the whole file, the mark scheme drawn behind it', async () => {
    // A 4-page question paper and mark scheme of 1.2 MB each, uploaded for this test.
    const session = await adminSession(baseUrl);
    const subjects = await publicApi<Array<{ id: number }>>(baseUrl, '/subjects.php');
    const qp = largePdf('Question paper', 4);
    const ms = largePdf('Mark scheme', 4);
    const form = new FormData();
    form.set('subject_id', String(subjects[0]!.id));
    form.set('year', '2021');
    form.set('session', 'Oct/Nov');
    form.set('variants', JSON.stringify([{ name: 'Paper 71', version: 71 }]));
    form.set('variant_0_document_path', new Blob([new Uint8Array(qp.pdf)], { type: 'application/pdf' }), 'qp.pdf');
    form.set('variant_0_mark_scheme_path', new Blob([new Uint8Array(ms.pdf)], { type: 'application/pdf' }), 'ms.pdf');
    const created = await fetch(`${baseUrl}/backend/api/past_papers.php`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const large = ((await created.json()) as { data: SeededPaper }).data;
    const variant = large.variants[0]!.id;

    const { page, errors } = await newPage(browser);
    // When each pane said it had drawn its page (data-status="ready", on pdf.js's first `pagerendered`), and when
    // pdf.js started drawing each page (it marks it data-loaded), as epoch ms.
    await page.addInitScript(() => {
      const drawn: Record<string, number> = {};
      Object.assign(window, { __drawn: drawn });
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid^="pane-"][data-status="ready"]')) {
          drawn[`${el.getAttribute('data-testid')}:ready`] ??= Date.now();
        }
        for (const el of document.querySelectorAll('[data-testid^="pane-"] .page[data-loaded]')) {
          const key = `${el.closest('[data-testid^="pane-"]')!.getAttribute('data-testid')}:${el.getAttribute('data-page-number')}`;
          drawn[key] ??= Date.now();
        }
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-loaded', 'data-status'],
        childList: true,
      });
    });
    const reads: Array<{
      doc: 'qp' | 'ms';
      at: number;
      ranges: Array<[number, number]>;
      status: number;
      multi: boolean;
    }> = [];
    page.on('response', (response) => {
      const url = response.url();
      const doc = url.includes(`download_variant_id=${variant}&variant_document_type=document`)
        ? 'qp'
        : url.includes(`download_variant_id=${variant}&variant_document_type=mark_scheme`)
          ? 'ms'
          : null;
      // The picture of page 1 (preview=1) is not a read of the file.
      if (!doc || url.includes('preview=1')) return;
      const range = response.request().headers()['range'];
      reads.push({
        doc,
        at: response.request().timing().startTime,
        ranges: rangesOf(url, range),
        status: response.status(),
        multi: (response.headers()['content-type'] ?? '').startsWith('multipart/byteranges'),
      });
    });

    await openPublicPage(page, baseUrl, `/papers/${large.id}/view?variant=${variant}`);
    const qpPane = page.getByTestId('pane-question-paper');
    await qpPane.and(page.locator('[data-status="ready"]')).waitFor();
    expect(await inkedPixels(pageCanvas(page, 'question-paper', 1))).toBeGreaterThan(500);
    // The mark scheme is drawn too (beside it, or behind it on a phone), at the same page.
    const msCanvas = pageCanvas(page, 'mark-scheme', 1);
    await page
      .getByTestId('pane-mark-scheme')
      .locator('.page[data-page-number="1"][data-loaded]')
      .waitFor({ state: 'attached' });
    const drawn = await page.evaluate(() => (window as unknown as { __drawn: Record<string, number> }).__drawn);
    const qpDrawn = drawn['pane-question-paper:ready']!;

    // Every read is a Range read (206), never the whole file (no opening GET for pdf.js to abort).
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.status).toBe(206);
      expect(read.ranges.length).toBeGreaterThan(0);
      for (const [begin, end] of read.ranges) expect(end - begin + 1).toBeLessThan(qp.pdf.length);
    }
    // Every byte is read once: no two reads of a document overlap.
    for (const doc of ['qp', 'ms'] as const) {
      const ranges = reads
        .filter((r) => r.doc === doc)
        .flatMap((r) => r.ranges)
        .sort((a, b) => a[0] - b[0]);
      ranges.forEach(([begin], i) => i > 0 && expect(begin).toBeGreaterThan(ranges[i - 1]![1]));
    }
    // pdf.js's scattered reads (the page dictionaries after each picture) went out together, as one request.
    expect(reads.some((r) => r.doc === 'qp' && r.multi && r.ranges.length >= 3)).toBe(true);
    // Page 1 is drawn before page 2's picture is read (but for the small reads of the page dictionary just before
    // it, in 1 KB chunks), and the mark scheme waits for it too.
    const [pictureStart, pictureEnd] = qp.pictures[1]!;
    const page2BytesBefore = reads
      .filter((r) => r.doc === 'qp' && r.at < qpDrawn)
      .flatMap((r) => r.ranges)
      .reduce((n, [begin, end]) => n + Math.max(0, Math.min(end + 1, pictureEnd) - Math.max(begin, pictureStart)), 0);
    expect(page2BytesBefore).toBeLessThan(4096);
    expect(reads.some((r) => r.doc === 'qp' && r.at > qpDrawn && r.ranges.some(([b]) => b >= pictureStart))).toBe(true);
    const firstMs = Math.min(...reads.filter((r) => r.doc === 'ms').map((r) => r.at));
    expect(firstMs).toBeGreaterThan(qpDrawn);
    // The budget: what page 1 cost is a small part of the file, and the viewer says how much it fetched.
    const bytesByPage1 = reads
      .filter((r) => r.doc === 'qp' && r.at <= qpDrawn)
      .reduce((n, r) => n + r.ranges.reduce((m, [b, e]) => m + e - b + 1, 0), 0);
    expect(bytesByPage1).toBeLessThan(qp.pdf.length * 0.4);
    expect(await page.getByTestId('fetched-question-paper').textContent()).toMatch(/ of 1\.\d MB fetched$/);

    const unusedPreloads: string[] = [];
    page.on('console', (m) => {
      if (/preloaded using link preload but not used/.test(m.text())) unusedPreloads.push(m.text());
    });
    if (PHONE) {
      // Behind the question paper, out of sight and out of the accessibility tree, until the switch shows it.
      expect(await page.getByTestId('pane-mark-scheme').isVisible()).toBe(false);
      expect(await page.getByTestId('pane-mark-scheme').getAttribute('aria-hidden')).toBe('true');
      const started = Date.now();
      await page.getByTestId('switch-mark-scheme').click();
      await page.getByTestId('pane-mark-scheme').waitFor({ state: 'visible' });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await inkedPixels(msCanvas)).toBeGreaterThan(500);
      await page.screenshot({ path: join(SHOTS, 'viewer-phone-large-mark-scheme.png') });
      // Switching fetched nothing again (the page's preloads are for the document it opened with).
      await page.waitForTimeout(500);
      const after = reads.filter((r) => r.at >= started);
      expect(after.filter((r) => r.ranges.some(([begin]) => begin === 0))).toEqual([]);
      expect(unusedPreloads).toEqual([]);
    } else {
      expect(await inkedPixels(msCanvas)).toBeGreaterThan(500);
      await page.screenshot({ path: join(SHOTS, 'viewer-desktop-large.png') });
    }
    expect(errors).toEqual([]);
    await page.context().close();

    // Opened at page 3 (a search result's page): the start of the file is not read ahead, only its header.
    const deep = await newPage(browser);
    const deepReads: Array<Array<[number, number]>> = [];
    deep.page.on('request', (request) => {
      if (request.url().includes(`download_variant_id=${variant}&variant_document_type=document`)) {
        deepReads.push(rangesOf(request.url(), request.headers()['range']));
      }
    });
    await openPublicPage(deep.page, baseUrl, `/papers/${large.id}/view?variant=${variant}&page=3`);
    await deep.page.getByTestId('pane-question-paper').and(deep.page.locator('[data-status="ready"]')).waitFor();
    expect(await inkedPixels(pageCanvas(deep.page, 'question-paper', 3))).toBeGreaterThan(500);
    const head = deepReads.flat().find(([begin]) => begin === 0);
    expect(head && head[1] + 1).toBeLessThanOrEqual(4096);
    expect(deep.errors).toEqual([]);
    await deep.context.close();
  });
});
