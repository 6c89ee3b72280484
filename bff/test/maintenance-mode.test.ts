import { API, bearer, countRows, signInAdmin, type SignedIn } from './support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

/** Maintenance mode closes public writes; sign-in and the admin keep working. */
describe('maintenance mode', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const setMaintenance = async (on: boolean) => {
    const current = (await bff.http().get(`${API}/settings.php`).set(bearer(admin.token)).expect(200)).body
      .data as Record<string, unknown>;
    await bff
      .http()
      .put(`${API}/settings.php`)
      .set(bearer(admin.token))
      .send({ ...current, maintenanceMode: on })
      .expect(200);
  };
  const contact = () =>
    bff
      .http()
      .post(`${API}/inquiries.php`)
      .send({ name: 'Ann', email: 'ann@test.example', subject: 'Hi', message: 'Hello' });

  it('answers public writes 503 with a clear message while on, and takes them again when off', async () => {
    await setMaintenance(true);
    const before = await countRows(bff, 'inquiries');
    const refused = await contact();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'The site is under maintenance. Please try again later.' });
    expect(await countRows(bff, 'inquiries')).toBe(before);
    // The public settings say so (the public site shows its maintenance page from them).
    expect((await bff.http().get(`${API}/settings.php`).expect(200)).body.data.maintenanceMode).toBe(true);
    // Signing in and the admin keep working.
    await bff.http().post(`${API}/auth_login.php`).send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .send({ question: 'During maintenance?', answer: 'Yes.', category: 'General' })
      .expect(201);
    await setMaintenance(false);
    expect((await contact()).status).toBe(201);
  });
});
