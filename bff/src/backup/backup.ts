import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import * as tar from 'tar';
import { FileStorage } from '../storage/file-storage.service';
import { StoredFileMissingError, type StorageBackend } from '../storage/storage-backend';

/** What a backup archive holds besides the uploads folder. */
export interface BackupManifest {
  format: 'ppl-backup/1';
  createdAt: string;
  /** Migrations applied to the database it came from: a restore needs the same ones. */
  migrations: string[];
  tables: Record<string, number>;
  files: number;
}

interface TableDump {
  table: string;
  rows: unknown[];
}

/**
 * Abuse bookkeeping: not worth restoring (the addresses known to sign in to an account are learnt again at their
 * next sign-in).
 */
const SKIPPED_TABLES = new Set(['login_attempts', 'login_known_clients', 'rate_limits', 'idempotency_keys']);
/**
 * Derived from the stored files (the documents' text and their page-1 pictures): not archived. A restore empties them and the
 * database triggers enqueue every restored document again, so the workers read the restored files afresh.
 */
const DERIVED_TABLES = new Set(['document_texts', 'document_pages', 'document_previews', 'search_words']);

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Public tables, parents before children (foreign keys), so rows can be inserted in this order. */
async function tablesInOrder(db: Client): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).rows.map((r) => r.name);
  const edges = (
    await db.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/** Every file of the uploads folder hard-linked into `into` (instant; later deletions do not touch the links). */
async function linkTree(from: string, into: string): Promise<void> {
  if (!existsSync(from)) return;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .incoming: uploads still streaming
    const source = join(from, entry.name);
    const target = join(into, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true });
      await linkTree(source, target);
    } else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target));
    }
  }
}

/** The stored folders a restore replaces in a bucket (the product's keys; nothing else in the bucket is touched). */
const STORED_FOLDERS = ['papers/', 'mark-schemes/', 'examiner-reports/'];

/** Streams an object of the bucket into a file; false when it is not there. */
async function download(bucket: StorageBackend, key: string, file: string): Promise<boolean> {
  try {
    const body = await bucket.open(key);
    await mkdir(dirname(file), { recursive: true });
    await pipeline(body, createWriteStream(file));
    return true;
  } catch (error) {
    if (error instanceof StoredFileMissingError) return false;
    throw error;
  }
}

/**
 * Writes one consistent archive (tar.gz) of the database and the uploads while the product runs: the uploads are
 * hard-linked first (stored files are never rewritten, only added and removed), then every table is read in one
 * REPEATABLE READ snapshot. Files the snapshot points to that were stored after the links are copied; if one of them
 * has meanwhile been removed by a later edit, the whole backup is taken again. The archive holds exactly the rows of
 * one moment and every file they reference.
 *
 * With STORAGE=s3 (`bucket`) the same archive is written: after the snapshot, every object it references is
 * streamed from the bucket into the archive's folder (a temporary folder as large as those files), with the same
 * retry when one was removed meanwhile. An archive restores into either kind of storage.
 */
export async function backup(options: {
  databaseUrl: string;
  uploadDir: string;
  out: string;
  bucket?: StorageBackend;
}): Promise<BackupManifest> {
  for (let attempt = 1; ; attempt++) {
    const work = await mkdtemp(join(tmpdir(), 'ppl-backup-'));
    try {
      const uploads = join(work, 'uploads');
      await mkdir(uploads, { recursive: true });
      if (!options.bucket) await linkTree(options.uploadDir, uploads);
      const db = await connect(options.databaseUrl);
      let dumps: TableDump[];
      let migrations: string[];
      try {
        await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        migrations = (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map(
          (r) => r.name,
        );
        dumps = [];
        for (const table of await tablesInOrder(db)) {
          if (SKIPPED_TABLES.has(table) || DERIVED_TABLES.has(table)) continue;
          const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM "${table}" t`);
          dumps.push({ table, rows: rows.map((r) => r.row) });
        }
        await db.query('COMMIT');
      } finally {
        await db.end();
      }
      const referenced = new Set<string>();
      // Every stored file is a document: its storage key is the file the archive must hold.
      for (const row of dumps.find((d) => d.table === 'documents')?.rows ?? []) {
        const path = (row as { storage_key?: unknown }).storage_key;
        // Only the product's own keys: a mark scheme given as a link elsewhere is not a stored file.
        if (typeof path === 'string' && FileStorage.isStoredPath(path)) referenced.add(path);
      }
      let missing = false;
      for (const path of referenced) {
        const kept = join(uploads, path);
        if (options.bucket) {
          if (!(await download(options.bucket, path, kept))) {
            missing = true;
            break;
          }
          continue;
        }
        if (existsSync(kept)) continue;
        const live = join(options.uploadDir, path);
        if (!existsSync(live)) {
          missing = true;
          break;
        }
        await mkdir(dirname(kept), { recursive: true });
        await copyFile(live, kept);
      }
      if (missing) {
        if (attempt >= 5) throw new Error('The uploads kept changing during the backup; try again');
        continue;
      }
      await pruneUnreferenced(uploads, referenced);
      const manifest: BackupManifest = {
        format: 'ppl-backup/1',
        createdAt: new Date().toISOString(),
        migrations,
        tables: Object.fromEntries(dumps.map((d) => [d.table, d.rows.length])),
        files: referenced.size,
      };
      await writeFile(join(work, 'database.json'), JSON.stringify(dumps));
      await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
      await writeArchive(work, options.out);
      return manifest;
    } finally {
      await removeWorkFolder(work);
    }
  }
}

/** The mode of an archive: it holds password hashes, inquiries and mail, so only its owner may read it. */
export const ARCHIVE_MODE = 0o600;
/** The mode of a folder the backup creates for its archive. */
export const ARCHIVE_FOLDER_MODE = 0o700;

/**
 * Packs the work folder into `out`, readable by its owner only: written under a temporary name created 0600 and
 * renamed into place, so no one ever sees a half-written archive or one with wider rights (an existing file of the
 * same name is replaced, not reopened with its old mode). A folder created for it is 0700.
 */
async function writeArchive(work: string, out: string): Promise<void> {
  await mkdir(dirname(out), { recursive: true, mode: ARCHIVE_FOLDER_MODE });
  const partial = `${out}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await pipeline(
      tar.create({ gzip: true, cwd: work, portable: true }, ['manifest.json', 'database.json', 'uploads']),
      createWriteStream(partial, { flags: 'wx', mode: ARCHIVE_MODE }),
    );
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Removes a work folder. An extraction that failed half-way may still be finishing a file in it (rmdir then meets
 * ENOTEMPTY): removal is retried for a while, and never replaces the error that ended the work.
 */
async function removeWorkFolder(work: string): Promise<void> {
  await rm(work, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 }).catch((error: unknown) => {
    process.stderr.write(`Could not remove the temporary folder ${work}: ${String(error)}\n`);
  });
}

/** A restore refused before anything was changed: the reason, said once. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Unpacks the archive (or only `only` of it) into `into`; a damaged or truncated archive is refused clearly. */
async function unpack(archive: string, into: string, only?: string): Promise<void> {
  try {
    await tar.extract({ file: archive, cwd: into, strict: true, ...(only ? { filter: (path) => path === only } : {}) });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : describeError(error);
    throw new RestoreRefusedError(`Cannot read the archive ${archive} (${reason}); nothing was restored.`);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Drops the linked files no row references (orphans, files of edits committed after the snapshot). */
async function pruneUnreferenced(uploads: string, referenced: Set<string>): Promise<void> {
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (!referenced.has(relative(uploads, full).split('\\').join('/'))) await rm(full, { force: true });
    }
  };
  await walk(uploads);
}

/**
 * Restores an archive into a database at the same schema version (the product stopped): every table's rows are
 * replaced in one transaction (all or nothing), sequences moved past the restored ids, and the uploads folder
 * replaced by the archive's files. With STORAGE=s3 (`bucket`) the archive's files are uploaded to the bucket and
 * the objects of the product's folders that the archive does not hold are removed.
 */
export async function restore(options: {
  databaseUrl: string;
  uploadDir: string;
  archive: string;
  bucket?: StorageBackend;
}): Promise<BackupManifest> {
  const work = await mkdtemp(join(tmpdir(), 'ppl-restore-'));
  try {
    // The manifest first: an archive of another kind or schema is refused before anything large is unpacked.
    await unpack(options.archive, work, 'manifest.json');
    const manifest = await readManifest(work, options.archive);
    const db = await connect(options.databaseUrl);
    try {
      const migrations = (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map(
        (r) => r.name,
      );
      if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations)) {
        throw new RestoreRefusedError(
          `The backup was taken at schema version ${manifest.migrations.at(-1) ?? 'none'}; this database is at ${migrations.at(-1) ?? 'none'}. Start the matching version of the product once, then restore. Nothing was restored.`,
        );
      }
      await unpack(options.archive, work);
      const dumps = JSON.parse(await readFile(join(work, 'database.json'), 'utf8')) as TableDump[];
      const order = await tablesInOrder(db);
      const restored = order.filter((t) => t !== 'migrations' && dumps.some((d) => d.table === t));
      const emptied = [...restored, ...order.filter((t) => DERIVED_TABLES.has(t))];
      await db.query('BEGIN');
      await db.query(`TRUNCATE ${emptied.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
      for (const table of restored) {
        const rows = dumps.find((d) => d.table === table)!.rows;
        if (rows.length === 0) continue;
        await db.query(`INSERT INTO "${table}" SELECT * FROM jsonb_populate_recordset(NULL::"${table}", $1::jsonb)`, [
          JSON.stringify(rows),
        ]);
        // Tables keyed by a serial id get their sequence moved past the restored rows; others (keyed otherwise) have none.
        const serial = await db.query<{ seq: string | null }>(
          `SELECT pg_get_serial_sequence($1, attname) AS seq FROM pg_attribute
            WHERE attrelid = $1::regclass AND attname = 'id' AND NOT attisdropped`,
          [`"${table}"`],
        );
        const seq = serial.rows[0]?.seq;
        if (seq) await db.query(`SELECT setval($1, (SELECT max(id) FROM "${table}"))`, [seq]);
      }
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await db.end();
    }
    // Files last: the database is the record of what exists; a file without a row is only disk space.
    if (options.bucket) {
      await restoreIntoBucket(options.bucket, join(work, 'uploads'));
      return manifest;
    }
    await mkdir(options.uploadDir, { recursive: true });
    for (const entry of await readdir(options.uploadDir)) {
      if (entry !== '.incoming') await rm(join(options.uploadDir, entry), { recursive: true, force: true });
    }
    await linkTree(join(work, 'uploads'), options.uploadDir);
    return manifest;
  } finally {
    await removeWorkFolder(work);
  }
}

/** The archive's manifest, or a refusal saying why the file is not a backup this product can restore. */
async function readManifest(work: string, archive: string): Promise<BackupManifest> {
  const notABackup = new RestoreRefusedError(`${archive} is not a Past Paper Library backup; nothing was restored.`);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(join(work, 'manifest.json'), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw notABackup;
  }
  if (manifest.format !== 'ppl-backup/1' || !Array.isArray(manifest.migrations)) throw notABackup;
  return manifest as BackupManifest;
}

/** Uploads every file of the archive to the bucket, then removes the product's objects the archive does not hold. */
async function restoreIntoBucket(bucket: StorageBackend, uploads: string): Promise<void> {
  const kept = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    if (!existsSync(dir)) return;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const key = relative(uploads, full).split('\\').join('/');
        await bucket.putFile(key, full, 'keep');
        kept.add(key);
      }
    }
  };
  await walk(uploads);
  for (const folder of STORED_FOLDERS) {
    for await (const { key } of bucket.list(folder)) if (!kept.has(key)) await bucket.remove(key);
  }
}
