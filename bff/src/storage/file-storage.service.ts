import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LocalDiskBackend } from './local-disk-backend';
import { S3Backend } from './s3-backend';
import type { ByteRange, StorageBackend, StoredObject, TemporaryUrlHeaders } from './storage-backend';

export type StorageFolder = 'papers' | 'mark-schemes' | 'examiner-reports';

const STORED_PATH =
  /^(papers|mark-schemes|examiner-reports)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx)$/;

/** The backend STORAGE names: the local disk under UPLOAD_DIR, or the S3 bucket. */
export function createStorageBackend(config: AppConfig, logger?: Logger): StorageBackend {
  if (config.storage.kind === 's3' && config.storage.s3) {
    return new S3Backend(config.storage.s3, (failure) => logger?.error(failure, 'Object storage call failed'));
  }
  return new LocalDiskBackend(resolve(config.uploadDir));
}

/**
 * The stored files, on the local disk under UPLOAD_DIR or in an S3 bucket (STORAGE). Names are always generated
 * here (never the client's); stored paths are relative ("papers/<uuid>.pdf") and every path is checked to stay
 * inside the store or rejected. Every reader goes through here, never to the disk directly. UPLOAD_DIR stays a
 * local folder with either backend: uploads stream there first (`.incoming`), bulk imports stage there (`.staging`).
 */
@Injectable()
export class FileStorage implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('FileStorage');
  private readonly root: string;
  readonly backend: StorageBackend;

  constructor(config: AppConfig) {
    this.root = resolve(config.uploadDir);
    this.backend = createStorageBackend(config, this.logger);
  }

  get kind(): 'local' | 's3' {
    return this.backend.kind;
  }

  get uploadRoot(): string {
    return this.root;
  }

  /**
   * Where uploads stream while a request is parsed: inside UPLOAD_DIR (so moving a file into place is a rename on
   * the same disk) but never served (a dot folder, and no stored path points there).
   */
  get incomingDir(): string {
    return join(this.root, '.incoming');
  }

  /** Uploads left over by a process that stopped mid-request are removed at start. */
  async onModuleInit(): Promise<void> {
    await rm(this.incomingDir, { recursive: true, force: true });
  }

  onModuleDestroy(): void {
    this.backend.close();
  }

  /** A new stored path in `folder` ("papers/<uuid>.pdf"). */
  static newPath(folder: StorageFolder, extension: string): string {
    const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
    return `${folder}/${randomUUID()}.${ext}`;
  }

  /** Writes the bytes under a generated name and returns the relative path. */
  async save(folder: StorageFolder, bytes: Buffer, extension: string): Promise<string> {
    const path = FileStorage.newPath(folder, extension);
    await this.backend.putBytes(path, bytes);
    return path;
  }

  /** Moves an uploaded temporary file under a generated name (streamed, never read into memory). */
  async adopt(folder: StorageFolder, temporaryPath: string, extension: string): Promise<string> {
    const path = FileStorage.newPath(folder, extension);
    await this.backend.putFile(path, temporaryPath, 'move');
    return path;
  }

  /**
   * Stores a copy of a file that must stay where it is (a staged import file: if the write fails, the import keeps
   * it): a hard link on the same disk, else a copy; an upload to the bucket. Returns the relative path.
   */
  async linkCopy(folder: StorageFolder, sourcePath: string, extension: string): Promise<string> {
    const path = FileStorage.newPath(folder, extension);
    await this.backend.putFile(path, sourcePath, 'keep');
    return path;
  }

  /**
   * The one way a write that adds files runs: `work` stores its new files through the batch and runs its
   * transaction. If anything throws, every file it stored (or began to store) is removed (no file outlives a failed
   * write); once it succeeded, the files it marked obsolete (replaced or orphaned by the committed change) are
   * removed.
   */
  async writeWithFiles<T>(work: (files: FileBatch) => Promise<T>): Promise<T> {
    const batch = new FileBatch(this);
    let result: T;
    try {
      result = await work(batch);
    } catch (error) {
      await batch.discard().catch((e: unknown) => this.logger.warn({ err: e }, 'Could not remove new files'));
      throw error;
    }
    // Committed: the answer stands whatever happens to the files the change made obsolete (a leftover file is
    // only disk space; failing here would answer an error for a write that happened).
    await batch
      .removeObsolete()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not remove replaced files'));
    return result;
  }

  /** Removes files; missing files are ignored (removal is idempotent). */
  async remove(...relativePaths: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      relativePaths
        .filter((p): p is string => typeof p === 'string' && p.length > 0)
        .map(async (p) => {
          const key = this.keyOf(p);
          if (key) await this.backend.remove(key);
        }),
    );
  }

  /** Size and validators of a stored file; null when the path is not one this service generates, or it is gone. */
  async stat(relativePath: string): Promise<StoredObject | null> {
    return FileStorage.isStoredPath(relativePath) ? this.backend.stat(relativePath) : null;
  }

  /**
   * A stream of a stored file (or a range of it), once it is known to exist: rejects with StoredFileMissingError
   * when it is not there (or not a path this service generates).
   */
  async open(relativePath: string, options: { range?: ByteRange; highWaterMark?: number } = {}): Promise<Readable> {
    const key = this.keyOf(relativePath);
    if (!key) throw new Error('Path outside the store');
    return this.backend.open(key, options);
  }

  /**
   * A stream of a stored file returned at once (the file is opened meanwhile; a missing file is an error on the
   * stream): for consumers that take a stream synchronously, such as a zip's next entry.
   */
  createReadStream(relativePath: string, options: { highWaterMark?: number } = {}): Readable {
    const absolute = this.backend.localPath(relativePath);
    if (absolute) {
      return createReadStream(absolute, { highWaterMark: options.highWaterMark }); // no extra hop
    }
    const out = new PassThrough({ highWaterMark: options.highWaterMark });
    this.open(relativePath, options).then(
      (source) => pipeline(source, out).catch(() => undefined), // `out` carries the error, or was closed by its reader
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  /**
   * Runs `use` with a local file holding a stored file's bytes: the file itself on the local disk, a temporary copy
   * of an object (removed afterwards). For readers that need a path (the text extractor's child process).
   */
  async withLocalFile<T>(relativePath: string, use: (absolutePath: string) => Promise<T>): Promise<T> {
    if (this.backend.kind === 'local') {
      const absolute = this.backend.localPath(relativePath);
      if (!absolute) throw new Error('Path outside the store');
      return use(absolute);
    }
    const folder = await mkdtemp(join(tmpdir(), 'ppl-object-'));
    try {
      const copy = join(folder, posix.basename(relativePath));
      await pipeline(await this.open(relativePath), createWriteStream(copy, { mode: 0o600 }));
      return await use(copy);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** The absolute path of a stored file on the local disk (X-Accel-Redirect, sendFile); null for a bucket. */
  localPath(relativePath: string): string | null {
    return this.backend.localPath(relativePath);
  }

  /** A URL that reads a stored file directly for a short while (a bucket's presigned URL); null on the local disk. */
  temporaryUrl(relativePath: string, response: TemporaryUrlHeaders): Promise<string | null> {
    return this.backend.temporaryUrl(relativePath, response);
  }

  /**
   * The key of a path inside the store ("papers/x.pdf"), or null when it would leave it (`..`, absolute, NUL):
   * nothing outside UPLOAD_DIR (or the bucket's own keys) is ever read or removed.
   */
  keyOf(relativePath: string): string | null {
    if (relativePath.includes('\0') || relativePath.includes('\\')) return null;
    const key = posix.normalize(relativePath);
    if (key.startsWith('/') || key === '.' || key === '..' || key.startsWith('../')) return null;
    if (this.backend.kind === 'local' && !this.backend.localPath(key)) return null;
    return key;
  }

  /** True for a path this service generates ("papers/<uuid>.pdf"): anything else is never served. */
  static isStoredPath(relativePath: string): boolean {
    return STORED_PATH.test(relativePath);
  }

  /** For callers that build a relative path themselves. */
  static join(folder: StorageFolder, name: string): string {
    return join(folder, name);
  }
}

/** The files of one write (see FileStorage.writeWithFiles). */
export class FileBatch {
  private readonly written: string[] = [];
  private readonly obsolete: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  /** Stores an uploaded file (its temporary file is moved or streamed, never read into memory). */
  store(folder: StorageFolder, upload: { path: string }, extension: string): Promise<string> {
    return this.write(folder, extension, (path) => this.storage.backend.putFile(path, upload.path, 'move'));
  }

  /** Stores a copy of a file that stays in place (see FileStorage.linkCopy). */
  storeLinked(folder: StorageFolder, sourcePath: string, extension: string): Promise<string> {
    return this.write(folder, extension, (path) => this.storage.backend.putFile(path, sourcePath, 'keep'));
  }

  save(folder: StorageFolder, bytes: Buffer, extension: string): Promise<string> {
    return this.write(folder, extension, (path) => this.storage.backend.putBytes(path, bytes));
  }

  /** The path is recorded before the write starts: a write that fails half-way is removed with the others. */
  private async write(folder: StorageFolder, extension: string, put: (path: string) => Promise<void>) {
    const path = FileStorage.newPath(folder, extension);
    this.written.push(path);
    await put(path);
    return path;
  }

  /** Files the write replaces or orphans: removed only once it succeeded. */
  removeAfterCommit(...paths: Array<string | null | undefined>): void {
    for (const p of paths) if (p) this.obsolete.push(p);
  }

  /** Removes every file stored in this batch (after a failed write). */
  async discard(): Promise<void> {
    this.obsolete.length = 0;
    await this.storage.remove(...this.written.splice(0));
  }

  async removeObsolete(): Promise<void> {
    await this.storage.remove(...this.obsolete.splice(0));
  }
}
