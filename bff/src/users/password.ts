import { HttpException, HttpStatus } from '@nestjs/common';
import * as argon2 from 'argon2';
import { Semaphore } from 'async-mutex';

/**
 * Every password hash is argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane) rather than
 * the library's default 64 MiB: the same protection per the OWASP cheat sheet at a third of the memory per sign-in,
 * which keeps concurrent sign-ins from costing the server hundreds of megabytes.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's thread pool, which file reads (downloads, uploads) and compression share: at most half of
 * the pool hashes or verifies at once, so password work never takes every thread. Raise UV_THREADPOOL_SIZE to allow
 * more.
 */
export const HASHING_CONCURRENCY = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
/** Password operations that may wait for a turn; one more is refused at once (503 with Retry-After). */
export const HASHING_QUEUE_LIMIT = 32;
export const PASSWORD_CHECKS_BUSY = 'The server is busy checking passwords. Please try again in a moment.';

export class PasswordHashingBusyException extends HttpException {
  readonly retryAfterSeconds = 1;

  constructor() {
    super(PASSWORD_CHECKS_BUSY, HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/** Turns for argon2 work in this process; `waiting` counts the callers queued behind them (at most queueLimit). */
class HashingTurns {
  private readonly semaphore: Semaphore;
  private waiting = 0;

  constructor(
    concurrency: number,
    private readonly queueLimit: number,
  ) {
    this.semaphore = new Semaphore(concurrency);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    // A free turn is taken at once (acquire dispatches synchronously); only callers that must wait are queued.
    const mustWait = this.semaphore.isLocked();
    if (mustWait && this.waiting >= this.queueLimit) throw new PasswordHashingBusyException();
    if (mustWait) this.waiting++;
    let release: () => void;
    try {
      [, release] = await this.semaphore.acquire();
    } finally {
      if (mustWait) this.waiting--;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }
}

const turns = new HashingTurns(HASHING_CONCURRENCY, HASHING_QUEUE_LIMIT);

/** Runs `work` in one of the process's argon2 turns (exported for tests that hold every turn). */
export function inHashingTurn<T>(work: () => Promise<T>): Promise<T> {
  return turns.run(work);
}

export function hashPassword(password: string): Promise<string> {
  return turns.run(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return turns.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  });
}

/** True for a hash made with other parameters (e.g. an older default): it is replaced at the next sign-in. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  } catch {
    return false;
  }
}
