import { API, bearer, countRows, createUser, login, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, startTestBff, type TestBff } from './support/test-bff';

describe('users.php and settings.php', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  describe('users', () => {
    const newUser = {
      name: 'Grace',
      email: 'Grace@Example.com',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    };
    const create = (body: Record<string, unknown>) =>
      bff.http().post(`${API}/users.php`).set(bearer(admin.token)).send(body);

    it('creates a user (defaults: role user, status active) with an argon2id hash that never leaves the server', async () => {
      const res = await create(newUser).expect(201);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        name: 'Grace',
        email: 'grace@example.com',
        role: 'user',
        status: 'active',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const [row] = await bff.db.query('SELECT password_hash FROM users WHERE id = $1', [res.body.data.id]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const list = await bff.http().get(`${API}/users.php`).set(bearer(admin.token)).expect(200);
      expect(JSON.stringify(list.body)).not.toMatch(/argon2|password/i);
      expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining([ADMIN_EMAIL, 'grace@example.com']),
      );
      expect(await login(bff, 'GRACE@example.com', 'long-enough')).toEqual(expect.any(String));
    });

    it('answers 409 for a duplicate email regardless of case, on create and update', async () => {
      const dup = await create({ ...newUser, email: 'GRACE@EXAMPLE.COM' }).expect(409);
      expect(dup.body).toEqual({ error: 'A user with this email already exists' });
      const other = await createUser(bff, admin);
      const upd = await bff
        .http()
        .put(`${API}/users.php?id=${other.id}`)
        .set(bearer(admin.token))
        .send({ name: 'X', email: 'grace@example.com', role: 'user', status: 'active' })
        .expect(409);
      expect(upd.body.error).toBe('A user with this email already exists');
    });

    it.each([
      [{ ...newUser, name: '' }, 'Name is required'],
      [{ ...newUser, email: '' }, 'Email is required'],
      [{ ...newUser, email: 'nope' }, 'Please enter a valid email'],
      [
        { ...newUser, email: 'n1@example.com', password: undefined, confirmPassword: undefined },
        'Password is required for new users',
      ],
      [
        { ...newUser, email: 'n2@example.com', password: 'short', confirmPassword: 'short' },
        'Password must be at least 8 characters',
      ],
      [{ ...newUser, email: 'n3@example.com', confirmPassword: 'different!' }, 'Passwords do not match'],
      [{ ...newUser, email: 'n4@example.com', role: 'student' }, 'Role must be user or admin'],
      [{ ...newUser, email: 'n5@example.com', status: 'banned' }, 'Status must be active or inactive'],
    ])('rejects %#: "%s"', async (body, message) => {
      const before = await countRows(bff, 'users');
      expect((await create(body).expect(400)).body.error).toBe(message);
      expect(await countRows(bff, 'users')).toBe(before);
    });

    it('updates name, email, role and status without touching the password; 404 for unknown users', async () => {
      const u = await createUser(bff, admin, { name: 'Before' });
      const res = await bff
        .http()
        .put(`${API}/users.php?id=${u.id}`)
        .set(bearer(admin.token))
        .send({ name: 'After', email: u.email, role: 'admin', status: 'active', password: 'ignored-here' })
        .expect(200);
      expect(res.body.data).toMatchObject({ id: u.id, name: 'After', role: 'admin', status: 'active' });
      expect(await login(bff, u.email, u.password)).toEqual(expect.any(String));
      const bad = await bff
        .http()
        .put(`${API}/users.php?id=${u.id}`)
        .set(bearer(admin.token))
        .send({ name: '', email: u.email })
        .expect(400);
      expect(bad.body.error).toBe('Name is required');
      await bff
        .http()
        .put(`${API}/users.php?id=999999`)
        .set(bearer(admin.token))
        .send({ name: 'X', email: 'x@example.com' })
        .expect(404);
      await bff
        .http()
        .put(`${API}/users.php`)
        .set(bearer(admin.token))
        .send({ name: 'X', email: 'x@example.com' })
        .expect(400);
    });

    it('protects the last active admin from being deleted, deactivated or demoted (409)', async () => {
      // Leave exactly one active admin.
      await bff.db.query(`UPDATE users SET role = 'user' WHERE id <> $1`, [admin.id]);
      const body = { name: 'Administrator', email: ADMIN_EMAIL };
      const demote = await bff
        .http()
        .put(`${API}/users.php?id=${admin.id}`)
        .set(bearer(admin.token))
        .send({ ...body, role: 'user', status: 'active' })
        .expect(409);
      expect(demote.body).toEqual({ error: 'The last active admin cannot be demoted' });
      const deactivate = await bff
        .http()
        .put(`${API}/users.php?id=${admin.id}`)
        .set(bearer(admin.token))
        .send({ ...body, role: 'admin', status: 'inactive' })
        .expect(409);
      expect(deactivate.body).toEqual({ error: 'The last active admin cannot be deactivated' });
      const remove = await bff.http().delete(`${API}/users.php?id=${admin.id}`).set(bearer(admin.token)).expect(409);
      expect(remove.body).toEqual({ error: 'The last active admin cannot be deleted' });
      expect((await bff.db.query(`SELECT role, status FROM users WHERE id = $1`, [admin.id]))[0]).toEqual({
        role: 'admin',
        status: 'active',
      });

      // With a second active admin, the first may step down; then the second is the last one.
      const second = await createUser(bff, admin, { role: 'admin' });
      await bff
        .http()
        .put(`${API}/users.php?id=${admin.id}`)
        .set(bearer(second.token))
        .send({ ...body, role: 'user', status: 'active' })
        .expect(200);
      await bff.http().delete(`${API}/users.php?id=${second.id}`).set(bearer(second.token)).expect(409);
      await bff
        .http()
        .put(`${API}/users.php?id=${admin.id}`)
        .set(bearer(second.token))
        .send({ ...body, role: 'admin', status: 'active' })
        .expect(200);
      // The role changes signed the first admin out everywhere (token version): sign in again.
      expect((await bff.http().get(`${API}/auth_check.php`).set(bearer(admin.token))).body.authenticated).toBe(false);
      admin.token = (await signInAdmin(bff)).token;
      // An inactive admin does not count as the remaining admin.
      await bff
        .http()
        .put(`${API}/users.php?id=${second.id}`)
        .set(bearer(admin.token))
        .send({ name: 'S', email: second.email, role: 'admin', status: 'inactive' })
        .expect(200);
      await bff.http().delete(`${API}/users.php?id=${admin.id}`).set(bearer(admin.token)).expect(409);
    });

    it('demoting both of the last two admins at the same time cannot leave no admin', async () => {
      await bff.db.query(`UPDATE users SET role = 'user' WHERE id <> $1`, [admin.id]);
      const second = await createUser(bff, admin, { role: 'admin' });
      const [a, b] = await Promise.all([
        bff
          .http()
          .put(`${API}/users.php?id=${second.id}`)
          .set(bearer(admin.token))
          .send({ name: 'S', email: second.email, role: 'user', status: 'active' }),
        bff
          .http()
          .put(`${API}/users.php?id=${admin.id}`)
          .set(bearer(admin.token))
          .send({ name: 'Administrator', email: ADMIN_EMAIL, role: 'user', status: 'active' }),
      ]);
      // One wins; the other hears 409 (it found no other admin) or 403 (its caller was demoted first).
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      expect([a.status, b.status].filter((s) => s === 409 || s === 403)).toHaveLength(1);
      const [{ n }] = await bff.db.query(
        `SELECT COUNT(*)::int AS n FROM users WHERE role = 'admin' AND status = 'active'`,
      );
      expect(n).toBe(1);
      await bff.db.query(`UPDATE users SET role = 'admin', status = 'active' WHERE id = $1`, [admin.id]);
      // If the first admin's own demotion won, it signed them out everywhere (token version): sign in again.
      admin.token = (await signInAdmin(bff)).token;
    });
  });

  describe('settings', () => {
    const full = {
      siteName: 'Exam Vault',
      siteDescription: 'Papers',
      contactEmail: 'hello@example.com',
      supportPhone: '+1 555',
      liveChatHours: '9-5',
      officeAddress: '1 Road',
      maintenanceMode: false,
      allowRegistration: true,
      defaultUserRole: 'teacher',
      notificationEmail: '',
      filesPerPage: 20,
      maxFileSize: 25,
    };

    it('saves every field and answers them (audited)', async () => {
      const res = await bff.http().put(`${API}/settings.php`).set(bearer(admin.token)).send(full).expect(200);
      expect(res.body.data).toEqual(full);
      expect((await bff.http().get(`${API}/settings.php`).set(bearer(admin.token)).expect(200)).body.data).toEqual(
        full,
      );
      // A visitor reads the public subset (request-guards.test.ts).
      const { notificationEmail: _n, allowRegistration: _a, defaultUserRole: _d, ...visible } = full;
      expect((await bff.http().get(`${API}/settings.php`).expect(200)).body.data).toEqual(visible);
      const [entry] = await bff.db.query(`SELECT description, user_id FROM audit_log ORDER BY id DESC LIMIT 1`);
      expect(entry).toEqual({ description: 'Updated site settings', user_id: admin.id });
    });

    it.each([
      [{ siteName: '' }, 'Site name is required'],
      [{ contactEmail: '' }, 'Contact email is required'],
      [{ contactEmail: 'nope' }, 'Please enter a valid email'],
      [{ filesPerPage: 4 }, 'Files per page must be between 5 and 100'],
      [{ filesPerPage: 101 }, 'Files per page must be between 5 and 100'],
      [{ filesPerPage: 'ten' }, 'Files per page must be between 5 and 100'],
      [{ maxFileSize: 0 }, 'Maximum file size must be between 1 and 50 MB'],
      [{ maxFileSize: 51 }, 'Maximum file size must be between 1 and 50 MB'],
      [{ defaultUserRole: 'user' }, 'Default user role must be student, teacher or admin'],
      [{ maintenanceMode: 'sometimes' }, 'Maintenance mode must be true or false'],
      [{ notificationEmail: 'bad' }, 'Please enter a valid notification email'],
    ])('rejects %j with "%s" and changes nothing', async (change, message) => {
      const before = (await bff.http().get(`${API}/settings.php`)).body.data;
      expect(
        (
          await bff
            .http()
            .put(`${API}/settings.php`)
            .set(bearer(admin.token))
            .send({ ...full, ...change })
            .expect(400)
        ).body.error,
      ).toBe(message);
      expect((await bff.http().get(`${API}/settings.php`)).body.data).toEqual(before);
    });

    it('accepts the limits 5 and 100 files per page, 1 and 50 MB', async () => {
      for (const [filesPerPage, maxFileSize] of [
        [5, 1],
        [100, 50],
      ]) {
        const res = await bff
          .http()
          .put(`${API}/settings.php`)
          .set(bearer(admin.token))
          .send({ ...full, filesPerPage, maxFileSize })
          .expect(200);
        expect(res.body.data).toMatchObject({ filesPerPage, maxFileSize });
      }
    });
  });
});
