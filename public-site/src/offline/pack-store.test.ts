import { INDEX_CACHE, PACKS_CACHE, readIndex } from '../sw/shared';
import type { PackPlan } from './pack-plan';
import { removePack, savePack, StorageFullError } from './pack-store';

/** An in-memory Cache Storage; `failPutAfter` makes the packs cache refuse writes past that many (a full device). */
function memoryCaches(options: { failPutAfter?: number } = {}) {
  const stores = new Map<string, Map<string, Response>>();
  let puts = 0;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (request: RequestInfo | URL) => String(request instanceof Request ? request.url : request);
    return {
      match: async (request: RequestInfo | URL) => store.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        if (name === PACKS_CACHE && options.failPutAfter !== undefined && puts++ >= options.failPutAfter) {
          throw new DOMException('full', 'QuotaExceededError');
        }
        store.set(key(request), response);
      },
      delete: async (request: RequestInfo | URL) => store.delete(key(request)),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    };
  };
  return { storage: { open, keys: async () => [...stores.keys()] } as unknown as CacheStorage, stores };
}

const plan: PackPlan = {
  id: 'session:0580:2024:May/June',
  kind: 'session',
  title: 'Mathematics (0580) May/June 2024',
  href: '/subjects/0580',
  pages: ['/subjects/0580', '/papers/3/view'],
  parts: [
    { url: 'http://localhost/backend/api/past_papers.php?download_variant_id=30&stream=1', size: 4 },
    {
      url: 'http://localhost/backend/api/past_papers.php?download_variant_id=30&preview=1',
      size: null,
      optional: true,
    },
    { url: 'http://localhost/backend/api/past_papers.php?id=3', size: null },
  ],
  paperIds: [3],
};

describe('saving a pack', () => {
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    Object.assign(navigator, {
      serviceWorker: {},
      storage: { persist: jest.fn(async () => true), estimate: async () => ({ usage: 0, quota: 1_000_000 }) },
    });
    globalThis.fetch = jest.fn(async (url: string) => {
      fetched.push(url);
      // Page 1's picture is not drawn yet (404): left out, not a failure.
      if (url.includes('preview=1')) return new Response('no', { status: 404 });
      return new Response(url.includes('stream=1') ? 'PDF!' : '{"data":{}}', { status: 200 });
    }) as typeof fetch;
  });

  it('writes every part only once all have arrived, records the pack, and never fetches a saved part again', async () => {
    const { storage, stores } = memoryCaches();
    Object.assign(globalThis, { caches: storage });
    const progress: number[] = [];
    const saved = await savePack(plan, (p) => progress.push(p.loaded));
    expect(saved.urls).toEqual([plan.parts[0]!.url, plan.parts[2]!.url]);
    expect(saved.bytes).toBe(4 + '{"data":{}}'.length);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(4);
    expect(navigator.storage.persist).toHaveBeenCalledTimes(1);
    expect([...stores.get(PACKS_CACHE)!.keys()]).toEqual([plan.parts[0]!.url, plan.parts[2]!.url]);
    expect((await readIndex(storage)).packs.map((p) => p.id)).toEqual([plan.id]);

    // Saved again (another pack holding the same files): nothing is downloaded twice.
    fetched = [];
    await savePack({ ...plan, id: 'paper:3' }, () => undefined);
    expect(fetched).toEqual([plan.parts[1]!.url]);
    // Removing one pack keeps the files the other still holds; removing both empties the cache.
    await removePack(plan.id);
    expect(stores.get(PACKS_CACHE)!.size).toBe(2);
    await removePack('paper:3');
    expect(stores.get(PACKS_CACHE)!.size).toBe(0);
    expect((await readIndex(storage)).packs).toEqual([]);
  });

  it('a full device: a clear message and nothing of the pack kept', async () => {
    const { storage, stores } = memoryCaches({ failPutAfter: 1 });
    Object.assign(globalThis, { caches: storage });
    await expect(savePack(plan, () => undefined)).rejects.toBeInstanceOf(StorageFullError);
    expect(stores.get(PACKS_CACHE)!.size).toBe(0);
    expect(stores.get(INDEX_CACHE)?.size ?? 0).toBe(0);
  });

  it('refuses at once when the estimate says it cannot fit, before fetching anything', async () => {
    const { storage } = memoryCaches();
    Object.assign(globalThis, { caches: storage });
    Object.assign(navigator, {
      storage: { persist: async () => true, estimate: async () => ({ usage: 99, quota: 100 }) },
    });
    await expect(savePack(plan, () => undefined)).rejects.toThrow('not enough free storage');
    expect(fetched).toEqual([]);
  });

  it('a part that cannot be fetched stops the save with nothing written', async () => {
    const { storage, stores } = memoryCaches();
    Object.assign(globalThis, { caches: storage });
    globalThis.fetch = jest.fn(async (url: string) =>
      url.includes('id=3') ? new Response('gone', { status: 503 }) : new Response('PDF!'),
    ) as typeof fetch;
    await expect(savePack(plan, () => undefined)).rejects.toThrow('could not be fetched');
    expect(stores.get(PACKS_CACHE)?.size ?? 0).toBe(0);
  });
});
