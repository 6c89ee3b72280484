import type { Request } from 'express';
import { PublicReadLimiter, TooManyReadsException } from './public-read-limiter';

const trustLoopback = (address: string) => address === '127.0.0.1';
const request = (ip: string, forwardedFor?: string): Request =>
  ({
    ip: forwardedFor ?? ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: ip },
    app: { get: () => trustLoopback },
  }) as unknown as Request;

describe('PublicReadLimiter', () => {
  it('lets a client make its reads of the minute, then answers 429 with the seconds left, and again after a minute', () => {
    let now = 1_000_000;
    const limiter = new PublicReadLimiter(3, () => now);
    for (let i = 0; i < 3; i++) limiter.consume(request('10.0.0.1', '203.0.113.9'));
    now += 20_000;
    expect(() => limiter.consume(request('10.0.0.1', '203.0.113.9'))).toThrow(TooManyReadsException);
    try {
      limiter.consume(request('10.0.0.1', '203.0.113.9'));
    } catch (error) {
      expect((error as TooManyReadsException).retryAfterSeconds).toBe(40);
      expect((error as TooManyReadsException).getStatus()).toBe(429);
    }
    // Another client has its own count.
    limiter.consume(request('10.0.0.1', '203.0.113.10'));
    now += 40_000;
    limiter.consume(request('10.0.0.1', '203.0.113.9'));
  });

  it("never counts the product's own server (a trusted proxy address without X-Forwarded-For)", () => {
    const limiter = new PublicReadLimiter(1);
    for (let i = 0; i < 5; i++) limiter.consume(request('127.0.0.1'));
    limiter.consume(request('198.51.100.7'));
    expect(() => limiter.consume(request('198.51.100.7'))).toThrow(TooManyReadsException);
  });

  it('is off at 0', () => {
    const limiter = new PublicReadLimiter(0);
    for (let i = 0; i < 5; i++) limiter.consume(request('198.51.100.7'));
  });
});
