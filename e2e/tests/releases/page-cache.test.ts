import { adminApi, adminSession } from '../../support/admin';
import { startProduct, type RunningProduct } from '../../support/product';
import { ADMIN } from '../../support/state';
import { asVisitor } from '../../support/traffic';

/** How old the counts of a cached page may be in this test's product (seconds; the product's default is 30). */
const COUNTS_MAX_AGE_S = 4;
/** How old the counts of the BFF's cached answers may be (default 30): less, so the page rendered again is fresh. */
const BFF_COUNTS_MAX_AGE_S = 2;
/** How long after a content change a dropped page may be answered while it is rendered again (default 10). */
const STALE_MAX_AGE_S = 5;

/**
 * The renderer's page cache through the real `npm start`. A download changes a number, not a page: a cached page
 * keeps being served after a counted download until its counts are SSR_COUNTS_MAX_AGE old; then one request renders
 * it again (with the new count) while the others still get the cached page, and every request after that gets the
 * new one. An edited subject changes its own page and every page that lists subjects, never another subject's page;
 * the visitor who asks for such a page first gets it rendered again, and those who ask while that render is under way
 * get the page as it was (`X-Render: stale`), for at most SSR_STALE_MAX_AGE after the change.
 */
describe('the page cache under downloads and edits (npm start)', () => {
  let product: RunningProduct;
  let visitor = 100;

  beforeAll(async () => {
    product = await startProduct({
      SSR_COUNTS_MAX_AGE: String(COUNTS_MAX_AGE_S),
      SSR_STALE_MAX_AGE: String(STALE_MAX_AGE_S),
      READ_CACHE_COUNTS_MAX_AGE: String(BFF_COUNTS_MAX_AGE_S),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const page = async (path: string) => {
    const res = await fetch(`${product.baseUrl}${path}`, { headers: asVisitor(visitor++) });
    return { status: res.status, render: res.headers.get('x-render'), html: await res.text() };
  };

  /** The page once the renderer no longer serves it from its cache (it hears of changes a moment after the write). */
  const renderedAgain = async (path: string) => {
    let answer = await page(path);
    for (let i = 0; i < 25 && answer.render === 'cache'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await page(path);
    }
    expect(answer).toMatchObject({ status: 200, render: 'render' });
    return answer;
  };

  /** The page once the renderer serves it from its cache (the first requests render it). */
  const cachedPage = async (path: string) => {
    let answer = await page(path);
    for (let i = 0; i < 50 && answer.render !== 'cache'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await page(path);
    }
    expect(answer).toMatchObject({ status: 200, render: 'cache' });
    return answer;
  };

  it("an edited subject's page and the listings are rendered again at once; other subjects' pages stay cached", async () => {
    const subjects = (await (await fetch(`${product.baseUrl}/backend/api/subjects.php`)).json()) as {
      data: Array<{ id: number; code: string; name: string; level: string; description: string | null }>;
    };
    const [edited, other] = subjects.data.filter((s) => s.level === subjects.data[0]!.level);
    expect(other).toBeDefined();
    const editedPath = `/subjects/${encodeURIComponent(edited!.code)}`;
    const otherPath = `/subjects/${encodeURIComponent(other!.code)}`;
    const levelPath = `/past-papers/${edited!.level}`;
    const before = { edited: await cachedPage(editedPath), other: await cachedPage(otherPath) };
    const levelBefore = await cachedPage(levelPath);
    await cachedPage('/');
    // The cache keeps the gzip copy only: a visitor that does not take gzip gets the same page, unzipped.
    const plain = await fetch(`${product.baseUrl}${otherPath}`, {
      headers: { ...asVisitor(visitor++), 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('x-render')).toBe('cache');
    expect(await plain.text()).toBe(before.other.html);
    const description = `Edited while its page was cached ${Date.now()}`;
    expect(before.edited.html).not.toContain(description);

    const admin = await adminSession(product.baseUrl);
    await adminApi(product.baseUrl, admin, `/subjects.php?id=${edited!.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: edited!.name, code: edited!.code, level: edited!.level, description }),
    });
    const changedAt = Date.now();

    // Once the renderer heard of it, the edited subject's page, its level's listing and home are rendered again.
    const editedAfter = await renderedAgain(editedPath);
    expect(editedAfter.html).toContain(description);
    // Ten visitors at once ask for the dropped listing: one renders it again and gets the new page; those who ask
    // while that render is under way get the listing as it was, at once, instead of waiting for it.
    const burst = await Promise.all(Array.from({ length: 10 }, () => page(levelPath)));
    expect(Date.now() - changedAt).toBeLessThan(STALE_MAX_AGE_S * 1000);
    expect(burst.map((p) => p.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const rendered = burst.filter((p) => p.render === 'render');
    expect(rendered).toHaveLength(1);
    const stale = burst.filter((p) => p.render === 'stale');
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.every((p) => p.html === levelBefore.html)).toBe(true);
    // Any that asked after the render finished got the new page from the cache.
    const afterRender = burst.filter((p) => p.render === 'cache');
    expect(afterRender.every((p) => p.html === rendered[0]!.html)).toBe(true);
    expect(stale.length + afterRender.length).toBe(9);
    expect(rendered[0]!.html).not.toBe(levelBefore.html);
    // The next visitor gets the new page: a stale copy is answered only while its page is rendered again.
    expect(await page(levelPath)).toMatchObject({ status: 200, render: 'cache', html: rendered[0]!.html });
    expect(await page('/')).toMatchObject({ status: 200, render: 'render' });
    const otherAfter = await page(otherPath);
    expect(otherAfter).toMatchObject({ status: 200, render: 'cache' });
    expect(otherAfter.html).toBe(before.other.html);

    // A change that names no subject (a new FAQ here) drops every page, the other subject's too.
    await cachedPage(levelPath);
    const question = `Cached pages ${Date.now()}?`;
    await adminApi(product.baseUrl, admin, '/faqs.php', {
      method: 'POST',
      body: JSON.stringify({ question, answer: 'Rendered again.', is_published: true }),
    });
    const faqAddedAt = Date.now();
    await renderedAgain(otherPath);

    // Past SSR_STALE_MAX_AGE a dropped page is never answered: ten visitors at once all get the new page, the nine
    // others waiting for the one render.
    await new Promise((resolve) => setTimeout(resolve, STALE_MAX_AGE_S * 1000 - (Date.now() - faqAddedAt) + 100));
    const late = await Promise.all(Array.from({ length: 10 }, () => page(levelPath)));
    expect(late.filter((p) => p.render === 'render')).toHaveLength(1);
    expect(late.filter((p) => p.render === 'cache')).toHaveLength(9);
    expect(new Set(late.map((p) => p.html)).size).toBe(1);
  }, 120_000);

  it('serves the cached page after a download, renders it once when its counts are too old, then caches the new one', async () => {
    const path = '/subjects/0580';
    const first = await cachedPage(path);
    const renderedBy = Date.now();

    const papers = (await (await fetch(`${product.baseUrl}/backend/api/past_papers.php?code=0580`)).json()) as {
      data: Array<{ variants: Array<{ id: number; document_path: string | null }> }>;
    };
    const variant = papers.data.flatMap((p) => p.variants).find((v) => v.document_path)!;
    const download = await fetch(
      `${product.baseUrl}/backend/api/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`,
    );
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    // Within the maximum age: the same page, from the cache.
    const soon = await page(path);
    expect(Date.now() - renderedBy).toBeLessThan(COUNTS_MAX_AGE_S * 1000);
    expect(soon).toMatchObject({ status: 200, render: 'cache' });
    expect(soon.html).toBe(first.html);

    // Past it: ten visitors at once; one renders the page again, the others get the cached one meanwhile.
    await new Promise((resolve) => setTimeout(resolve, COUNTS_MAX_AGE_S * 1000 - (Date.now() - renderedBy) + 100));
    const burst = await Promise.all(Array.from({ length: 10 }, () => page(path)));
    expect(burst.every((p) => p.status === 200)).toBe(true);
    expect(burst.filter((p) => p.render === 'render')).toHaveLength(1);
    expect(burst.filter((p) => p.render === 'cache')).toHaveLength(9);
    const renewed = burst.find((p) => p.render === 'render')!;
    expect(renewed.html).not.toBe(first.html);

    const after = await page(path);
    expect(after).toMatchObject({ status: 200, render: 'cache' });
    expect(after.html).toBe(renewed.html);
  }, 120_000);
});
