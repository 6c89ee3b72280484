import { ReadCache } from './read-cache';

const body = (text: string) => Buffer.from(text);

describe('ReadCache', () => {
  it('serves what it stored until the content changes', () => {
    const cache = new ReadCache(1024 * 1024);
    const seen = cache.versions();
    const etag = cache.store('/a', body('{"data":1}'), seen, false);
    expect(cache.get('/a')).toMatchObject({ etag, body: body('{"data":1}') });
    cache.contentChanged();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops answers with download counts when counters change, and keeps the others', () => {
    const cache = new ReadCache(1024 * 1024);
    cache.store('/papers', body('[1]'), cache.versions(), true);
    cache.store('/settings', body('{}'), cache.versions(), false);
    cache.countersChanged();
    expect(cache.get('/papers')).toBeUndefined();
    expect(cache.get('/settings')).toBeDefined();
  });

  it('never keeps an answer computed before a write that finished while it was being computed', () => {
    const cache = new ReadCache(1024 * 1024);
    const seenAtStart = cache.versions();
    cache.contentChanged(); // a write commits while the read runs
    cache.store('/subjects', body('[old]'), seenAtStart, false);
    expect(cache.get('/subjects')).toBeUndefined();
  });

  it('expires entries after the maximum age', () => {
    let now = 1_000;
    const cache = new ReadCache(1024 * 1024, 60_000, () => now);
    cache.store('/a', body('x'), cache.versions(), false);
    now += 59_000;
    expect(cache.get('/a')).toBeDefined();
    now += 2_000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('stays within its memory bound, evicting the least recently used first', () => {
    const cache = new ReadCache(40);
    cache.store('/a', body('1234567890'), cache.versions(), false);
    cache.store('/b', body('1234567890'), cache.versions(), false);
    expect(cache.get('/a')).toBeDefined(); // /a is now the most recently used
    cache.store('/c', body('1234567890'), cache.versions(), false);
    cache.store('/d', body('1234567890'), cache.versions(), false);
    cache.store('/e', body('1234567890'), cache.versions(), false);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/e')).toBeDefined();
  });

  it('keeps nothing when turned off (0 MB), but still gives an ETag', () => {
    const cache = new ReadCache(0);
    expect(cache.enabled).toBe(false);
    expect(cache.store('/a', body('x'), cache.versions(), false)).toMatch(/^W\/"/);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('adds a gzip copy in the background', async () => {
    const cache = new ReadCache(1024 * 1024);
    cache.store('/a', body('{"data":"' + 'x'.repeat(5000) + '"}'), cache.versions(), false);
    await new Promise((r) => setTimeout(r, 50));
    const entry = cache.get('/a')!;
    expect(entry.gzip).toBeDefined();
    expect(entry.gzip!.length).toBeLessThan(entry.body.length / 10);
  });

  it("applies another instance's change without announcing it again, and announces its own", async () => {
    const cache = new ReadCache(1024 * 1024);
    const announced: string[] = [];
    cache.onLocalChange((kind) => {
      announced.push(kind);
    });
    cache.store('/papers', body('[1]'), cache.versions(), true);
    cache.applyRemote('counters');
    expect(cache.get('/papers')).toBeUndefined();
    expect(announced).toEqual([]);
    cache.countersChanged();
    await cache.announceContentChange();
    expect(announced).toEqual(['counters', 'content']);
  });

  it('stands aside while the change feed of other instances is down, and starts empty when it is back', () => {
    const cache = new ReadCache(1024 * 1024);
    cache.store('/a', body('x'), cache.versions(), false);
    const before = cache.versions();
    cache.setLive(false);
    expect(cache.live).toBe(false);
    expect(cache.enabled).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.store('/b', body('y'), cache.versions(), false)).toMatch(/^W\/"/);
    expect(cache.get('/b')).toBeUndefined();
    cache.setLive(true);
    expect(cache.enabled).toBe(true);
    expect(cache.size).toBe(0);
    // Answers computed before or during the outage are never kept.
    cache.store('/a', body('x'), before, false);
    expect(cache.get('/a')).toBeUndefined();
  });
});
