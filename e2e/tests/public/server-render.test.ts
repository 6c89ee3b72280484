import type { Browser } from 'playwright-core';
import { adminApi, adminSession, unique, type AdminSession } from '../../support/admin';
import { launchBrowser, newPage } from '../../support/browser';
import { publicApi, waitForLivePage, type SeededPaper, type SeededSubject } from '../../support/public';
import { productState } from '../../support/state';

interface FaqRow {
  question: string;
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');

/** What decides how an element looks and where it sits. */
const SHOWN_PROPERTIES = [
  'display',
  'position',
  'top',
  'left',
  'width',
  'height',
  'margin',
  'padding',
  'border-width',
  'border-style',
  'border-color',
  'border-radius',
  'color',
  'background-color',
  'background-image',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-transform',
  'text-decoration-line',
  'white-space',
  'text-overflow',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'overflow-x',
  'overflow-y',
  'visibility',
  'opacity',
  'box-shadow',
  'transform',
  'z-index',
  'list-style-type',
  'clip-path',
  'object-fit',
  'aspect-ratio',
];

/**
 * Every public route arrives as HTML with its content, data and head before any JavaScript runs; React
 * hydrates it without a mismatch and without fetching the data again; missing pages answer 404.
 */
describe('server-rendered public pages', () => {
  let browser: Browser;
  let session: AdminSession;
  const { baseUrl } = productState();
  let subjects: SeededSubject[];
  let papers: SeededPaper[];

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await adminSession(baseUrl);
    subjects = await publicApi<SeededSubject[]>(baseUrl, '/subjects.php');
    papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php?code=0580');
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page as a browser without JavaScript sees it. */
  async function withoutJs(path: string) {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    const response = await page.goto(`${baseUrl}${path}`);
    const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
    const head = {
      title: await page.title(),
      description: await page.locator('meta[name="description"]').getAttribute('content'),
      canonical: (await page.locator('link[rel="canonical"]').count())
        ? await page.locator('link[rel="canonical"]').getAttribute('href')
        : null,
      ogTitle: await page.locator('meta[property="og:title"]').getAttribute('content'),
    };
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    await context.close();
    return { status: response?.status(), text, head, jsonLd };
  }

  it('home, listings, subject, FAQs and contact carry their content and head without JavaScript', async () => {
    const home = await withoutJs('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Popular Subjects');
    expect(home.text).toContain(subjects[0]!.name);
    expect(home.head.canonical).toBe(`${baseUrl}/`);

    const category = await withoutJs('/past-papers/cambridge-igcse');
    expect(category.status).toBe(200);
    expect(category.head.title).toBe('Cambridge IGCSE Past Papers · Past Paper Library');
    const igcse = subjects.filter((s) => s.level === 'cambridge-igcse');
    expect(igcse.length).toBeGreaterThan(0);
    for (const subject of igcse) expect(category.text).toContain(subject.name);

    const subject = await withoutJs('/past-papers/subject/0580');
    expect(subject.status).toBe(200);
    expect(subject.head.title).toBe('Mathematics (0580) · Past Paper Library');
    expect(subject.head.description).toContain('Mathematics (0580)');
    expect(subject.head.ogTitle).toBe(subject.head.title);
    // Two routes show the page; one address is canonical.
    expect(subject.head.canonical).toBe(`${baseUrl}/subjects/0580`);
    const variantNames = papers.flatMap((p) => p.variants.map((v) => v.name));
    expect(variantNames.length).toBeGreaterThan(0);
    for (const name of new Set(variantNames)) expect(subject.text).toContain(name);
    const crumbs = JSON.parse(subject.jsonLd[0]!) as { '@type': string; itemListElement: Array<{ name: string }> };
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual(['Home', 'Past Papers', 'Mathematics']);

    const faqs = await withoutJs('/faqs');
    const published = await publicApi<{ faqs: FaqRow[] }>(baseUrl, '/faqs.php?published_only=1');
    expect(faqs.status).toBe(200);
    for (const faq of published.faqs) expect(faqs.text).toContain(decode(faq.question).replace(/\s+/g, ' '));

    const contact = await withoutJs('/contact');
    expect(contact.status).toBe(200);
    expect(contact.head.title).toBe('Contact Us · Past Paper Library');

    // Every page has its own title and description.
    const titles = [home, category, subject, faqs, contact].map((page) => page.head.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('inlines only the styles its markup can use, and looks exactly as it would with the whole stylesheet', async () => {
    const manifestUrl = `${baseUrl}/remotes/public-site/mf-manifest.json`;
    const manifest = (await (await fetch(manifestUrl)).json()) as {
      exposes: Array<{ path?: string; name?: string; assets: { css: { sync: string[]; async: string[] } } }>;
    };
    const app = manifest.exposes.find((e) => e.path === './App' || e.name === 'App');
    const files = [...(app?.assets.css.sync ?? []), ...(app?.assets.css.async ?? [])];
    expect(files.length).toBeGreaterThan(3);
    const whole = (await Promise.all(files.map(async (file) => (await fetch(new URL(file, manifestUrl))).text()))).join(
      '\n',
    );

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 860 },
    ]) {
      // Without JavaScript and without motion: what the page shows before its scripts run, frozen.
      const { page, context } = await newPage(browser, { javaScriptEnabled: false, viewport, reducedMotion: 'reduce' });
      for (const path of ['/', '/subjects/0580', '/subjects/0580?view=list', '/past-papers', '/faqs', '/contact']) {
        await page.goto(`${baseUrl}${path}`);
        await page.evaluate(() => {
          const still = document.createElement('style');
          still.textContent = '*,*::before,*::after{animation:none!important;transition:none!important}';
          document.head.append(still);
        });
        const inline = (await page.locator('style[data-ssr="public_site"]').textContent()) ?? '';
        expect(inline.length).toBeGreaterThan(2_000);
        expect(inline.length).toBeLessThan(whole.length / 2);
        const computed = () =>
          page.evaluate(
            (properties) =>
              [...document.querySelectorAll('body *')].map((el) => {
                const style = getComputedStyle(el);
                return properties.map((name) => style.getPropertyValue(name)).join(';');
              }),
            SHOWN_PROPERTIES,
          );
        const withInline = await computed();
        await page.locator('style[data-ssr="public_site"]').evaluate((el, css) => {
          el.textContent = css;
        }, whole);
        const withWhole = await computed();
        const differing = withWhole.flatMap((style, i) => (style === withInline[i] ? [] : [i]));
        expect({ path, width: viewport.width, differing }).toEqual({ path, width: viewport.width, differing: [] });
      }
      await context.close();
    }
  });

  it.each(['/no-such-page', '/past-papers/not-a-category', '/subjects/NOPE999'])(
    '%s answers 404 with the page saying so',
    async (path) => {
      const page = await withoutJs(path);
      expect(page.status).toBe(404);
      expect(page.text).toMatch(/Page Not Found|Subject Not Found/);
      expect(page.head.canonical).toBeNull();
    },
  );

  it('hydrates without a mismatch and without asking the API again', async () => {
    for (const path of ['/', '/past-papers/cambridge-igcse', '/subjects/0580?view=list', '/faqs', '/contact']) {
      const { page, context, errors } = await newPage(browser);
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/backend/api/')) reads.push(request.url().replace(baseUrl, ''));
      });
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.headers()['x-render']).toMatch(/^(render|cache)$/);
      await waitForLivePage(page);
      await page.waitForLoadState('networkidle');
      expect({ path, reads, errors }).toEqual({ path, reads: [], errors: [] });
      await context.close();
    }
  });

  it('robots.txt keeps the admin out; sitemap.xml lists every category and subject, and follows new subjects', async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /login');
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);

    const sitemap = async () => {
      const response = await fetch(`${baseUrl}/sitemap.xml`);
      expect(response.headers.get('content-type')).toMatch(/xml/);
      return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseUrl, ''));
    };
    const before = await sitemap();
    expect(before).toEqual(expect.arrayContaining(['/', '/past-papers', '/past-papers/cambridge-igcse', '/faqs']));
    for (const subject of subjects) expect(before).toContain(`/subjects/${encodeURIComponent(subject.code)}`);

    const code = unique('SEO').toUpperCase();
    await adminApi(baseUrl, session, '/subjects.php', {
      method: 'POST',
      body: JSON.stringify({ name: 'Astronomy', code, level: 'cambridge-igcse', description: 'Stars.' }),
    });
    try {
      // The BFF tells the shell's server that data changed: the next sitemap (and page) is fresh.
      const deadline = Date.now() + 5000;
      let after = await sitemap();
      while (!after.includes(`/subjects/${code}`) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await sitemap();
      }
      expect(after).toContain(`/subjects/${code}`);
      const page = await withoutJs(`/subjects/${code}`);
      expect(page.status).toBe(200);
      expect(page.head.title).toBe(`Astronomy (${code}) · Past Paper Library`);
    } finally {
      const all = await publicApi<SeededSubject[]>(baseUrl, '/subjects.php');
      const created = all.find((s) => s.code === code);
      if (created) await adminApi(baseUrl, session, `/subjects.php?id=${created.id}`, { method: 'DELETE' });
    }
  });

  it("stays as the server rendered it when its half's code cannot load, and comes to life once it can", async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    let refusing = true;
    let refused = 0;
    let refusedTwice = () => {};
    const twice = new Promise<void>((resolve) => (refusedTwice = resolve));
    await page.route(/\/remotes\/public-site\/mf-manifest\.json/, (route) => {
      if (!refusing) return route.continue();
      if (++refused === 2) refusedTwice();
      return route.abort('connectionrefused');
    });
    await page.goto(`${baseUrl}/faqs`);
    // The first load and the try at once behind it are refused; the next try waits 10 s. (A shell that gave the page
    // up would have rendered its fallback by a second after that.)
    await twice;
    await page.waitForTimeout(1000);
    expect(refused).toBe(2);
    // Still the server's page, readable, not the fallback; not hydrated.
    expect(await page.getByTestId('remote-fallback-public_site').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await page.getByTestId('public-layout').isVisible()).toBe(true);
    expect(await page.locator('html[data-page-ready="true"]').count()).toBe(0);

    // Back online: the shell tries again at once, and the page comes to life where it is.
    refusing = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForLivePage(page);
    expect(refused).toBe(2);
    expect(await page.getByTestId('remote-fallback-public_site').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/faqs');
    await context.close();
  });
});
