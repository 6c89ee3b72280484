import { HASHING_CONCURRENCY, HASHING_QUEUE_LIMIT, hashPassword, inHashingTurn } from '../src/users/password';
import { API, bearer, createSubject, signInAdmin } from './support/api';
import { pdfBytes } from './support/documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/**
 * argon2 runs on libuv's thread pool, which file reads share: password work takes at most half of the pool, waits
 * in a bounded queue, and past it is refused with 503 and Retry-After instead of starving downloads and sign-ins.
 */
describe('password hashing takes turns', () => {
  let bff: TestBff;
  let download: () => Promise<number>;

  beforeAll(async () => {
    bff = await startTestBff();
    const admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'History', code: '0470' });
    await bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subject.id))
      .field('year', '2021')
      .field('session', 'May/June')
      .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
      .attach('variant_0_document_path', pdfBytes('History'), 'h.pdf')
      .expect(201);
    const [variant] = await bff.db.query<Array<{ id: number }>>('SELECT id FROM variants');
    const url = `${API}/past_papers.php?download_variant_id=${variant!.id}&variant_document_type=document`;
    download = async () => {
      const started = performance.now();
      const res = await bff.http().get(url);
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('leaves threads for downloads while a burst of passwords is hashed', async () => {
    const alone: number[] = [];
    for (let i = 0; i < 10; i++) alone.push(await download());
    // 30 hashes at once (a burst of password changes). With every thread of the pool hashing, a download's file reads
    // would queue behind the whole burst: the first download would end only once most hashes were done.
    const BURST = 30;
    let hashed = 0;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) => hashPassword(`burst-password-${i}`).then(() => hashed++)),
    );
    const during: Array<{ ms: number; hashed: number }> = [];
    for (let i = 0; i < 10; i++) during.push({ ms: await download(), hashed });
    process.stdout.write(
      `download alone max ${Math.max(...alone).toFixed(0)} ms; beside ${BURST} hashes ` +
        `${during.map((d) => `${d.ms.toFixed(0)} ms (${d.hashed} hashed)`).join(', ')}
`,
    );
    await burst;
    // The order of events, not their timing: the first download ended before half of the burst was hashed, and all
    // ten ended before the burst did.
    expect(during[0]!.hashed).toBeLessThan(BURST / 2);
    expect(during[9]!.hashed).toBeLessThan(BURST);
  });

  it('refuses password work past the queue with 503 and Retry-After, and serves it again once turns free up', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: HASHING_CONCURRENCY }, () => inHashingTurn(() => gate));
    const queued = Array.from({ length: HASHING_QUEUE_LIMIT }, (_, i) => hashPassword(`queued-${i}`));
    try {
      const login = () =>
        bff
          .http()
          .post(`${API}/auth_login.php`)
          .set('X-Forwarded-For', '203.0.113.50')
          .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const busy = await login();
      expect([busy.status, busy.body]).toEqual([
        503,
        { error: 'The server is busy checking passwords. Please try again in a moment.' },
      ]);
      expect(busy.headers['retry-after']).toBe('1');
      release();
      await Promise.all([...held, ...queued]);
      expect((await login()).status).toBe(200);
    } finally {
      release();
    }
  });
});
