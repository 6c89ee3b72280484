import { API, bearer, createUser, login, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/**
 * Admins reset another user's password, users change their
 * own with the current one, weak passwords are refused, and password, role and status changes and "sign out
 * everywhere" revoke every token of the user.
 */
describe('passwords and token versions', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const check = async (token: string) =>
    (await bff.http().get(`${API}/auth_check.php`).set(bearer(token)).expect(200)).body.authenticated as boolean;
  const attempt = (email: string, password: string) =>
    bff.http().post(`${API}/auth_login.php`).set('X-Forwarded-For', '10.7.0.1').send({ email, password });

  describe("an admin resets another user's password (PUT /users.php?id= with password + confirmPassword)", () => {
    it('sets the new password, signs the user out everywhere, and audits it', async () => {
      const user = await createUser(bff, admin);
      const second = await login(bff, user.email, user.password);
      const res = await bff
        .http()
        .put(`${API}/users.php?id=${user.id}`)
        .set(bearer(admin.token))
        .send({ password: 'fresh-violet-lantern', confirmPassword: 'fresh-violet-lantern' })
        .expect(200);
      expect(res.body.data).toMatchObject({ id: user.id, email: user.email });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|fresh-violet/);
      expect(await check(user.token)).toBe(false);
      expect(await check(second)).toBe(false);
      expect((await attempt(user.email, user.password)).status).toBe(401);
      expect((await attempt(user.email, 'fresh-violet-lantern')).status).toBe(200);
      const [audit] = await bff.db.query(
        `SELECT description FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
        [user.id],
      );
      expect(audit.description).toMatch(/Reset the password/);
    });

    it.each([
      [{ password: '           ', confirmPassword: '           ' }, 'Password cannot be blank'],
      [
        { password: 'password1', confirmPassword: 'password1' },
        'This password is too common or too easy to guess. Please choose a stronger one.',
      ],
      [
        { password: '12345678', confirmPassword: '12345678' },
        'This password is too common or too easy to guess. Please choose a stronger one.',
      ],
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ password: 'fresh-violet-lantern', confirmPassword: 'other-violet-lantern' }, 'Passwords do not match'],
      [{ password: '', confirmPassword: '' }, 'Password is required'],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const user = await createUser(bff, admin);
      const res = await bff.http().put(`${API}/users.php?id=${user.id}`).set(bearer(admin.token)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await check(user.token)).toBe(true);
      expect((await attempt(user.email, user.password)).status).toBe(200);
    });

    it("keeps the spec's edit form as it was: a password sent with the profile fields is ignored", async () => {
      const user = await createUser(bff, admin);
      await bff
        .http()
        .put(`${API}/users.php?id=${user.id}`)
        .set(bearer(admin.token))
        .send({ name: 'Renamed', email: user.email, role: 'user', status: 'active', password: 'fresh-violet-lantern' })
        .expect(200);
      expect((await attempt(user.email, user.password)).status).toBe(200);
      expect(await check(user.token)).toBe(true); // a name change revokes nothing
    });

    it("404 for an unknown user; an admin's own password goes through Change password instead", async () => {
      const body = { password: 'fresh-violet-lantern', confirmPassword: 'fresh-violet-lantern' };
      expect((await bff.http().put(`${API}/users.php?id=999999`).set(bearer(admin.token)).send(body)).status).toBe(404);
      expect((await bff.http().put(`${API}/users.php?id=${admin.id}`).set(bearer(admin.token)).send(body)).status).toBe(
        409,
      );
    });

    it('is admin-only', async () => {
      const user = await createUser(bff, admin);
      const other = await createUser(bff, admin);
      const res = await bff
        .http()
        .put(`${API}/users.php?id=${other.id}`)
        .set(bearer(user.token))
        .send({ password: 'fresh-violet-lantern', confirmPassword: 'fresh-violet-lantern' });
      expect(res.status).toBe(403);
    });
  });

  describe('a signed-in user changes their own password (POST /auth_password.php)', () => {
    it('needs the current password; then every other token is revoked and the answer carries a fresh one', async () => {
      const user = await createUser(bff, admin);
      const elsewhere = await login(bff, user.email, user.password);
      const wrong = await bff
        .http()
        .post(`${API}/auth_password.php`)
        .set(bearer(user.token))
        .send({ currentPassword: 'not-it', password: 'fresh-violet-lantern', confirmPassword: 'fresh-violet-lantern' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        error: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      });
      expect(await check(user.token)).toBe(true);

      const res = await bff
        .http()
        .post(`${API}/auth_password.php`)
        .set(bearer(user.token))
        .send({
          currentPassword: user.password,
          password: 'fresh-violet-lantern',
          confirmPassword: 'fresh-violet-lantern',
        })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        token: expect.any(String),
        user: expect.objectContaining({ id: user.id }),
      });
      expect(res.headers['set-cookie']?.[0]).toMatch(/^auth_token=/);
      expect(await check(res.body.token)).toBe(true);
      expect(await check(user.token)).toBe(false);
      expect(await check(elsewhere)).toBe(false);
      expect((await attempt(user.email, 'fresh-violet-lantern')).status).toBe(200);
    });

    it('throttles guessing the current password per account: past 5 wrong ones, 429 with Retry-After, from any session', async () => {
      const user = await createUser(bff, admin);
      const otherSession = await login(bff, user.email, user.password, '10.7.0.9');
      const change = (token: string, currentPassword: string) =>
        bff
          .http()
          .post(`${API}/auth_password.php`)
          .set(bearer(token))
          .send({ currentPassword, password: 'amber-quartz-meadow', confirmPassword: 'amber-quartz-meadow' });
      for (let i = 0; i < 5; i++) expect((await change(user.token, `guess-${i}`)).status).toBe(400);
      for (const token of [user.token, otherSession]) {
        const held = await change(token, user.password); // even the right one waits its turn
        expect([held.status, held.body]).toEqual([
          429,
          { error: 'Too many wrong current passwords. Please try again later.' },
        ]);
        expect(Number(held.headers['retry-after'])).toBe(1);
      }
      // Each further wrong one doubles the wait.
      await bff.db.query(`UPDATE login_attempts SET blocked_until = now() - interval '1 second'`);
      expect((await change(user.token, 'guess-5')).status).toBe(400);
      expect(Number((await change(user.token, user.password)).headers['retry-after'])).toBe(2);
      // Another account is not held back by this one's count.
      const other = await createUser(bff, admin);
      expect((await change(other.token, other.password)).status).toBe(200);
      await bff.db.query(`UPDATE login_attempts SET blocked_until = now() - interval '1 second'`);
      expect((await change(user.token, user.password)).status).toBe(200);
    });

    it('refuses weak and whitespace-only new passwords, and anonymous callers', async () => {
      const user = await createUser(bff, admin, { name: 'Mary Jones' });
      for (const [password, message] of [
        ['          ', 'Password cannot be blank'],
        ['qwertyuiop', 'This password is too common or too easy to guess. Please choose a stronger one.'],
      ]) {
        const res = await bff
          .http()
          .post(`${API}/auth_password.php`)
          .set(bearer(user.token))
          .send({ currentPassword: user.password, password, confirmPassword: password });
        expect([res.status, res.body.error]).toEqual([400, message]);
      }
      const anonymous = await bff
        .http()
        .post(`${API}/auth_password.php`)
        .send({ currentPassword: 'x', password: 'fresh-violet-lantern', confirmPassword: 'fresh-violet-lantern' });
      expect(anonymous.status).toBe(401);
    });
  });

  it('refuses a common password for a new user too', async () => {
    const res = await bff
      .http()
      .post(`${API}/users.php`)
      .set(bearer(admin.token))
      .send({ name: 'New', email: 'weak@test.example', password: 'password123', confirmPassword: 'password123' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This password is too common or too easy to guess. Please choose a stronger one.');
  });

  describe('token version', () => {
    it('a role change revokes every token of the user', async () => {
      const user = await createUser(bff, admin, { role: 'admin' });
      await bff
        .http()
        .put(`${API}/users.php?id=${user.id}`)
        .set(bearer(admin.token))
        .send({ name: 'Demoted', email: user.email, role: 'user', status: 'active' })
        .expect(200);
      expect(await check(user.token)).toBe(false);
    });

    it('deactivation revokes every token, and reactivation does not revive them', async () => {
      const user = await createUser(bff, admin);
      const put = (status: string) =>
        bff
          .http()
          .put(`${API}/users.php?id=${user.id}`)
          .set(bearer(admin.token))
          .send({ name: 'Someone', email: user.email, role: 'user', status })
          .expect(200);
      await put('inactive');
      expect(await check(user.token)).toBe(false);
      await put('active');
      expect(await check(user.token)).toBe(false);
      expect((await attempt(user.email, user.password)).status).toBe(200);
    });

    it('"sign out everywhere" (POST /auth_logout.php?everywhere=1) revokes every token of that user only', async () => {
      const user = await createUser(bff, admin);
      const second = await login(bff, user.email, user.password);
      const other = await createUser(bff, admin);
      await bff.http().post(`${API}/auth_logout.php?everywhere=1`).set(bearer(second)).expect(200);
      expect(await check(user.token)).toBe(false);
      expect(await check(second)).toBe(false);
      expect(await check(other.token)).toBe(true);
      expect(await check(admin.token)).toBe(true);
      const fresh = await login(bff, user.email, user.password);
      expect(await check(fresh)).toBe(true);
    });

    it('tokens signed before versions existed (no ver claim) count as version 0', async () => {
      const { JwtService } = await import('@nestjs/jwt');
      const jwt = bff.app.get(JwtService);
      const [row] = await bff.db.query('SELECT token_version FROM users WHERE id = $1', [admin.id]);
      expect(row.token_version).toBe(0);
      const legacy = await jwt.signAsync({ sub: admin.id, jti: 'legacy-token-id' }, { expiresIn: 60 });
      expect(await check(legacy)).toBe(true);
      expect(ADMIN_EMAIL).toBeTruthy();
      expect(ADMIN_PASSWORD).toBeTruthy();
    });
  });
});
