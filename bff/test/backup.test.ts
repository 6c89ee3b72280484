import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, restore } from '../src/backup/backup';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { tableDigests } from './reliability/support/library';
import { API, bearer, createSubject, signInAdmin, uploadedFiles } from './support/api';
import { pdfBytes } from './support/documents';
import { dbTarget, startTestBff, type TestBff } from './support/test-bff';

const urlOf = (bff: TestBff) => (bff.db.options as { url?: string }).url!;
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * Issue 10, Low: `npm run backup` writes one consistent archive of the database and the uploads while the product
 * runs (writes keep arriving); `npm run restore` brings it back into another installation: the same rows, the same
 * files, every file a row points to present, and the product serving them.
 */
describe(`backup and restore (${dbTarget()})`, () => {
  let source: TestBff;
  const scratch = mkdtempSync(join(tmpdir(), 'ppl-backup-test-'));

  beforeAll(async () => {
    source = await startTestBff();
  });
  afterAll(async () => {
    await source?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('round-trips the database and the uploads taken while writes continue', async () => {
    const admin = await signInAdmin(source);
    const subject = await createSubject(source, admin, { name: 'History', code: '0470' });
    for (let i = 0; i < 3; i++) {
      await source
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', String(2020 + i))
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes(`History ${i}`), `h${i}.pdf`)
        .expect(201);
    }

    // Writes keep arriving while the backup is taken.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await source
          .http()
          .post(`${API}/faqs.php`)
          .set(bearer(admin.token))
          .send({ question: `During backup ${written}?`, answer: 'Yes.', category: 'General' })
          .expect(201);
        written++;
      }
    })();
    const archive = join(scratch, 'backup.tar.gz');
    const manifest = await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: archive });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(manifest.files).toBe(3);
    expect(manifest.tables.past_papers).toBe(3);

    // Another installation: migrated, stopped, then restored.
    const target = await startTestBff();
    const targetUrl = urlOf(target);
    await target.stop();
    const embedded = dbTarget() === 'pglite' ? await startEmbeddedPostgres(target.dataDir) : undefined;
    await restore({ databaseUrl: embedded?.url ?? targetUrl, uploadDir: target.config.uploadDir, archive });
    await embedded?.stop();
    const restored = await startTestBff({
      reuse: { dataDir: target.dataDir, databaseUrl: target.databaseUrl },
    });
    try {
      const query = (sql: string, params?: unknown[]) => restored.db.query(sql, params);
      const tables = await tableDigests({ query } as never);
      // The FAQs are a consistent count from one moment: those committed before the snapshot, no half.
      expect(tables.past_papers).toMatch(/^3 rows/);
      const faqs = Number(/^(\d+) rows/.exec(tables.faqs!)![1]);
      expect(faqs).toBe(manifest.tables.faqs);
      // Every file a row points to is there, byte for byte the original.
      const paths: Array<{ path: string }> = await query('SELECT document_path AS path FROM variants');
      expect(paths).toHaveLength(3);
      for (const { path } of paths) {
        expect(digest(join(restored.config.uploadDir, path))).toBe(digest(join(source.config.uploadDir, path)));
      }
      expect(uploadedFiles(restored).sort()).toEqual(paths.map((p) => p.path).sort());
      // Ids continue after the restored ones, and the product serves the files.
      const next = await signInAdmin(restored);
      const created = await createSubject(restored, next, { name: 'Geography', code: '0460' });
      expect(created.id).toBeGreaterThan(subject.id);
      const variant: Array<{ id: number }> = await query('SELECT id FROM variants ORDER BY id LIMIT 1');
      const file = await restored
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${variant[0]!.id}&variant_document_type=document`);
      expect(file.status).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses an archive from another schema version and leaves the database as it was', async () => {
    const archive = join(scratch, 'old.tar.gz');
    await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: archive });
    await source.db.query("INSERT INTO migrations (timestamp, name) VALUES (9999999999999, 'Future9999999999999')");
    try {
      const before = await source.db.query('SELECT count(*)::int AS n FROM faqs');
      await expect(
        restore({ databaseUrl: urlOf(source), uploadDir: join(scratch, 'unused'), archive }),
      ).rejects.toThrow(/schema version/);
      expect(await source.db.query('SELECT count(*)::int AS n FROM faqs')).toEqual(before);
    } finally {
      await source.db.query("DELETE FROM migrations WHERE name = 'Future9999999999999'");
    }
  });
});
