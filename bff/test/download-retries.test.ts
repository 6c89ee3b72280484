import { API, bearer, createSubject, signInAdmin } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';

/**
 * Nginx retries an idempotent request on another replica when the first one failed before answering; a
 * download that replica had already counted must not count again. nginx sends its $request_id with both tries.
 */
describe('a download retried by the proxy counts once', () => {
  let bff: TestBff;
  let untrusting: TestBff;
  let link: string;
  let variantId: number;

  const count = async (db: TestBff) =>
    (
      await db.db.query<Array<{ n: number }>>(
        `SELECT document_downloads AS n FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
        [variantId],
      )
    )[0]!.n;

  const setUp = async (instance: TestBff) => {
    const admin = await signInAdmin(instance);
    const subject = await createSubject(instance, admin, { name: 'Retries', code: 'RTY1', level: 'cambridge-igcse' });
    const paper = (
      await instance
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2024')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes('Retried download'), 'q.pdf')
        .expect(201)
    ).body.data as { variants: Array<{ id: number }> };
    variantId = paper.variants[0]!.id;
    link = `${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document`;
  };

  beforeAll(async () => {
    bff = await startTestBff();
    untrusting = await startTestBff({ env: { TRUST_PROXY: 'false' } });
  });
  afterAll(async () => {
    await bff?.close();
    await untrusting?.close();
  });

  it("keeps one count per trusted proxy's request id, and counts every distinct request", async () => {
    await setUp(bff);
    const id = 'a'.repeat(32);
    await bff.http().get(link).set('X-Request-Id', id).expect(200);
    await bff.http().get(link).set('X-Request-Id', id).expect(200); // nginx's retry of the same request
    expect(await count(bff)).toBe(1);
    await bff.http().get(link).set('X-Request-Id', 'b'.repeat(32)).expect(200);
    await bff.http().get(link).expect(200); // no proxy id: every request counts
    await bff.http().get(link).expect(200);
    expect(await count(bff)).toBe(4);
    // A view opened with the same id as a download is its own count.
    await bff.http().get(`${link}&inline=1`).set('X-Request-Id', id).expect(200);
    const [views] = await bff.db.query<Array<{ n: number }>>(
      `SELECT document_views AS n FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [variantId],
    );
    expect(views!.n).toBe(1);
  });

  it('never believes a request id from a client that is not a trusted proxy (nor a malformed one)', async () => {
    await setUp(untrusting);
    const id = 'c'.repeat(32);
    await untrusting.http().get(link).set('X-Request-Id', id).expect(200);
    await untrusting.http().get(link).set('X-Request-Id', id).expect(200);
    expect(await count(untrusting)).toBe(2);
  });
});
