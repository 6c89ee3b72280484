import { LoginThrottle, TooManyLoginAttemptsException } from './login-throttle';

describe('LoginThrottle', () => {
  let now = 0;
  const throttle = () => new LoginThrottle(3, 60_000, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('blocks a client after the allowed failures, until the window ends', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) {
      expect(() => t.assertAllowed('1.1.1.1')).not.toThrow();
      t.recordFailure('1.1.1.1');
    }
    let error: unknown;
    try {
      t.assertAllowed('1.1.1.1');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyLoginAttemptsException);
    expect((error as TooManyLoginAttemptsException).getStatus()).toBe(429);
    expect((error as TooManyLoginAttemptsException).retryAfterSeconds).toBe(60);
    expect(() => t.assertAllowed('2.2.2.2')).not.toThrow();
    now += 60_000;
    expect(() => t.assertAllowed('1.1.1.1')).not.toThrow();
  });

  it('forgets the failures of a client that signs in', () => {
    const t = throttle();
    t.recordFailure('1.1.1.1');
    t.recordFailure('1.1.1.1');
    t.recordSuccess('1.1.1.1');
    t.recordFailure('1.1.1.1');
    t.recordFailure('1.1.1.1');
    expect(() => t.assertAllowed('1.1.1.1')).not.toThrow();
    t.recordFailure('1.1.1.1');
    expect(() => t.assertAllowed('1.1.1.1')).toThrow(TooManyLoginAttemptsException);
  });
});
