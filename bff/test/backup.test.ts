import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { backup, restore } from '../src/backup/backup';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { tableDigests } from './reliability/support/library';
import { API, bearer, createSubject, signInAdmin, uploadedFiles } from './support/api';
import { pdfBytes } from './support/documents';
import { dbTarget, startTestBff, type TestBff } from './support/test-bff';

const urlOf = (bff: TestBff) => (bff.db.options as { url?: string }).url!;
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * `npm run backup` writes one consistent archive of the database and the uploads while the product
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
      const paths: Array<{ path: string }> = await query(
        `SELECT storage_key AS path FROM documents WHERE kind = 'question-paper'`,
      );
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

  it('writes the archive readable by its owner only (0600), in a folder it creates 0700, replacing an older file', async () => {
    const folder = join(scratch, 'private', 'backups');
    const archive = join(folder, 'mode.tar.gz');
    await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: archive });
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(scratch, 'private')).mode & 0o777).toBe(0o700);
    // An existing world-readable file of that name is replaced by a private one, and nothing half-written is left.
    const existing = join(scratch, 'existing.tar.gz');
    writeFileSync(existing, 'old', { mode: 0o644 });
    await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: existing });
    expect(statSync(existing).mode & 0o777).toBe(0o600);
    expect(readdirSync(scratch).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  describe('a refused restore says why and leaves nothing behind', () => {
    const ownTmp = join(scratch, 'tmp');
    let savedTmp: string | undefined;
    beforeEach(() => {
      savedTmp = process.env.TMPDIR;
      mkdirSync(ownTmp, { recursive: true });
      process.env.TMPDIR = ownTmp; // the restore's work folder goes here, where nothing else writes
    });
    afterEach(() => {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    });

    const faqCount = async () => (await source.db.query('SELECT count(*)::int AS n FROM faqs')) as unknown;

    it('a truncated archive: "cannot read", not ENOTEMPTY, and no work folder left', async () => {
      const whole = join(scratch, 'whole.tar.gz');
      // Enough bytes that the unpacking is still writing a file when the archive ends.
      const files = join(scratch, 'bulk');
      mkdirSync(join(files, 'uploads', 'papers'), { recursive: true });
      for (let i = 0; i < 200; i++)
        writeFileSync(join(files, 'uploads', 'papers', `f${i}.pdf`), Buffer.alloc(200_000, i));
      await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: whole });
      await tar.extract({
        file: whole,
        cwd: files,
        filter: (path) => path !== 'uploads' && !path.startsWith('uploads/'),
      });
      const big = join(scratch, 'big.tar.gz');
      await tar.create({ gzip: true, cwd: files, file: big }, ['manifest.json', 'database.json', 'uploads']);
      const truncated = join(scratch, 'truncated.tar.gz');
      const bytes = readFileSync(big);
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const before = await faqCount();
      const refusal = await restore({
        databaseUrl: urlOf(source),
        uploadDir: join(scratch, 'unused'),
        archive: truncated,
      }).catch((error: unknown) => error as Error);
      expect(refusal).toBeInstanceOf(Error);
      expect((refusal as Error).message).toBe(
        `Cannot read the archive ${truncated} (zlib: unexpected end of file); nothing was restored.`,
      );
      expect(readdirSync(ownTmp)).toEqual([]);
      expect(await faqCount()).toEqual(before);
    });

    it('a file that is not a backup, and a missing file', async () => {
      const other = join(scratch, 'other.tar.gz');
      const folder = join(scratch, 'other');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'notes.txt'), 'not a backup');
      await tar.create({ gzip: true, cwd: folder, file: other }, ['notes.txt']);
      await expect(
        restore({ databaseUrl: urlOf(source), uploadDir: join(scratch, 'unused'), archive: other }),
      ).rejects.toThrow(`${other} is not a Past Paper Library backup; nothing was restored.`);
      const missing = join(scratch, 'missing.tar.gz');
      await expect(
        restore({ databaseUrl: urlOf(source), uploadDir: join(scratch, 'unused'), archive: missing }),
      ).rejects.toThrow(`Cannot read the archive ${missing} (no such file); nothing was restored.`);
      expect(readdirSync(ownTmp)).toEqual([]);
    });
  });

  it('refuses an archive from another schema version and leaves the database as it was', async () => {
    const archive = join(scratch, 'old.tar.gz');
    await backup({ databaseUrl: urlOf(source), uploadDir: source.config.uploadDir, out: archive });
    await source.db.query("INSERT INTO migrations (timestamp, name) VALUES (9999999999999, 'Future9999999999999')");
    try {
      const before = await source.db.query('SELECT count(*)::int AS n FROM faqs');
      await expect(
        restore({ databaseUrl: urlOf(source), uploadDir: join(scratch, 'unused'), archive }),
      ).rejects.toThrow(/^The backup was taken at schema version .*Nothing was restored\.$/);
      expect(await source.db.query('SELECT count(*)::int AS n FROM faqs')).toEqual(before);
    } finally {
      await source.db.query("DELETE FROM migrations WHERE name = 'Future9999999999999'");
    }
  });
});
