import { performance } from 'node:perf_hooks';
import { API, bearer, countRows, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/**
 * The request-level defences, each through the real HTTP stack: JSON shape limits before any parsing,
 * NUL characters, JSON-only writes (415), same-origin writes (CSRF, login CSRF), the cookie's flags, no-store on
 * private answers, the trusted proxy, the public settings subset, random request ids, case-insensitive cache
 * invalidation and the API docs for admins only.
 */
describe('request guards', () => {
  let bff: TestBff;
  let admin: SignedIn;
  /** The site as the browser addressed it (Host), and its origin. */
  const HOST = 'papers.test:3000';
  const ORIGIN = `http://${HOST}`;

  beforeAll(async () => {
    bff = await startTestBff({ env: { PUBLIC_WRITE_LIMIT: '1000' } });
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  describe('JSON shape limits (High 1)', () => {
    const wideObject = (keys: number) =>
      `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',')},"email":"a@b.example","password":"x"}`;

    it.each(['auth_login.php', 'inquiries.php'])(
      'refuses a 60,000-key body to %s with 413 before validation, quickly',
      async (path) => {
        const body = wideObject(60_000);
        expect(body.length).toBeLessThan(1024 * 1024);
        const started = performance.now();
        const res = await bff.http().post(`${API}/${path}`).set('Content-Type', 'application/json').send(body);
        const elapsed = performance.now() - started;
        expect(res.status).toBe(413);
        expect(res.body.error).toMatch(/^Request body is too complex/);
        // Generous: the unguarded path took 6.4 s. Not a benchmark, a guard against the quadratic path.
        expect(elapsed).toBeLessThan(2000);
      },
    );

    it('refuses 200,000 levels of nesting with 413 (not 500), and long lists', async () => {
      const deep = `{"email":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
      const res = await bff.http().post(`${API}/inquiries.php`).set('Content-Type', 'application/json').send(deep);
      expect(res.status).toBe(413);
      const list = `{"message":[${Array.from({ length: 20_001 }, () => '0').join(',')}]}`;
      const long = await bff.http().post(`${API}/inquiries.php`).set('Content-Type', 'application/json').send(list);
      expect(long.status).toBe(413);
    });

    it('lets every real payload through (a wide but reasonable object is validated as usual)', async () => {
      const res = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .send({ name: 'Ann', email: 'ann@test.example', subject: 'Papers', message: 'Hello [1, 2] {"quoted": ","}' });
      expect(res.status).toBe(201);
    });
  });

  describe('NUL characters', () => {
    it('answers 400 for NUL in the query, the JSON body and a multipart field, storing nothing', async () => {
      const before = await countRows(bff, 'inquiries');
      expect((await bff.http().get(`${API}/subjects.php?id=1%00`)).status).toBe(400);
      expect((await bff.http().get(`${API}/past_papers.php?search=a%00b`)).status).toBe(400);
      const json = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .send({ name: 'Ann', email: 'ann@test.example', subject: 'Hi', message: 'bad\u0000byte' });
      expect(json.status).toBe(400);
      expect(json.body).toEqual({ error: 'Request must not contain NUL characters' });
      expect(await countRows(bff, 'inquiries')).toBe(before);
      const subjects = await countRows(bff, 'subjects');
      const form = await bff
        .http()
        .post(`${API}/subjects.php`)
        .set(bearer(admin.token))
        .field('name', 'Nul\u0000Subject')
        .field('code', 'NUL1')
        .field('level', 'cambridge-igcse');
      expect(form.status).toBe(400);
      expect(await countRows(bff, 'subjects')).toBe(subjects);
    });
  });

  describe('JSON only (Medium 3)', () => {
    it('answers 415 to an HTML form (urlencoded or text/plain) on a JSON endpoint, login included', async () => {
      const urlencoded = await bff
        .http()
        .post(`${API}/auth_login.php`)
        .type('form')
        .send(`email=${encodeURIComponent(ADMIN_EMAIL)}&password=${ADMIN_PASSWORD}`);
      expect(urlencoded.status).toBe(415);
      expect(urlencoded.headers['set-cookie']).toBeUndefined();
      const text = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('Content-Type', 'text/plain')
        .send('{"name":"A","email":"a@b.example","subject":"s","message":"m"}');
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ error: 'Unsupported content type: send JSON (application/json)' });
    });

    it('answers 415 to multipart on an endpoint the spec does not document as multipart', async () => {
      const before = await countRows(bff, 'users');
      const res = await bff
        .http()
        .post(`${API}/users.php`)
        .set(bearer(admin.token))
        .field('name', 'Form User')
        .field('email', 'form@test.example')
        .field('password', 'a-long-enough-password-1')
        .field('confirmPassword', 'a-long-enough-password-1');
      expect(res.status).toBe(415);
      expect(await countRows(bff, 'users')).toBe(before);
    });
  });

  describe('same-origin writes (Medium 3: CSRF)', () => {
    const cookieOf = async () => {
      const res = await bff.http().post(`${API}/auth_login.php`).send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth_token='))!;
    };
    const newUser = (n: string) => ({
      name: `Csrf ${n}`,
      email: `csrf-${n}@test.example`,
      role: 'admin',
      status: 'active',
      password: 'a-long-enough-password-1',
      confirmPassword: 'a-long-enough-password-1',
    });

    it('refuses a cookie-authenticated admin write from another origin (another port of the same host too)', async () => {
      const cookie = (await cookieOf()).split(';')[0]!;
      const before = await countRows(bff, 'users');
      for (const foreign of ['http://evil.example', 'http://papers.test:3001', 'https://papers.test:3000']) {
        const res = await bff
          .http()
          .post(`${API}/users.php`)
          .set('Host', HOST)
          .set('Cookie', cookie)
          .set('Origin', foreign)
          .send(newUser('x'));
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'Cross-site request refused' });
      }
      const fetchMetadata = await bff
        .http()
        .post(`${API}/users.php`)
        .set('Cookie', cookie)
        .set('Sec-Fetch-Site', 'same-site')
        .send(newUser('y'));
      expect(fetchMetadata.status).toBe(403);
      expect(await countRows(bff, 'users')).toBe(before);
    });

    it('accepts the same write from this origin, or with the bearer header the console sends', async () => {
      const cookie = (await cookieOf()).split(';')[0]!;
      await bff
        .http()
        .post(`${API}/users.php`)
        .set('Host', HOST)
        .set('Cookie', cookie)
        .set('Origin', ORIGIN)
        .send(newUser('a'))
        .expect(201);
      await bff
        .http()
        .post(`${API}/users.php`)
        .set('Cookie', cookie)
        .set('Sec-Fetch-Site', 'same-origin')
        .send(newUser('b'))
        .expect(201);
      await bff
        .http()
        .post(`${API}/users.php`)
        .set(bearer(admin.token))
        .set('Origin', 'http://evil.example')
        .send(newUser('c'))
        .expect(201);
    });

    it('refuses a cross-site login (login CSRF) and a cross-site contact message', async () => {
      const login = await bff
        .http()
        .post(`${API}/auth_login.php`)
        .set('Origin', 'http://evil.example')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login.status).toBe(403);
      expect(login.headers['set-cookie']).toBeUndefined();
      const inquiry = await bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ name: 'A', email: 'a@test.example', subject: 's', message: 'm' });
      expect(inquiry.status).toBe(403);
    });
  });

  describe('private answers and the cookie', () => {
    it('sends Cache-Control: no-store on sign-in answers and every authenticated answer, not on public reads', async () => {
      const login = await bff
        .http()
        .post(`${API}/auth_login.php`)
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login.headers['cache-control']).toBe('no-store');
      const check = await bff.http().get(`${API}/auth_check.php`).set(bearer(admin.token));
      expect(check.headers['cache-control']).toBe('no-store');
      const users = await bff.http().get(`${API}/users.php`).set(bearer(admin.token)).expect(200);
      expect(users.headers['cache-control']).toBe('no-store');
      const subjects = await bff.http().get(`${API}/subjects.php`).set(bearer(admin.token)).expect(200);
      expect(subjects.headers['cache-control']).toBe('no-store');
      const anonymous = await bff.http().get(`${API}/subjects.php`).expect(200);
      expect(anonymous.headers['cache-control']).toBe('no-cache');
    });

    it('answers public settings without the admin-only fields; an admin gets all of them', async () => {
      const visitor = await bff.http().get(`${API}/settings.php`).expect(200);
      expect(visitor.body.data.siteName).toEqual(expect.any(String));
      for (const hidden of ['notificationEmail', 'allowRegistration', 'defaultUserRole']) {
        expect(visitor.body.data).not.toHaveProperty(hidden);
      }
      const adminView = await bff.http().get(`${API}/settings.php`).set(bearer(admin.token)).expect(200);
      expect(adminView.body.data).toEqual(
        expect.objectContaining({ notificationEmail: expect.any(String), allowRegistration: expect.any(Boolean) }),
      );
    });

    it('gives every request a random id (X-Request-Id), never a sequence', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await bff.http().get(`${API}/health`)).headers['x-request-id']);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(3);
    });
  });

  describe('read cache', () => {
    it('a write through a differently cased path still refreshes the cached public reads', async () => {
      await bff.http().get(`${API}/subjects.php`).expect(200);
      expect((await bff.http().get(`${API}/subjects.php`).expect(200)).headers['x-cache']).toBe('HIT');
      await bff
        .http()
        .post(`${API}/SUBJECTS.PHP`)
        .set(bearer(admin.token))
        .field('name', 'Cased Geography')
        .field('code', 'CASE1')
        .field('level', 'cambridge-igcse')
        .expect(201);
      const after = await bff.http().get(`${API}/subjects.php`).expect(200);
      expect((after.body.data as Array<{ code: string }>).some((s) => s.code === 'CASE1')).toBe(true);
    });
  });
});

describe('request guards: configuration', () => {
  /** The statuses of contact posts claiming each address in turn, from a BFF trusting `trustProxy`. */
  const postsFrom = async (trustProxy: string, addresses: string[]) => {
    const bff = await startTestBff({ env: { TRUST_PROXY: trustProxy, PUBLIC_WRITE_LIMIT: '1' } });
    try {
      const statuses: number[] = [];
      for (const ip of addresses) {
        const res = await bff
          .http()
          .post(`${API}/inquiries.php`)
          .set('X-Forwarded-For', ip)
          .send({ name: 'A', email: 'a@test.example', subject: 's', message: 'm' });
        statuses.push(res.status);
      }
      return statuses;
    } finally {
      await bff.close();
    }
  };

  it('TRUST_PROXY=false: X-Forwarded-For is not believed, so a client cannot buy a fresh limit per forged address', async () => {
    expect(await postsFrom('false', ['198.51.100.1', '198.51.100.2'])).toEqual([201, 429]);
  });

  it('TRUST_PROXY naming the proxy: each visitor behind it has their own bucket', async () => {
    expect(await postsFrom('127.0.0.1/8, ::1', ['198.51.100.1', '198.51.100.2', '198.51.100.1'])).toEqual([
      201, 201, 429,
    ]);
  });

  it('COOKIE_SECURE=true marks the session cookie Secure; API_DOCS=admin hides the docs from everyone else', async () => {
    const bff = await startTestBff({ env: { COOKIE_SECURE: 'true', API_DOCS: 'admin' } });
    try {
      const login = await bff
        .http()
        .post(`${API}/auth_login.php`)
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
        .expect(200);
      expect(([] as string[]).concat(login.headers['set-cookie'] ?? []).join(';')).toMatch(/; Secure/);
      expect((await bff.http().get(`${API}/docs-json`)).status).toBe(401);
      expect((await bff.http().get(`${API}/docs`)).status).toBe(401);
      const docs = await bff
        .http()
        .get(`${API}/docs-json`)
        .set(bearer(login.body.token as string))
        .expect(200);
      expect(docs.body.openapi).toMatch(/^3\./);
    } finally {
      await bff.close();
    }
  });
});
