import * as argon2 from 'argon2';
import {
  HASHING_CONCURRENCY,
  HASHING_QUEUE_LIMIT,
  hashPassword,
  inHashingTurn,
  needsRehash,
  PasswordHashingBusyException,
  verifyPassword,
} from './password';

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

describe('password work takes turns', () => {
  it(`runs at most ${HASHING_CONCURRENCY} at once, queues ${HASHING_QUEUE_LIMIT} more, and refuses the next with 503`, async () => {
    let running = 0;
    let most = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const work = () =>
      inHashingTurn(async () => {
        most = Math.max(most, ++running);
        await gate;
        running--;
      });
    const accepted = Array.from({ length: HASHING_CONCURRENCY + HASHING_QUEUE_LIMIT }, work);
    const refused = await work().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordHashingBusyException);
    expect((refused as PasswordHashingBusyException).getStatus()).toBe(503);
    expect((refused as PasswordHashingBusyException).retryAfterSeconds).toBe(1);
    release();
    await Promise.all(accepted);
    expect(most).toBe(HASHING_CONCURRENCY);
    await expect(verifyPassword(await hashPassword('after the queue'), 'after the queue')).resolves.toBe(true);
  });
});
