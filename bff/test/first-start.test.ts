import { SETUP_LINK_INVALID } from '../src/users/first-admin-setup';
import { HASHING_CONCURRENCY, inHashingTurn } from '../src/users/password';
import { PASSWORD_TOO_WEAK } from '../src/users/password-policy';
import { API } from './support/api';
import { startTestBff, ADMIN_EMAIL } from './support/test-bff';

async function counts(bff: Awaited<ReturnType<typeof startTestBff>>) {
  const [row] = await bff.db.query(`
    SELECT (SELECT COUNT(*) FROM subjects)::int AS subjects, (SELECT COUNT(*) FROM past_papers)::int AS papers,
           (SELECT COUNT(*) FROM variants)::int AS variants, (SELECT COUNT(*) FROM faqs)::int AS faqs,
           (SELECT COUNT(*) FROM users)::int AS users, (SELECT COUNT(*) FROM mark_schemes)::int AS mark_schemes`);
  return row as Record<string, number>;
}

describe('first start', () => {
  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD with an argon2id hash', async () => {
    const bff = await startTestBff();
    try {
      const [user] = await bff.db.query('SELECT email, role, status, password_hash FROM users');
      expect(user).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', status: 'active' });
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await bff.close();
    }
  });

  it('creates admin@example.com without printing a password: a one-time setup link chooses it', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    let bff: Awaited<ReturnType<typeof startTestBff>> | undefined;
    let again: Awaited<ReturnType<typeof startTestBff>> | undefined;
    const setupToken = (printed: string) => /\/login#setup=([A-Za-z0-9_-]{40,})/.exec(printed)?.[1];
    try {
      bff = await startTestBff({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SITE_URL: 'http://localhost:3300' } });
      const printed = writes.join('');
      expect(printed).toContain('admin@example.com');
      // The example address is where the site runs (npm start passes its own port).
      expect(printed).toMatch(/e\.g\. http:\/\/localhost:3300\/login#setup=/);
      expect(printed).not.toMatch(/password:/i);
      const first = setupToken(printed);
      expect(first).toBeDefined();
      const [user] = await bff.db.query('SELECT email, role FROM users');
      expect(user).toEqual({ email: 'admin@example.com', role: 'admin' });

      // While the setup is pending, a restart prints a new link and the old one stops working.
      await bff.stop();
      writes.length = 0;
      again = await startTestBff({
        env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
        reuse: { dataDir: bff.dataDir, databaseUrl: bff.databaseUrl },
      });
      const second = setupToken(writes.join(''));
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      const setup = (token: string, password: string) =>
        again!.http().post(`${API}/auth_setup.php`).send({ token, password, confirmPassword: password });
      expect((await setup(first!, 'granite-orchid-compass')).body).toEqual({
        error: 'This setup link is invalid or has expired. Restart the server for a new one.',
        errors: { token: 'This setup link is invalid or has expired. Restart the server for a new one.' },
      });
      expect((await setup(second!, 'password123')).status).toBe(400); // weak passwords are refused here too
      const done = await setup(second!, 'granite-orchid-compass');
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        success: true,
        token: expect.any(String),
        user: expect.objectContaining({ role: 'admin' }),
      });
      expect((await setup(second!, 'another-orchid-compass')).status).toBe(400); // used up
      const login = await again
        .http()
        .post(`${API}/auth_login.php`)
        .send({ email: 'admin@example.com', password: 'granite-orchid-compass' });
      expect(login.status).toBe(200);

      // Once chosen, a restart prints nothing.
      await again.stop();
      writes.length = 0;
      again = await startTestBff({
        env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
        reuse: { dataDir: bff.dataDir, databaseUrl: bff.databaseUrl },
      });
      expect(writes.join('')).not.toContain('setup=');
    } finally {
      spy.mockRestore();
      await again?.stop();
      await bff?.close();
    }
  });

  it('checks the setup link before the password (no strength check, no hash for a wrong one), and limits attempts per client', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    let bff: Awaited<ReturnType<typeof startTestBff>> | undefined;
    let releaseTurns = () => {};
    try {
      bff = await startTestBff({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
      const token = /\/login#setup=([A-Za-z0-9_-]{40,})/.exec(writes.join(''))?.[1];
      expect(token).toBeDefined();
      const setup = (client: string, setupToken: string, password: string) =>
        bff!
          .http()
          .post(`${API}/auth_setup.php`)
          .set('X-Forwarded-For', client)
          .send({ token: setupToken, password, confirmPassword: password });
      // Every argon2 turn is taken: a request that hashed would wait here until released.
      const gate = new Promise<void>((resolve) => (releaseTurns = resolve));
      const held = Array.from({ length: HASHING_CONCURRENCY }, () => inHashingTurn(() => gate));
      // 200 characters of digits and symbols: seconds of zxcvbn each, were its strength judged. Ten guesses with it
      // take about as long as ten with a plain password.
      const costly = Array.from({ length: 200 }, (_, i) => 'abc123!@#qwertyZXC'[i % 18]).join('');
      const guessAll = async (client: string, password: string) => {
        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => setup(client, `guessed-token-${i}`, password)),
        );
        expect(answers.map((r) => [r.status, r.body.errors])).toEqual(
          answers.map(() => [400, { token: SETUP_LINK_INVALID }]),
        );
        return performance.now() - started;
      };
      const plainMs = await guessAll('198.51.100.19', 'granite-orchid-compass');
      const costlyMs = await guessAll('198.51.100.20', costly);
      expect(costlyMs).toBeLessThan(3 * plainMs + 1000);
      // Past 10 attempts in 15 minutes the client is refused before its body is even read; another client is not.
      const refused = await setup('198.51.100.20', token!, 'granite-orchid-compass');
      expect([refused.status, refused.body]).toEqual([
        429,
        { error: 'Too many setup attempts. Please try again later.' },
      ]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await setup('198.51.100.21', 'guessed-again', 'granite-orchid-compass')).status).toBe(400);
      releaseTurns();
      await Promise.all(held);
      // The right link: then the password's strength, then the hash.
      const weak = await setup('198.51.100.22', token!, 'password123');
      expect([weak.status, weak.body.errors]).toEqual([400, { password: PASSWORD_TOO_WEAK }]);
      expect((await setup('198.51.100.22', token!, `${costly}x`)).status).toBe(400); // over 200 characters
      expect((await setup('198.51.100.22', token!, 'granite-orchid-compass')).status).toBe(200);
    } finally {
      releaseTurns();
      spy.mockRestore();
      await bff?.close();
    }
  });

  it('seeds demo content once: a restart keeps the data without duplicates', async () => {
    const first = await startTestBff({ seedDemo: true });
    const before = await counts(first);
    expect(before.subjects).toBeGreaterThanOrEqual(12);
    expect(before.papers).toBeGreaterThanOrEqual(40);
    expect(before.faqs).toBeGreaterThanOrEqual(10);
    await first.stop();
    const second = await startTestBff({
      seedDemo: true,
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    try {
      expect(await counts(second)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('seeds nothing but the admin and the settings row with SEED_DEMO=false', async () => {
    const bff = await startTestBff({ seedDemo: false });
    try {
      expect(await counts(bff)).toEqual({ subjects: 0, papers: 0, variants: 0, faqs: 0, users: 1, mark_schemes: 0 });
      const res = await bff.http().get('/backend/api/settings.php').expect(200);
      expect(res.body.data.siteName).toBe('Past Paper Library');
    } finally {
      await bff.close();
    }
  });
});
