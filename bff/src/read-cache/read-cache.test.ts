import { contentScopeOf, formatContentScope, MAX_SCOPE_SUBJECTS, parseContentScope, ReadCache } from './read-cache';

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

  it('keeps answers with counts through counted downloads until their counts are the maximum age old', () => {
    let now = 1_000;
    const cache = new ReadCache(1024 * 1024, 60_000, () => now, 30_000);
    cache.store('/papers', body('[1]'), cache.versions(), true);
    cache.countersChanged();
    now += 29_999;
    expect(cache.get('/papers')).toBeDefined();
    now += 1;
    expect(cache.get('/papers')).toBeUndefined();

    cache.store('/papers', body('[2]'), cache.versions(), true);
    now += 45_000; // old, but nothing was downloaded since it was stored
    expect(cache.get('/papers')).toMatchObject({ body: body('[2]') });
    cache.contentChanged(); // a content change drops it at once, whatever its age
    expect(cache.get('/papers')).toBeUndefined();
  });

  it('computes again the next read of the client whose download moved the counts; the others keep the cached one', () => {
    let now = 1_000;
    const cache = new ReadCache(1024 * 1024, 60_000, () => now, 30_000);
    cache.store('/papers', body('[1]'), cache.versions(), true);
    cache.store('/settings', body('{}'), cache.versions(), false);
    now += 10;
    cache.countersChanged('203.0.113.7');
    expect(cache.get('/papers', '203.0.113.7')).toBeUndefined();
    expect(cache.get('/settings', '203.0.113.7')).toBeDefined();

    cache.store('/papers', body('[2]'), cache.versions(), true);
    now += 10;
    cache.countersChanged('198.51.100.9'); // someone else's download: the first client's fresh answer stays
    expect(cache.get('/papers', '203.0.113.7')).toMatchObject({ body: body('[2]') });
    expect(cache.get('/papers')).toMatchObject({ body: body('[2]') });
    expect(cache.get('/papers', '198.51.100.9')).toBeUndefined();
  });

  it('keeps an answer whose counts moved while it was computed, except for the client that counted', () => {
    const cache = new ReadCache(1024 * 1024, 60_000, Date.now, 30_000);
    const seenAtStart = cache.versions();
    cache.countersChanged('203.0.113.8'); // a download is counted while the read runs
    cache.store('/papers', body('[1]'), seenAtStart, true);
    expect(cache.get('/papers')).toMatchObject({ body: body('[1]') });
    expect(cache.get('/papers', '203.0.113.8')).toBeUndefined();

    const exact = new ReadCache(1024 * 1024); // counts exact: such an answer is not kept
    const seen = exact.versions();
    exact.countersChanged();
    exact.store('/papers', body('[1]'), seen, true);
    expect(exact.get('/papers')).toBeUndefined();
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

describe('the scope of a content change', () => {
  it('names a short list of positive subject ids, and is "anything" otherwise', () => {
    expect(contentScopeOf([7, 12, 7])).toEqual({ subjects: [7, 12] });
    expect(contentScopeOf([])).toBeUndefined();
    expect(contentScopeOf(['7'])).toBeUndefined();
    expect(contentScopeOf([0])).toBeUndefined();
    expect(contentScopeOf([1.5])).toBeUndefined();
    expect(contentScopeOf(Array.from({ length: MAX_SCOPE_SUBJECTS + 1 }, (_, i) => i + 1))).toBeUndefined();
  });

  it('travels between instances as text and back; anything unexpected reads as "anything"', () => {
    expect(formatContentScope({ subjects: [7, 12] })).toBe('subjects=7,12');
    expect(formatContentScope(undefined)).toBe('');
    expect(parseContentScope('subjects=7,12')).toEqual({ subjects: [7, 12] });
    for (const text of ['', 'subjects=', 'subjects=7,', 'subjects=7;12', 'subjects=-1', 'subjects=7\n', '127.0.0.1'])
      expect(parseContentScope(text)).toBeUndefined();
  });

  it("reaches the change listeners with the change it belongs to, and never a counted download's", async () => {
    const cache = new ReadCache(1024 * 1024);
    const heard: Array<[number, unknown]> = [];
    cache.onChange((versions, scope) => heard.push([versions.content, scope ?? null]));
    await cache.announceContentChange({ subjects: [3] });
    cache.countersChanged('203.0.113.9');
    await cache.announceContentChange();
    cache.applyRemote('content', [], { subjects: [4] });
    cache.applyRemote('counters', ['203.0.113.9'], { subjects: [5] });
    expect(heard).toEqual([
      [1, { subjects: [3] }],
      [1, null],
      [2, null],
      [3, { subjects: [4] }],
      [3, null],
    ]);
  });
});
