import * as argon2 from 'argon2';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

describe('password hash parameters', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('stores new hashes at 19 MiB and upgrades an older hash at the next sign-in', async () => {
    const [fresh] = await bff.db.query('SELECT password_hash FROM users WHERE lower(email) = lower($1)', [ADMIN_EMAIL]);
    expect(fresh.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,/);

    const old = await argon2.hash(ADMIN_PASSWORD, { type: argon2.argon2id }); // the library default, 64 MiB
    await bff.db.query('UPDATE users SET password_hash = $1 WHERE lower(email) = lower($2)', [old, ADMIN_EMAIL]);
    await bff
      .http()
      .post('/backend/api/auth_login.php')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    const [upgraded] = await bff.db.query('SELECT password_hash FROM users WHERE lower(email) = lower($1)', [
      ADMIN_EMAIL,
    ]);
    expect(upgraded.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,/);
    expect(upgraded.password_hash).not.toBe(old);
    await bff
      .http()
      .post('/backend/api/auth_login.php')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
  });
});
