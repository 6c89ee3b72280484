import type { EntityManager } from 'typeorm';
import { documentFiles, type DocumentFile } from './document-files';
import { ADD_DOCUMENT_SQL, EMPTY_SLOT_SQL, PUT_SLOT_SQL, REPLACE_FILE_SQL } from './document.queries';

/** A transaction that answers each statement with the next scripted rows and keeps what it was asked. */
function fakeTx(...answers: unknown[][]) {
  const asked: Array<{ sql: string; params: unknown[] }> = [];
  const tx = {
    query: (sql: string, params: unknown[]) => {
      asked.push({ sql, params });
      return Promise.resolve(answers.shift() ?? []);
    },
  } as unknown as EntityManager;
  return { tx, asked };
}

const file: DocumentFile = { path: 'papers/new.pdf', size: 1234, sha256: 'a'.repeat(64), name: 'qp.pdf' };
const slot = { variantId: 7, paperId: 3, type: 'mark_scheme' as const };

describe('documentFiles: what a write records, and which stored file it leaves for removal', () => {
  it('puts a file into a variant slot as its kind, and names the file it replaced', async () => {
    const { tx, asked } = fakeTx([{ before: 'mark-schemes/old.pdf', id: 11 }]);
    expect(await documentFiles.putSlot(tx, slot, file)).toBe('mark-schemes/old.pdf');
    expect(asked).toEqual([
      { sql: PUT_SLOT_SQL, params: [7, 'mark-scheme', 3, 'papers/new.pdf', 'qp.pdf', 1234, 'a'.repeat(64)] },
    ]);
  });

  it('leaves nothing to remove for a new slot, or the same file put again', async () => {
    expect(await documentFiles.putSlot(fakeTx([{ before: null, id: 11 }]).tx, slot, file)).toBeNull();
    expect(await documentFiles.putSlot(fakeTx([{ before: 'papers/new.pdf', id: 11 }]).tx, slot, file)).toBeNull();
  });

  it('empties a slot and names the file it held (none when it held none)', async () => {
    const emptied = fakeTx([{ before: 'examiner-reports/old.pdf' }]);
    expect(await documentFiles.putSlot(emptied.tx, { ...slot, type: 'examiner_report' }, null)).toBe(
      'examiner-reports/old.pdf',
    );
    expect(emptied.asked).toEqual([{ sql: EMPTY_SLOT_SQL, params: [7, 'examiner-report'] }]);
    expect(await documentFiles.putSlot(fakeTx([]).tx, slot, null)).toBeNull();
  });

  it('adds a document of its own kind and paper, and replaces its file later', async () => {
    const added = fakeTx([{ id: 42 }]);
    expect(await documentFiles.add(added.tx, 'examiner-report', null, file)).toBe(42);
    expect(added.asked).toEqual([
      { sql: ADD_DOCUMENT_SQL, params: ['examiner-report', null, 'papers/new.pdf', 'qp.pdf', 1234, 'a'.repeat(64)] },
    ]);
    const replaced = fakeTx([{ before: 'examiner-reports/old.pdf', id: 42 }]);
    expect(await documentFiles.replaceFile(replaced.tx, 42, file)).toBe('examiner-reports/old.pdf');
    expect(replaced.asked).toEqual([
      { sql: REPLACE_FILE_SQL, params: [42, 'papers/new.pdf', 'qp.pdf', 1234, 'a'.repeat(64)] },
    ]);
  });
});
