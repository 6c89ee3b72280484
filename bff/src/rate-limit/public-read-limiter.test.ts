import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import { isOwnServer, PublicReadLimiter, TooManyReadsException } from './public-read-limiter';
import type { LimitDecision, SharedLimits } from './shared-limits';

const trustLoopback = (address: string) => address === '127.0.0.1';
const request = (ip: string, forwardedFor?: string): Request =>
  ({
    ip: forwardedFor ?? ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: ip },
    app: { get: () => trustLoopback },
  }) as unknown as Request;

/** The counting itself is PostgreSQL's (shared-limits integration tests); here: who is counted, and the answer. */
function limiterWith(perMinute: number, decision: LimitDecision) {
  const calls: Array<[string, string, number, number]> = [];
  const limits = {
    consume: (action: string, client: string, limit: number, windowMs: number) => {
      calls.push([action, client, limit, windowMs]);
      return Promise.resolve(decision);
    },
  } as unknown as SharedLimits;
  const config = { search: { rateLimitPerMinute: perMinute } } as unknown as AppConfig;
  return { limiter: new PublicReadLimiter(limits, config), calls };
}

describe('PublicReadLimiter', () => {
  it("counts the visitor's address per minute and answers 429 with the seconds left once the window is used up", async () => {
    const allowed = limiterWith(3, { allowed: true, retryAfterSeconds: 60, retryAfterMs: 60_000 });
    await allowed.limiter.consume(request('10.0.0.1', '203.0.113.9'));
    expect(allowed.calls).toEqual([['search', '203.0.113.9', 3, 60_000]]);
    const refused = limiterWith(3, { allowed: false, retryAfterSeconds: 40, retryAfterMs: 39_500 });
    const error = await refused.limiter.consume(request('10.0.0.1', '203.0.113.9')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyReadsException);
    expect((error as TooManyReadsException).retryAfterSeconds).toBe(40);
    expect((error as TooManyReadsException).getStatus()).toBe(429);
  });

  it("never counts the product's own server (a trusted proxy address without X-Forwarded-For)", async () => {
    expect(isOwnServer(request('127.0.0.1'))).toBe(true);
    expect(isOwnServer(request('127.0.0.1', '198.51.100.7'))).toBe(false);
    expect(isOwnServer(request('198.51.100.7'))).toBe(false);
    const { limiter, calls } = limiterWith(1, { allowed: false, retryAfterSeconds: 1, retryAfterMs: 1000 });
    await limiter.consume(request('127.0.0.1'));
    expect(calls).toEqual([]);
  });

  it('refuses a refused client from memory until its window ends, then asks the shared count again', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { limiter, calls } = limiterWith(2, { allowed: false, retryAfterSeconds: 30, retryAfterMs: 29_400 });
      const visitor = request('127.0.0.1', '203.0.113.20');
      await expect(limiter.consume(visitor)).rejects.toBeInstanceOf(TooManyReadsException);
      jest.setSystemTime(1_000_000 + 20_000);
      const again = (await limiter.consume(visitor).catch((e: unknown) => e)) as TooManyReadsException;
      expect(again).toBeInstanceOf(TooManyReadsException);
      expect(again.retryAfterSeconds).toBe(10);
      // Another visitor is not affected by the memory.
      await expect(limiter.consume(request('127.0.0.1', '203.0.113.21'))).rejects.toBeInstanceOf(TooManyReadsException);
      expect(calls.map(([, client]) => client)).toEqual(['203.0.113.20', '203.0.113.21']);
      jest.setSystemTime(1_000_000 + 29_500);
      await expect(limiter.consume(visitor)).rejects.toBeInstanceOf(TooManyReadsException);
      expect(calls.map(([, client]) => client)).toEqual(['203.0.113.20', '203.0.113.21', '203.0.113.20']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is off at 0', async () => {
    const { limiter, calls } = limiterWith(0, { allowed: false, retryAfterSeconds: 1, retryAfterMs: 1000 });
    await limiter.consume(request('198.51.100.7'));
    expect(calls).toEqual([]);
  });
});
