import { API, createUser, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/** Issue 10, Medium 5: the sign-in throttle counts per account and per client, in the database, before verifying. */
describe('login throttle', () => {
  let bff: TestBff;

  beforeEach(async () => {
    bff = await startTestBff();
  });
  afterEach(async () => {
    await bff?.close();
  });

  const attempt = (ip: string, email: string, password: string) =>
    bff.http().post(`${API}/auth_login.php`).set('X-Forwarded-For', ip).send({ email, password });

  it('counts parallel wrong passwords before verifying them: 60 at once, about 10 evaluated (the back-off lets one more through per wait)', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(`198.51.100.${i + 1}`, ADMIN_EMAIL, `wrong-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(12);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(48);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });

  it('counts per account across clients, and backs off (Retry-After grows) instead of a 15-minute block', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt(`192.0.2.${i + 1}`, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    const blocked = await attempt('192.0.2.200', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many failed login attempts. Please try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBe(1);
    // The first wait is a second, not a quarter of an hour: afterwards the right password works.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('192.0.2.200', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('doubles the wait with each failure past the free ones', async () => {
    await bff.db.query(
      `INSERT INTO login_attempts (key, failures, blocked_until, updated_at)
       SELECT encode(sha256(convert_to('account:' || $1, 'UTF8')), 'hex'), 13, now(), now()`,
      [ADMIN_EMAIL],
    );
    expect((await attempt('192.0.2.1', ADMIN_EMAIL, 'wrong')).status).toBe(401); // the 14th failure: 2^4 s
    const blocked = await attempt('192.0.2.2', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(15);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(16);
  });

  it("another account's successful login resets nothing", async () => {
    const other: SignedIn = await createUser(bff, await signInAdmin(bff), { role: 'user' });
    const ip = '203.0.113.7';
    for (let i = 0; i < 9; i++) expect((await attempt(ip, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    expect((await attempt(ip, other.email, other.password)).status).toBe(200);
    expect((await attempt(ip, ADMIN_EMAIL, 'wrong-again')).status).toBe(401); // the 10th failure
    expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
  });

  it('counts per client across accounts: one address guessing many accounts is held back', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 20; i++) expect((await attempt(ip, `nobody-${i}@test.example`, 'wrong')).status).toBe(401);
    const blocked = await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await attempt('203.0.113.10', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('keeps the counts in the database (shared by every instance, kept across a restart), keyed by hashes', async () => {
    for (let i = 0; i < 10; i++) await attempt(`192.0.2.${i + 1}`, ADMIN_EMAIL, `wrong-${i}`);
    const rows: Array<{ key: string; failures: number }> = await bff.db.query(
      'SELECT key, failures FROM login_attempts ORDER BY failures DESC',
    );
    expect(rows[0]).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/), failures: 10 });
    expect(JSON.stringify(rows)).not.toContain('admin');
    // A second instance on the same database sees the back-off.
    await bff.stop();
    const again = await startTestBff({ reuse: bff });
    try {
      await again.db.query(`UPDATE login_attempts SET blocked_until = now() + interval '1 minute' WHERE failures = 10`);
      const res = await again
        .http()
        .post(`${API}/auth_login.php`)
        .set('X-Forwarded-For', '192.0.2.99')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res.status).toBe(429);
    } finally {
      await again.stop();
    }
  });
});
