import * as argon2 from 'argon2';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 iterations, 1 lane, and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong')).resolves.toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('asks to replace a hash made with other parameters (the library default)', async () => {
    const old = await argon2.hash('pw-12345678', { type: argon2.argon2id });
    expect(old).toMatch(/m=65536/);
    expect(needsRehash(old)).toBe(true);
    await expect(verifyPassword(old, 'pw-12345678')).resolves.toBe(true);
  });

  it('never signs anyone in with a malformed stored hash', async () => {
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
    expect(needsRehash('not-a-hash')).toBe(false);
  });
});
