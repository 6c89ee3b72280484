import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskBackend } from './local-disk-backend';

describe('LocalDiskBackend.list', () => {
  let root: string;
  let store: LocalDiskBackend;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ppl-local-list-'));
    store = new LocalDiskBackend(root);
    const put = (key: string, bytes: string) => {
      mkdirSync(join(root, key, '..'), { recursive: true });
      writeFileSync(join(root, key), bytes);
    };
    put('papers/a.pdf', 'aaaa');
    put('papers/2024/b.pdf', 'bb');
    put('mark-schemes/c.pdf', 'c');
    put('.incoming/d.part', 'still streaming');
    put('papers/.partial/e.pdf', 'hidden');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const keys = async (prefix: string) => {
    const found: Array<{ key: string; size: number }> = [];
    for await (const item of store.list(prefix)) found.push(item);
    return found.sort((x, y) => x.key.localeCompare(y.key));
  };

  it('lists the files under a folder prefix with their sizes, sub-folders included', async () => {
    expect(await keys('papers/')).toEqual([
      { key: 'papers/2024/b.pdf', size: 2 },
      { key: 'papers/a.pdf', size: 4 },
    ]);
  });

  it('matches a prefix inside a folder, and lists everything but dot-folders from the root', async () => {
    expect((await keys('papers/a')).map((item) => item.key)).toEqual(['papers/a.pdf']);
    expect((await keys('')).map((item) => item.key)).toEqual([
      'mark-schemes/c.pdf',
      'papers/2024/b.pdf',
      'papers/a.pdf',
    ]);
  });

  it('lists nothing for a missing folder or a prefix that leaves the root', async () => {
    expect(await keys('examiner-reports/')).toEqual([]);
    expect(await keys('../')).toEqual([]);
  });
});
