/**
 * @jest-environment node
 */
import 'fake-indexeddb/auto';
import { emptyProgress, withBookmark, withQuestion, withStatus, type PaperProgress } from './progress';
import { openProgressStore, type ProgressStore } from './progress-store';

const ref = (variantId: number) => ({
  paperId: 1,
  variantId,
  title: `Paper ${variantId}`,
  subjectCode: '9702',
  subjectName: 'Physics',
});
let store: ProgressStore;
let n = 0;
beforeEach(() => {
  store = openProgressStore(`test-${(n += 1)}`);
});
afterEach(() => store.close());

const set = (variantId: number, change: (p: PaperProgress) => PaperProgress, now = 1000) =>
  store.update(`v${variantId}`, () => emptyProgress(ref(variantId), now), change);

describe('progress store (IndexedDB)', () => {
  it('creates, changes and reads records, and tells listeners', async () => {
    const heard = jest.fn();
    store.subscribe(heard);
    await set(1, (p) => withStatus(p, 'in-progress', 2000));
    await set(1, (p) => withQuestion(p, '2', { bookmarked: true }, 3000));
    const record = await store.get('v1');
    expect(record).toMatchObject({ status: 'in-progress', updatedAt: 3000, questions: { '2': { bookmarked: true } } });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('deletes a record that holds nothing any more', async () => {
    await set(1, (p) => withBookmark(p, true, 2000));
    await set(1, (p) => withBookmark(p, false, 3000));
    expect(await store.all()).toEqual([]);
  });

  it('merges an import once: the second merge writes nothing', async () => {
    await set(1, (p) => withStatus(p, 'done', 5000));
    const incoming = [
      withBookmark(emptyProgress(ref(2), 0), true, 4000),
      withStatus(emptyProgress(ref(1), 0), 'in-progress', 100),
    ];
    expect(await store.merge(incoming)).toMatchObject({ added: 1, updated: 0, unchanged: 1 });
    expect(await store.merge(incoming)).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    const all = await store.all();
    expect(all.map((p) => [p.key, p.status, p.bookmarked])).toEqual([
      ['v1', 'done', false],
      ['v2', 'not-started', true],
    ]);
  });

  it('clears everything', async () => {
    await set(1, (p) => withStatus(p, 'done', 5000));
    await store.clear();
    expect(await store.all()).toHaveLength(0);
  });

  it('keeps 500 records and reads them back quickly', async () => {
    const records = Array.from({ length: 500 }, (_, i) => withStatus(emptyProgress(ref(i + 1), 0), 'done', 10 + i));
    await store.merge(records);
    const started = performance.now();
    const all = await store.all();
    expect(all).toHaveLength(500);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
