import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Injectable } from '@nestjs/common';
import { FileStorage } from '../storage/file-storage.service';
import type { DocumentKind } from '../uploads/document-type';

/**
 * The staging folder of bulk imports: `UPLOAD_DIR/.staging/<import id>/<uuid>.<ext>`. Inside UPLOAD_DIR, so staging
 * an upload and committing it are renames and hard links on one disk; never served (a dot folder, and only paths a
 * record points to are served). Unlike `.incoming`, it survives a restart: an import resumes.
 */
@Injectable()
export class ImportStaging {
  readonly root: string;

  constructor(storage: FileStorage) {
    this.root = join(storage.uploadRoot, '.staging');
  }

  folderOf(importId: number): string {
    return join(this.root, String(importId));
  }

  /** Moves an uploaded temporary file into the import's folder; returns its path relative to the staging root. */
  async adopt(importId: number, temporaryPath: string, kind: DocumentKind): Promise<string> {
    const relative = `${importId}/${randomUUID()}.${kind}`;
    const absolute = this.resolve(relative);
    await mkdir(dirname(absolute), { recursive: true, mode: 0o700 });
    try {
      await rename(temporaryPath, absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(temporaryPath, absolute);
      await rm(temporaryPath, { force: true });
    }
    return relative;
  }

  resolve(relative: string): string {
    const absolute = resolve(this.root, relative);
    if (!absolute.startsWith(this.root + sep)) throw new Error('Path outside the staging folder');
    return absolute;
  }

  async remove(relative: string | null): Promise<void> {
    if (relative) await rm(this.resolve(relative), { force: true });
  }

  async removeImport(importId: number): Promise<void> {
    await rm(this.folderOf(importId), { recursive: true, force: true });
  }
}
