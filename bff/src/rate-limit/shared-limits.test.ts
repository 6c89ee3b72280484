import type { DataSource } from 'typeorm';
import { SharedLimits, SWEEP_EVERY_MS } from './shared-limits';

/** A database that answers every one-step upsert with `count` and records what it was asked. */
function fakeDb(count: () => number) {
  const statements: string[] = [];
  const db = {
    query: jest.fn(async (sql: string, params: Array<string | number> = []) => {
      const kind = sql.trim().split(/\s+/)[0]!;
      statements.push(kind);
      if (kind !== 'WITH') return [];
      const n = count();
      return [{ step: 0, count: n, allowed: n <= Number(params[2]), retry_ms: 1500 }];
    }),
  };
  return { db: db as unknown as DataSource, statements };
}

describe('SharedLimits', () => {
  afterEach(() => jest.useRealTimers());

  it('allows while the count is within the limit, with the time left in the window', async () => {
    let n = 0;
    const { db } = fakeDb(() => ++n);
    const limits = new SharedLimits(db);
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await limits.consume('inquiry', '203.0.113.9', 2, 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(decisions[2]).toMatchObject({ retryAfterSeconds: 2, retryAfterMs: 1500 });
  });

  it('refuses steps that cannot be counted in one statement', async () => {
    const limits = new SharedLimits(fakeDb(() => 1).db);
    await expect(limits.consumeInTurn('203.0.113.9', [])).rejects.toThrow('one or more steps');
    const twice = { action: 'views', limit: 1, windowMs: 1000 };
    await expect(limits.consumeInTurn('203.0.113.9', [twice, twice])).rejects.toThrow('different actions');
  });

  it('deletes finished windows at most once a minute, and only after a call that started a new window', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    let newWindow = true;
    const { db, statements } = fakeDb(() => (newWindow ? 1 : 5));
    const limits = new SharedLimits(db);
    for (let i = 0; i < 20; i++) await limits.consume(`view:${i}`, '203.0.113.9', 1, 30 * 60_000);
    expect(statements.filter((s) => s === 'DELETE')).toHaveLength(1);

    jest.setSystemTime(1_000_000 + SWEEP_EVERY_MS);
    newWindow = false;
    await limits.consume('views', '203.0.113.9', 120, 10 * 60_000);
    expect(statements.filter((s) => s === 'DELETE')).toHaveLength(1);
    newWindow = true;
    await limits.consume('view:99', '203.0.113.9', 1, 30 * 60_000);
    expect(statements.filter((s) => s === 'DELETE')).toHaveLength(2);
    expect(statements.filter((s) => s === 'WITH')).toHaveLength(22);
  });
});
