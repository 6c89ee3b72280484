import { cacheRuleOf } from './read-cache.middleware';

describe('which public reads are cached', () => {
  it('takes exact paths, and a paper’s questions by pattern (going stale with the reading)', () => {
    expect(cacheRuleOf('/backend/api/settings.php')).toEqual({ includesCounters: false });
    expect(cacheRuleOf('/backend/api/papers/12/questions')).toEqual({ includesCounters: false, includesIndex: true });
    expect(cacheRuleOf('/backend/api/papers/999999999/questions')).toBeDefined();
  });

  it('caches nothing else under /papers', () => {
    for (const path of [
      '/backend/api/papers/0/questions',
      '/backend/api/papers/01/questions',
      '/backend/api/papers/1234567890/questions',
      '/backend/api/papers/x/questions',
      '/backend/api/papers/12/questions/3',
      '/backend/api/papers/12',
      '/backend/api/papers//questions',
      '/backend/api/papers/12/questions.json',
    ]) {
      expect([path, cacheRuleOf(path)]).toEqual([path, undefined]);
    }
  });
});
