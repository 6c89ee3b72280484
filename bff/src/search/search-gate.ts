import { ServiceUnavailableException } from '@nestjs/common';

export const SEARCH_BUSY = 'Search is busy right now. Please try again in a moment.';
export const SEARCH_TOO_COSTLY = 'This search took too long. Please try again with more specific words.';

/** A search refused because too many are being computed or waiting, or because it ran past its time: 503. */
export class SearchUnavailableException extends ServiceUnavailableException {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

export interface SearchGateLimits {
  /** Searches computed at once. */
  concurrency: number;
  /** Searches that may wait for a free slot; one more is refused at once. */
  queueLength: number;
  /** How long one may wait for a free slot before it is refused. */
  queueWaitMs: number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/**
 * The overall bound on computed searches in one process: at most `concurrency` at once, at most `queueLength`
 * waiting (first come, first served) for at most `queueWaitMs`; anything more answers 503 with Retry-After at once,
 * so a flood of searches neither holds the database from every other request nor piles up in memory. (A semaphore
 * with a bounded, timed queue: a few lines, where the queue libraries are ESM-only or unbounded by default.)
 */
export class SearchGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: SearchGateLimits) {}

  /** Searches being computed, and waiting (for tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.active < this.limits.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queueLength) {
      return Promise.reject(new SearchUnavailableException(SEARCH_BUSY, this.retryAfterSeconds()));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The slot passes straight from the search that leaves to this one: `active` does not change.
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new SearchUnavailableException(SEARCH_BUSY, this.retryAfterSeconds()));
        }, this.limits.queueWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.active--;
  }

  /** Long enough for the queue in front of a retry to have moved on. */
  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.limits.queueWaitMs / 1000));
  }
}
