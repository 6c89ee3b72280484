import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

export type StorageFolder = 'papers' | 'mark-schemes' | 'examiner-reports';

const STORED_PATH =
  /^(papers|mark-schemes|examiner-reports)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx)$/;

/**
 * Files under UPLOAD_DIR. Names are always generated here (never the client's); stored paths are relative
 * ("papers/<uuid>.pdf") and every path is resolved inside UPLOAD_DIR or rejected.
 */
@Injectable()
export class FileStorage implements OnModuleInit {
  private readonly logger = new Logger('FileStorage');
  private readonly root: string;

  constructor(config: AppConfig) {
    this.root = resolve(config.uploadDir);
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

  /** Writes the bytes under a generated name and returns the relative path. */
  async save(folder: StorageFolder, bytes: Buffer, extension: string): Promise<string> {
    const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
    const relative = `${folder}/${randomUUID()}.${ext}`;
    const absolute = this.resolve(relative);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, bytes, { flag: 'wx' });
    return relative;
  }

  /** Moves an uploaded temporary file under a generated name and returns the relative path. */
  async adopt(folder: StorageFolder, temporaryPath: string, extension: string): Promise<string> {
    const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
    const relative = `${folder}/${randomUUID()}.${ext}`;
    const absolute = this.resolve(relative);
    await mkdir(dirname(absolute), { recursive: true });
    try {
      await rename(temporaryPath, absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(temporaryPath, absolute);
      await rm(temporaryPath, { force: true });
    }
    return relative;
  }

  /**
   * Stores a copy of a file that must stay where it is (a staged import file: if the write fails, the import keeps
   * it): a hard link on the same disk, else a copy. Returns the relative path.
   */
  async linkCopy(folder: StorageFolder, sourcePath: string, extension: string): Promise<string> {
    const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
    const relative = `${folder}/${randomUUID()}.${ext}`;
    const absolute = this.resolve(relative);
    await mkdir(dirname(absolute), { recursive: true });
    try {
      await link(sourcePath, absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
      await copyFile(sourcePath, absolute);
    }
    return relative;
  }

  /**
   * The one way a write that adds files runs: `work` stores its new files through the batch and runs its
   * transaction. If anything throws, every file it stored is removed (no file outlives a failed write); once it
   * succeeded, the files it marked obsolete (replaced or orphaned by the committed change) are removed.
   */
  async writeWithFiles<T>(work: (files: FileBatch) => Promise<T>): Promise<T> {
    const batch = new FileBatch(this);
    let result: T;
    try {
      result = await work(batch);
    } catch (error) {
      await batch.discard();
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
          const absolute = this.tryResolve(p);
          if (absolute) await rm(absolute, { force: true });
        }),
    );
  }

  /** The absolute path of a stored file, or null when the path would leave UPLOAD_DIR. */
  tryResolve(relativePath: string): string | null {
    if (relativePath.includes('\0')) return null;
    const absolute = resolve(this.root, normalize(relativePath));
    return absolute.startsWith(this.root + sep) ? absolute : null;
  }

  /** True for a path this service generates ("papers/<uuid>.pdf"): anything else is never served. */
  static isStoredPath(relativePath: string): boolean {
    return STORED_PATH.test(relativePath);
  }

  resolve(relativePath: string): string {
    const absolute = this.tryResolve(relativePath);
    if (!absolute) throw new Error('Path outside the upload folder');
    return absolute;
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

  /** Stores an uploaded file (its temporary file is moved, never read into memory). */
  async store(folder: StorageFolder, upload: { path: string }, extension: string): Promise<string> {
    const path = await this.storage.adopt(folder, upload.path, extension);
    this.written.push(path);
    return path;
  }

  /** Stores a copy of a file that stays in place (see FileStorage.linkCopy). */
  async storeLinked(folder: StorageFolder, sourcePath: string, extension: string): Promise<string> {
    const path = await this.storage.linkCopy(folder, sourcePath, extension);
    this.written.push(path);
    return path;
  }

  async save(folder: StorageFolder, bytes: Buffer, extension: string): Promise<string> {
    const path = await this.storage.save(folder, bytes, extension);
    this.written.push(path);
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
