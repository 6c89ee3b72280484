import { createHash } from 'node:crypto';
import { API, createUser, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

const keyOf = (kind: string, value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');
const pairKey = (email: string, client: string) => keyOf('pair', `${email}\n${client}`);

/**
 * The sign-in throttle counts in the database, before verifying: per client on one account (5 free failures), per
 * client on every account (20), and per account the different clients failing on it (10), whose wait holds back
 * only addresses that have not signed in to it. Guessing is slowed; the owner is never kept out from elsewhere.
 */
describe('login throttle', () => {
  let bff: TestBff;

  // One BFF for the file; each test starts from no counts (the throttle keeps all it knows in these tables, and the
  // request budgets per client in rate_limits).
  beforeAll(async () => {
    bff = await startTestBff();
  });
  beforeEach(async () => {
    await bff.db.query('TRUNCATE login_attempts, login_known_clients, rate_limits');
  });
  afterAll(async () => {
    await bff?.close();
  });

  const attempt = (ip: string, email: string, password: string) =>
    bff.http().post(`${API}/auth_login.php`).set('X-Forwarded-For', ip).send({ email, password });
  /** As if every wait had run out (the counts stay): the next attempt is evaluated. */
  const waitsPass = () => bff.db.query(`UPDATE login_attempts SET blocked_until = now() - interval '1 second'`);

  it('counts parallel wrong passwords before verifying them: 60 addresses at once, about 10 evaluated', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(`198.51.100.${i + 1}`, ADMIN_EMAIL, `wrong-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(12);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(48);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });

  it('holds back the address that guesses, never the right password from another address', async () => {
    const guesser = '203.0.113.66';
    for (let i = 0; i < 5; i++) expect((await attempt(guesser, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    const held = await attempt(guesser, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ error: 'Too many failed login attempts. Please try again later.' });
    expect(Number(held.headers['retry-after'])).toBe(1);
    // A patient guesser: one wrong password after every wait, 25 in all (the pattern that kept admins out).
    for (let i = 5; i < 25; i++) {
      await waitsPass();
      expect((await attempt(guesser, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    }
    const owner = await attempt('192.0.2.44', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    const still = await attempt(guesser, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(still.status).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeGreaterThan(60); // 2^20 s, capped at 15 minutes
    expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it("doubles one address's wait on an account with each failure past the free ones", async () => {
    const ip = '192.0.2.1';
    await bff.db.query(
      `INSERT INTO login_attempts (key, failures, blocked_until, updated_at) VALUES ($1, 8, now(), now())`,
      [pairKey(ADMIN_EMAIL, ip)],
    );
    expect((await attempt(ip, ADMIN_EMAIL, 'wrong')).status).toBe(401); // the 9th failure: 2^4 s
    const blocked = await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(15);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(16);
  });

  it('makes unknown addresses wait once many addresses fail on one account; addresses that signed in there before are let in', async () => {
    const known = '192.0.2.150';
    expect((await attempt(known, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await attempt(`192.0.2.${i + 1}`, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    }
    const unknown = await attempt('192.0.2.200', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBe(1);
    expect((await attempt(known, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    // The account's wait is a back-off too: a second later the unknown address gets its turn.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('192.0.2.200', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it("another account's successful login resets nothing", async () => {
    const other: SignedIn = await createUser(bff, await signInAdmin(bff), { role: 'user' });
    const ip = '203.0.113.7';
    for (let i = 0; i < 4; i++) expect((await attempt(ip, ADMIN_EMAIL, `wrong-${i}`)).status).toBe(401);
    expect((await attempt(ip, other.email, other.password)).status).toBe(200);
    expect((await attempt(ip, ADMIN_EMAIL, 'wrong-again')).status).toBe(401); // the 5th failure
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
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) await attempt(ip, ADMIN_EMAIL, `wrong-${i}`);
    expect((await attempt('192.0.2.78', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const rows: Array<{ key: string; failures: number }> = await bff.db.query(
      'SELECT key, failures FROM login_attempts',
    );
    expect(rows).toContainEqual({ key: pairKey(ADMIN_EMAIL, ip), failures: 5 });
    expect(rows).toContainEqual({ key: keyOf('account', ADMIN_EMAIL), failures: 1 }); // one address failed
    const known: Array<{ key: string }> = await bff.db.query('SELECT key FROM login_known_clients');
    expect(known).toEqual([{ key: keyOf('known', `${ADMIN_EMAIL}\n192.0.2.78`) }]);
    const stored = JSON.stringify([rows, known]);
    for (const clear of ['admin', '192.0.2', 'test.example']) expect(stored).not.toContain(clear);
    // A second instance on the same database sees the back-off (this file's last test: it stops the shared BFF).
    await bff.stop();
    const again = await startTestBff({ reuse: bff });
    try {
      await again.db.query(`UPDATE login_attempts SET blocked_until = now() + interval '1 minute' WHERE key = $1`, [
        pairKey(ADMIN_EMAIL, ip),
      ]);
      const res = await again
        .http()
        .post(`${API}/auth_login.php`)
        .set('X-Forwarded-For', ip)
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    } finally {
      await again.stop();
    }
  });
});
