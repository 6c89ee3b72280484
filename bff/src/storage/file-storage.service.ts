import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

export type StorageFolder = 'papers' | 'mark-schemes' | 'examiner-reports';

const STORED_PATH =
  /^(papers|mark-schemes|examiner-reports)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx)$/;

/**
 * Files under UPLOAD_DIR. Names are always generated here (never the client's); stored paths are relative
 * ("papers/<uuid>.pdf") and every path is resolved inside UPLOAD_DIR or rejected.
 */
@Injectable()
export class FileStorage {
  private readonly root: string;

  constructor(config: AppConfig) {
    this.root = resolve(config.uploadDir);
  }

  get uploadRoot(): string {
    return this.root;
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

  /**
   * A batch of new files for one write: save them under generated names, then either keep them (the database
   * change committed) or discard them all (anything failed), so no file outlives a failed write.
   */
  batch(): FileBatch {
    return new FileBatch(this);
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

/** New files of one write (see FileStorage.batch). */
export class FileBatch {
  private readonly written: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  async save(folder: StorageFolder, bytes: Buffer, extension: string): Promise<string> {
    const path = await this.storage.save(folder, bytes, extension);
    this.written.push(path);
    return path;
  }

  /** Removes every file saved in this batch (after a failed write). */
  async discard(): Promise<void> {
    await this.storage.remove(...this.written.splice(0));
  }
}
