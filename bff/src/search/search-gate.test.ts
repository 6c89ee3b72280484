import { SEARCH_BUSY, SearchGate, SearchUnavailableException } from './search-gate';

/** A search that ends when told to. */
function heldSearch() {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => ended, finish };
}

describe('SearchGate', () => {
  afterEach(() => jest.useRealTimers());

  it('computes at most `concurrency` searches at once and lets the waiting ones in first come, first served', async () => {
    const gate = new SearchGate({ concurrency: 2, queueLength: 5, queueWaitMs: 10_000 });
    const searches = Array.from({ length: 4 }, heldSearch);
    const started: number[] = [];
    const runs = searches.map((search, i) =>
      gate.run(() => {
        started.push(i);
        return search.work();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    searches[1]!.finish();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    searches[0]!.finish();
    searches[2]!.finish();
    searches[3]!.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses at once with 503 and Retry-After when the queue is full', async () => {
    const gate = new SearchGate({ concurrency: 1, queueLength: 1, queueWaitMs: 2500 });
    const held = heldSearch();
    const first = gate.run(held.work);
    const queued = gate.run(() => Promise.resolve('queued'));
    const refused = (await gate
      .run(() => Promise.resolve('never'))
      .catch((e: unknown) => e)) as SearchUnavailableException;
    expect(refused).toBeInstanceOf(SearchUnavailableException);
    expect(refused.getStatus()).toBe(503);
    expect(refused.message).toBe(SEARCH_BUSY);
    expect(refused.retryAfterSeconds).toBe(3);
    held.finish();
    await first;
    await expect(queued).resolves.toBe('queued');
  });

  it('refuses a search that waited longer than queueWaitMs, and the slot still passes on', async () => {
    jest.useFakeTimers();
    const gate = new SearchGate({ concurrency: 1, queueLength: 4, queueWaitMs: 1000 });
    const held = heldSearch();
    const first = gate.run(held.work);
    const waiting = gate.run(() => Promise.resolve('late')).catch((e: unknown) => e);
    jest.advanceTimersByTime(1001);
    expect(await waiting).toBeInstanceOf(SearchUnavailableException);
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    held.finish();
    await first;
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('frees the slot when a search fails', async () => {
    const gate = new SearchGate({ concurrency: 1, queueLength: 0, queueWaitMs: 1000 });
    await expect(gate.run(() => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
