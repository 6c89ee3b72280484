import { API, countRows } from './support/api';
import { startTestBff, type TestBff } from './support/test-bff';

/** Public writes (the contact form) are limited per client, and a honeypot catches bots. */
describe('contact form: rate limit per client and honeypot', () => {
  let bff: TestBff;

  beforeAll(async () => {
    bff = await startTestBff({ env: { PUBLIC_WRITE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await bff?.close();
  });

  const inquiry = (n: number, extra: Record<string, unknown> = {}) => ({
    name: `Student ${n}`,
    email: `student${n}@test.example`,
    subject: 'Past papers',
    message: `Message ${n}`,
    ...extra,
  });
  const post = (ip: string, body: Record<string, unknown>) =>
    bff.http().post(`${API}/inquiries.php`).set('X-Forwarded-For', ip).send(body);

  it('answers 429 with a clear message and Retry-After past the limit, per client, storing nothing more', async () => {
    const before = await countRows(bff, 'inquiries');
    for (let i = 0; i < 3; i++) expect((await post('198.51.100.20', inquiry(i))).status).toBe(201);
    const refused = await post('198.51.100.20', inquiry(4));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'You have sent too many messages in a short time. Please try again in 10 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(await countRows(bff, 'inquiries')).toBe(before + 3);
    // Another client is not affected.
    expect((await post('198.51.100.21', inquiry(5))).status).toBe(201);
  });

  it('holds against a parallel burst: 40 at once from one client store exactly the limit', async () => {
    const before = await countRows(bff, 'inquiries');
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => post('198.51.100.30', inquiry(100 + i))));
    expect(results.filter((r) => r.status === 201).length).toBe(3);
    expect(results.filter((r) => r.status === 429).length).toBe(37);
    expect(await countRows(bff, 'inquiries')).toBe(before + 3);
  });

  it('starts a new window once the old one has passed', async () => {
    for (let i = 0; i < 3; i++) await post('198.51.100.40', inquiry(200 + i));
    expect((await post('198.51.100.40', inquiry(210))).status).toBe(429);
    await bff.db.query(`UPDATE rate_limits SET window_start = window_start - interval '11 minutes'`);
    expect((await post('198.51.100.40', inquiry(211))).status).toBe(201);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await countRows(bff, 'inquiries');
    const res = await post('198.51.100.50', inquiry(300, { website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Student 300', status: 'new' });
    expect(res.body.data).not.toHaveProperty('website');
    expect(await countRows(bff, 'inquiries')).toBe(before);
    // An empty honeypot (what people send) is stored as usual.
    expect((await post('198.51.100.51', inquiry(301, { website: '' }))).status).toBe(201);
    expect(await countRows(bff, 'inquiries')).toBe(before + 1);
  });
});
