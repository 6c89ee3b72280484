import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from 'pg';
import { FileStorage } from './file-storage.service';
import type { S3Backend } from './s3-backend';
import { StoredFileMissingError } from './storage-backend';

const FOLDERS = ['papers', 'mark-schemes', 'examiner-reports'];
/** Files copied and read back at once. */
const PARALLEL = 4;

export interface CopyReport {
  /** Files of the folder or of the database considered. */
  files: number;
  /** Uploaded, then read back and found identical. */
  copied: number;
  /** Already in the bucket with the expected SHA-256 (read back): nothing written. */
  alreadyThere: number;
  /** In the bucket with other bytes: uploaded again from the folder, then verified. */
  repaired: number;
  /** Files of the folder that no row points to (copied all the same: the folder is copied as it is). */
  unreferenced: number;
  bytes: number;
  /** Paths whose bytes do not match (the folder against the database, or the bucket after writing). */
  mismatched: Array<{ path: string; problem: string }>;
  /** Paths the database points to that are neither in the folder nor in the bucket. */
  missing: string[];
}

const sha256Of = async (stream: Readable): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The SHA-256 of an object, read back from the bucket; null when there is none. */
async function objectHash(bucket: S3Backend, key: string): Promise<string | null> {
  try {
    return await sha256Of(await bucket.open(key));
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
}

/** Stored paths the database points to, with their SHA-256 where it is known. */
async function referencedFiles(databaseUrl: string): Promise<Map<string, string | null>> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const files = new Map<string, string | null>();
    const { rows } = await db.query<{ path: string; sha256: string | null }>(
      'SELECT storage_key AS path, sha256 FROM documents',
    );
    for (const row of rows) {
      if (FileStorage.isStoredPath(row.path)) files.set(row.path, row.sha256 ?? files.get(row.path) ?? null);
    }
    return files;
  } finally {
    await db.end();
  }
}

/** The stored files of a local upload folder (generated names only: `.incoming`, `.staging` and strays are left). */
async function folderFiles(uploadDir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const folder of FOLDERS) {
    const dir = join(uploadDir, folder);
    if (!existsSync(dir)) continue;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isFile() && FileStorage.isStoredPath(path)) found.add(path);
    }
  }
  return found;
}

/**
 * Copies a local upload folder into a bucket and verifies every file by reading it back (`npm run
 * storage:copy-to-s3 -w @ppl/bff`). Each file's expected SHA-256 is the database's where it has one, else
 * the local file's; a local file that does not match the database's is reported and not copied. Idempotent: a file
 * already in the bucket with the expected bytes is not written again; one with other bytes is written again and
 * verified. `verifyOnly` writes nothing and reports every difference. Safe while the product runs on either storage
 * (stored files are never rewritten, only added under new names).
 */
export async function copyUploadsToBucket(options: {
  databaseUrl: string;
  uploadDir: string;
  bucket: S3Backend;
  verifyOnly?: boolean;
  progress?: (done: number, total: number) => void;
}): Promise<CopyReport> {
  const referenced = await referencedFiles(options.databaseUrl);
  const local = await folderFiles(options.uploadDir);
  const paths = [...new Set([...referenced.keys(), ...local])].sort();
  const report: CopyReport = {
    files: paths.length,
    copied: 0,
    alreadyThere: 0,
    repaired: 0,
    unreferenced: [...local].filter((p) => !referenced.has(p)).length,
    bytes: 0,
    mismatched: [],
    missing: [],
  };

  const one = async (path: string): Promise<void> => {
    const file = local.has(path) ? join(options.uploadDir, path) : null;
    const recorded = referenced.get(path) ?? null;
    const localHash = file ? await sha256Of(createReadStream(file)) : null;
    if (recorded && localHash && recorded !== localHash) {
      report.mismatched.push({ path, problem: "the local file does not match the database's SHA-256" });
      return;
    }
    const expected = recorded ?? localHash;
    const found = await objectHash(options.bucket, path);
    if (found !== null && (expected === null || found === expected)) {
      report.alreadyThere++;
      return;
    }
    if (options.verifyOnly || !file) {
      if (found === null) report.missing.push(path);
      else report.mismatched.push({ path, problem: 'the object in the bucket has other bytes' });
      return;
    }
    await options.bucket.putFile(path, file, 'keep');
    const written = await objectHash(options.bucket, path);
    if (written !== expected) {
      report.mismatched.push({ path, problem: 'the object read back does not match after copying' });
      return;
    }
    if (found === null) report.copied++;
    else report.repaired++;
    report.bytes += (await stat(file)).size;
  };

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < paths.length) {
      await one(paths[next++]!);
      options.progress?.(++done, paths.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, paths.length) }, worker));
  report.mismatched.sort((a, b) => a.path.localeCompare(b.path));
  report.missing.sort();
  return report;
}

/** The report as the command prints it; `ok` is false on any mismatch or missing file (the exit code is then 1). */
export function describeReport(report: CopyReport, verifyOnly: boolean): { lines: string[]; ok: boolean } {
  const lines = [
    verifyOnly
      ? `${report.files} file(s) checked: ${report.alreadyThere} in the bucket with the expected SHA-256`
      : `${report.files} file(s): ${report.copied} copied, ${report.alreadyThere} already there, ${report.repaired} copied again (the bucket held other bytes); ${(report.bytes / 1048576).toFixed(1)} MB written, every file read back and verified`,
  ];
  if (report.unreferenced > 0)
    lines.push(`${report.unreferenced} file(s) of the folder are not referenced by any record`);
  for (const m of report.mismatched) lines.push(`MISMATCH ${m.path}: ${m.problem}`);
  for (const path of report.missing) lines.push(`MISSING ${path}: in neither the folder nor the bucket`);
  const ok = report.mismatched.length === 0 && report.missing.length === 0;
  lines.push(ok ? 'OK' : `FAILED: ${report.mismatched.length} mismatched, ${report.missing.length} missing`);
  return { lines, ok };
}
