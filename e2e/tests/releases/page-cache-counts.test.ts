import { startProduct, type RunningProduct } from '../../support/product';
import { asVisitor } from '../../support/traffic';

/** How old the counts of a cached page may be in this test's product (seconds; the product's default is 60). */
const COUNTS_MAX_AGE_S = 4;

/**
 * A download changes a number, not a page (issue 25): through the real `npm start`, a cached page keeps being served
 * after a counted download until its counts are SSR_COUNTS_MAX_AGE old; then one request renders it again (with the
 * new count) while the others still get the cached page, and every request after that gets the new one.
 */
describe('download counts in cached pages (npm start)', () => {
  let product: RunningProduct;
  let visitor = 100;

  beforeAll(async () => {
    product = await startProduct({ SSR_COUNTS_MAX_AGE: String(COUNTS_MAX_AGE_S) });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const page = async (path: string) => {
    const res = await fetch(`${product.baseUrl}${path}`, { headers: asVisitor(visitor++) });
    return { status: res.status, render: res.headers.get('x-render'), html: await res.text() };
  };

  it('serves the cached page after a download, renders it once when its counts are too old, then caches the new one', async () => {
    const path = '/subjects/0580';
    let first = await page(path);
    for (let i = 0; i < 50 && first.render !== 'cache'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      first = await page(path);
    }
    expect(first).toMatchObject({ status: 200, render: 'cache' });
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
