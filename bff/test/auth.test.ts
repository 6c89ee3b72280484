import { API, bearer, createUser, login, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/** Every endpoint that needs an admin, with a method and a path that would otherwise succeed or fail on input. */
const ADMIN_ONLY: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string]> = [
  ['put', '/settings.php'],
  ['post', '/subjects.php'],
  ['put', '/subjects.php?id=1'],
  ['delete', '/subjects.php?id=1'],
  ['post', '/past_papers.php'],
  ['put', '/past_papers.php?id=1'],
  ['delete', '/past_papers.php?id=1'],
  ['get', '/mark_schemes.php'],
  ['get', '/mark_schemes.php?id=1'],
  ['post', '/mark_schemes.php'],
  ['put', '/mark_schemes.php?id=1'],
  ['delete', '/mark_schemes.php?id=1'],
  ['get', '/examiner_reports.php'],
  ['post', '/examiner_reports.php'],
  ['put', '/examiner_reports.php?id=1'],
  ['delete', '/examiner_reports.php?id=1'],
  ['post', '/faqs'],
  ['post', '/faqs.php'],
  ['put', '/faqs?path=1'],
  ['delete', '/faqs?path=1'],
  ['get', '/inquiries.php'],
  ['get', '/inquiries.php?path=1'],
  ['put', '/inquiries.php?path=1'],
  ['delete', '/inquiries.php?path=1'],
  ['get', '/users.php'],
  ['post', '/users.php'],
  ['put', '/users.php?id=1'],
  ['delete', '/users.php?id=1'],
];

describe('auth: login, cookie, check, logout and roles (throttling: login-throttle.test.ts)', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('logs in with { success, token, user } (no hash) and sets an httpOnly SameSite=Strict cookie with the same token', async () => {
    const res = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .send({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: {
        id: expect.any(Number),
        name: 'Administrator',
        email: ADMIN_EMAIL,
        role: 'admin',
        status: 'active',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`auth_token=${res.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i); // COOKIE_SECURE is off here (request-guards.test.ts)
    const [claims] = [JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString())];
    expect(claims).toEqual({
      sub: res.body.user.id,
      jti: expect.any(String),
      ver: 0, // the user's token version (raising it revokes every token of the user)
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
  });

  it('does not mark the cookie Secure because a client claims https (X-Forwarded-Proto): configuration decides', async () => {
    const res = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .set('X-Forwarded-Proto', 'https')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';')).not.toMatch(/Secure/);
  });

  it('answers 400 with the exact message when email or password is missing', async () => {
    const noEmail = await bff.http().post(`${API}/auth_login.php`).send({ password: 'x' }).expect(400);
    expect(noEmail.body.error).toBe('Email is required');
    const noPassword = await bff.http().post(`${API}/auth_login.php`).send({ email: ADMIN_EMAIL }).expect(400);
    expect(noPassword.body.error).toBe('Password is required');
    const nothing = await bff.http().post(`${API}/auth_login.php`).expect(400);
    expect(nothing.body).toEqual({
      error: 'Email is required',
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('answers 401 "Invalid email or password" for a wrong password, an unknown email and an inactive user', async () => {
    const wrong = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .set('X-Forwarded-For', '10.9.0.1')
      .send({ email: ADMIN_EMAIL, password: 'wrong-password' })
      .expect(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    const unknown = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .set('X-Forwarded-For', '10.9.0.1')
      .send({ email: 'nobody@test.example', password: 'whatever-123' })
      .expect(401);
    expect(unknown.body).toEqual({ error: 'Invalid email or password' });
    const inactive = await createUser(bff, admin, { status: 'inactive' });
    const res = await bff
      .http()
      .post(`${API}/auth_login.php`)
      .set('X-Forwarded-For', '10.9.0.1')
      .send({ email: inactive.email, password: inactive.password })
      .expect(401);
    expect(res.body).toEqual({ error: 'Invalid email or password' });
  });

  it('auth_check answers { authenticated } for no credential, the bearer header and the cookie', async () => {
    expect((await bff.http().get(`${API}/auth_check.php`).expect(200)).body).toEqual({ authenticated: false });
    expect((await bff.http().get(`${API}/auth_check.php`).set(bearer('not-a-token')).expect(200)).body).toEqual({
      authenticated: false,
    });
    const viaHeader = await bff.http().get(`${API}/auth_check.php`).set(bearer(admin.token)).expect(200);
    expect(viaHeader.body).toEqual({
      authenticated: true,
      user: { id: admin.id, name: 'Administrator', email: ADMIN_EMAIL, role: 'admin', status: 'active' },
    });
    const viaCookie = await bff
      .http()
      .get(`${API}/auth_check.php`)
      .set('Cookie', `auth_token=${admin.token}`)
      .expect(200);
    expect(viaCookie.body.authenticated).toBe(true);
  });

  it('rejects a token signed with another secret, and an expired one', async () => {
    const [header, payload] = admin.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    await bff.http().get(`${API}/users.php`).set(bearer(forged)).expect(401);
    const { JwtService } = await import('@nestjs/jwt');
    const expired = new JwtService({ secret: bff.config.jwtSecret }).sign(
      { sub: admin.id, jti: 'expired-one' },
      { expiresIn: -10 },
    );
    const res = await bff.http().get(`${API}/users.php`).set(bearer(expired)).expect(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
  });

  it('logout revokes the token on the server at once (bearer and cookie) and clears the cookie', async () => {
    const token = await login(bff, ADMIN_EMAIL, ADMIN_PASSWORD);
    await bff.http().get(`${API}/users.php`).set(bearer(token)).expect(200);
    const out = await bff.http().post(`${API}/auth_logout.php`).set(bearer(token)).expect(200);
    expect(out.body).toEqual({ success: true });
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join(';')).toMatch(
      /auth_token=;.*Expires=Thu, 01 Jan 1970/,
    );
    await bff.http().get(`${API}/users.php`).set(bearer(token)).expect(401);
    await bff.http().get(`${API}/users.php`).set('Cookie', `auth_token=${token}`).expect(401);
    expect((await bff.http().get(`${API}/auth_check.php`).set(bearer(token))).body).toEqual({ authenticated: false });
    const [row] = await bff.db.query('SELECT COUNT(*)::int AS n FROM revoked_tokens');
    expect(row.n).toBeGreaterThanOrEqual(1);
    // Logging out again, or without a credential, still succeeds.
    await bff.http().post(`${API}/auth_logout.php`).set(bearer(token)).expect(200);
    await bff.http().post(`${API}/auth_logout.php`).expect(200);
  });

  it('stops the tokens of a user who is deactivated or deleted', async () => {
    const other = await createUser(bff, admin, { role: 'admin' });
    await bff.http().get(`${API}/users.php`).set(bearer(other.token)).expect(200);
    await bff
      .http()
      .put(`${API}/users.php?id=${other.id}`)
      .set(bearer(admin.token))
      .send({ name: 'Other', email: other.email, role: 'admin', status: 'inactive' })
      .expect(200);
    await bff.http().get(`${API}/users.php`).set(bearer(other.token)).expect(401);

    const gone = await createUser(bff, admin, { role: 'admin' });
    await bff.http().delete(`${API}/users.php?id=${gone.id}`).set(bearer(admin.token)).expect(200);
    await bff.http().get(`${API}/users.php`).set(bearer(gone.token)).expect(401);
  });

  it('demoting an admin takes effect on their very next request: every token of theirs is revoked (401)', async () => {
    const other = await createUser(bff, admin, { role: 'admin' });
    await bff.http().get(`${API}/users.php`).set(bearer(other.token)).expect(200);
    await bff
      .http()
      .put(`${API}/users.php?id=${other.id}`)
      .set(bearer(admin.token))
      .send({ name: 'Other', email: other.email, role: 'user', status: 'active' })
      .expect(200);
    await bff.http().get(`${API}/users.php`).set(bearer(other.token)).expect(401);
    const again = await login(bff, other.email, other.password);
    await bff.http().get(`${API}/users.php`).set(bearer(again)).expect(403);
  });

  describe('every admin endpoint', () => {
    let user: SignedIn;
    let revoked: string;

    beforeAll(async () => {
      user = await createUser(bff, admin, { role: 'user' });
      revoked = await login(bff, ADMIN_EMAIL, ADMIN_PASSWORD);
      await bff.http().post(`${API}/auth_logout.php`).set(bearer(revoked)).expect(200);
    });

    it.each(ADMIN_ONLY)(
      '%s %s: 401 anonymous, 403 for a user, 401 with a revoked token, allowed for an admin',
      async (method, path) => {
        const anonymous = await bff.http()[method](`${API}${path}`);
        expect([anonymous.status, anonymous.body]).toEqual([401, { error: 'Authentication required' }]);
        const asUser = await bff.http()[method](`${API}${path}`).set(bearer(user.token));
        expect([asUser.status, asUser.body]).toEqual([403, { error: 'Admin access required' }]);
        const asUserCookie = await bff.http()[method](`${API}${path}`).set('Cookie', `auth_token=${user.token}`);
        expect(asUserCookie.status).toBe(403);
        const withRevoked = await bff.http()[method](`${API}${path}`).set(bearer(revoked));
        expect(withRevoked.status).toBe(401);
        const asAdmin = await bff.http()[method](`${API}${path}`).set(bearer(admin.token));
        expect([401, 403]).not.toContain(asAdmin.status);
      },
    );

    it('a revoked, forged or non-admin credential on a public route is treated as anonymous (no admin fields)', async () => {
      for (const headers of [
        bearer(revoked),
        bearer('garbage'),
        bearer(user.token),
        { Cookie: `auth_token=${revoked}` },
      ]) {
        const res = await bff.http().get(`${API}/dashboard_stats.php`).set(headers).expect(200);
        expect(Object.keys(res.body.data).sort()).toEqual(['totalDownloads', 'totalPapers', 'totalUsers']);
      }
      const asAdmin = await bff
        .http()
        .get(`${API}/dashboard_stats.php`)
        .set('Cookie', `auth_token=${admin.token}`)
        .expect(200);
      expect(Object.keys(asAdmin.body.data)).toEqual(
        expect.arrayContaining(['totalReports', 'recentActivity', 'topResources']),
      );
    });

    it('public endpoints need no credential', async () => {
      for (const path of [
        '/settings.php',
        '/dashboard_stats.php',
        '/past_papers.php',
        '/subjects.php',
        '/faqs.php',
        '/faqs',
        '/auth_check.php',
        '/health',
      ]) {
        const res = await bff.http().get(`${API}${path}`);
        expect([path, res.status]).toEqual([path, 200]);
      }
    });
  });
});
