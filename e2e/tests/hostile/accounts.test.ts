import { ADMIN } from '../../support/state';
import { asVisitor, inParallel, quantile } from '../../support/traffic';

/**
 * Accounts under attack, through the real `npm start`: anonymous first-admin setup posts cost the server one read
 * each (the link is checked before the password is looked at, and each client gets 10 tries per 15 minutes), so
 * sign-ins beside them keep their speed; and someone guessing the admin's password is held back without keeping
 * the admin out from anywhere else. Visitors 2300-2399 are this file's own.
 */
const base = () => {
  const url = process.env.PPL_E2E_BASE_URL;
  if (!url) throw new Error('PPL_E2E_BASE_URL is not set: run through jest.hostile.config.cjs');
  return url;
};

const post = (path: string, visitor: number, body: unknown) =>
  fetch(`${base()}/backend/api/${path}`, {
    method: 'POST',
    headers: { ...asVisitor(visitor), 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
const login = (visitor: number, password: string) => post('auth_login.php', visitor, { email: ADMIN.email, password });

/** 200 characters of digits and symbols: seconds of the password-strength check each, were it run for a guess. */
const COSTLY_PASSWORD = Array.from({ length: 200 }, (_, i) => 'abc123!@#qwertyZXC'[i % 18]).join('');

describe('accounts under attack (npm start)', () => {
  it('answers 20 parallel setup posts at once (400 or 429) while sign-ins beside them stay as fast as alone', async () => {
    const signer = 2300;
    const signIn = async () => {
      const started = performance.now();
      const res = await login(signer, ADMIN.password);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    // Sign-in alone first: its own cost is argon2's verify, which the attack must not add to.
    const alone: number[] = [];
    for (let i = 0; i < 12; i++) alone.push(await signIn());

    // Bursts of 20 parallel posts with guessed links from four visitors, one burst every half second for six seconds
    // (the product runs with ADMIN_PASSWORD, so no link is pending: every one is a guess), sign-ins timed meanwhile.
    const answers: Array<{ status: number; ms: number; body: { error?: string } }> = [];
    const burst = (round: number) =>
      inParallel(20, 20, async (i) => {
        const started = performance.now();
        const res = await post('auth_setup.php', 2310 + (i % 4), {
          token: `guessed-${round}-${i}-${'x'.repeat(40)}`,
          password: COSTLY_PASSWORD,
          confirmPassword: COSTLY_PASSWORD,
        });
        const body = (await res.json()) as { error?: string };
        answers.push({ status: res.status, ms: performance.now() - started, body });
      });
    const bursts: Array<Promise<unknown>> = [];
    const attack = (async () => {
      for (let round = 0; round < 12; round++) {
        bursts.push(burst(round));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await Promise.all(bursts);
    })();
    const during: number[] = [];
    let attacking = true;
    void attack.finally(() => (attacking = false));
    while (attacking) during.push(await signIn());
    await attack;

    const setupP99 = quantile(
      answers.map((a) => a.ms),
      0.99,
    );
    const q = (values: number[], at: number) => quantile(values, at).toFixed(0);
    process.stdout.write(
      `sign-in alone p50 ${q(alone, 0.5)} ms p99 ${q(alone, 0.99)} ms; beside ${answers.length} setup posts ` +
        `p50 ${q(during, 0.5)} ms p99 ${q(during, 0.99)} ms; setup posts p50 ${q(
          answers.map((a) => a.ms),
          0.5,
        )} ms ` +
        `p99 ${setupP99.toFixed(0)} ms\n`,
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40); // 10 tries per visitor and 15 minutes ...
    expect(statuses.filter((s) => s === 429)).toHaveLength(answers.length - 40); // ... then 429
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      error: 'Too many setup attempts. Please try again later.',
    });
    expect(answers.find((a) => a.status === 400)?.body.error).toBe(
      'This setup link is invalid or has expired. Restart the server for a new one.',
    );
    // Answered at once: no password strength or hash is worked out for a guessed link (a second or more each when
    // it was). Sign-ins beside them gain less than 200 ms at p99 over sign-ins alone (argon2's verify is in both).
    const aloneP99 = quantile(alone, 0.99);
    expect(setupP99).toBeLessThan(Math.max(1000, 2 * aloneP99));
    expect(quantile(during, 0.99) - aloneP99).toBeLessThan(Math.max(200, quantile(alone, 0.5)));
  });

  it("holds back the visitor guessing the admin's password, never the admin signing in from elsewhere", async () => {
    const guesser = 2350;
    const admin = 2351;
    for (let i = 0; i < 5; i++) expect((await login(guesser, `wrong-guess-${i}`)).status).toBe(401);
    let held = await login(guesser, ADMIN.password);
    expect(held.status).toBe(429);
    expect(await held.json()).toEqual({ error: 'Too many failed login attempts. Please try again later.' });
    // Each wrong guess after a wait doubles the next wait (1 s, 2 s, then 4 s).
    for (let extra = 0; extra < 2; extra++) {
      await new Promise((resolve) => setTimeout(resolve, Number(held.headers.get('retry-after')) * 1000 + 100));
      expect((await login(guesser, `wrong-again-${extra}`)).status).toBe(401);
      held = await login(guesser, ADMIN.password);
      expect(held.status).toBe(429);
    }
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);

    const signedIn = await login(admin, ADMIN.password);
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);

    // The guesser stays held back: the admin's sign-in reset nothing of theirs.
    expect((await login(guesser, ADMIN.password)).status).toBe(429);
  });
});
