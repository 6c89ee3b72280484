import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { FileStorage } from '../storage/file-storage.service';
import { StoredFileHashes } from './stored-file-hashes.service';

/** A library of documents with no hash yet, on a fake transaction; each batch "takes" `batchMs` of the clock. */
function library(count: number, batchMs: number) {
  const hashes = new Map<number, string>();
  const batchesStarted: number[] = [];
  const tx = {
    query: async (sql: string, params: unknown[]): Promise<unknown[]> => {
      if (sql.includes('FOR UPDATE SKIP LOCKED')) {
        batchesStarted.push(performance.now());
        jest.advanceTimersByTime(batchMs);
        const after = params[0] as number;
        const ids = Array.from({ length: count }, (_, i) => i + 1).filter((id) => id > after && !hashes.has(id));
        return ids
          .slice(0, 25)
          .map((id) => ({ id, path: `papers/00000000-0000-4000-8000-${String(id).padStart(12, '0')}.pdf` }));
      }
      hashes.set(params[0] as number, params[1] as string);
      return [];
    },
  };
  const db = { transaction: async (work: (t: typeof tx) => Promise<unknown>) => work(tx) } as unknown as DataSource;
  const storage = { open: async (path: string) => Readable.from([Buffer.from(path)]) } as unknown as FileStorage;
  return { hashes, batchesStarted, service: new StoredFileHashes(db, storage) };
}

describe('StoredFileHashes back-fill', () => {
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hashes every document from its stored bytes', async () => {
    const { hashes, service } = library(60, 0);
    const done = service.backfill();
    await jest.runAllTimersAsync();
    expect(await done).toBe(60);
    const path = 'papers/00000000-0000-4000-8000-000000000007.pdf';
    expect(hashes.get(7)).toBe(createHash('sha256').update(path).digest('hex'));
  });

  it('rests between batches as long as the last batch took', async () => {
    const { batchesStarted, service } = library(60, 40);
    const done = service.backfill();
    await jest.advanceTimersByTimeAsync(0);
    expect(batchesStarted).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(39);
    expect(batchesStarted).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(batchesStarted).toHaveLength(2);
    await jest.runAllTimersAsync();
    expect(await done).toBe(60);
    // Three batches, each started at least one batch's time after the end of the one before.
    expect(batchesStarted).toHaveLength(3);
    expect(batchesStarted[2]! - batchesStarted[1]!).toBeGreaterThanOrEqual(80);
  });

  it('stops resting at once when the module stops', async () => {
    const { batchesStarted, service } = library(60, 1_000);
    const done = service.backfill();
    await jest.advanceTimersByTimeAsync(0);
    await service.onModuleDestroy();
    expect(await done).toBe(25);
    expect(batchesStarted).toHaveLength(1);
  });
});
