import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { StoredFileMissingError, type ByteRange, type StorageBackend, type StoredObject } from './storage-backend';

/** nginx's ETag of a static file (`"<mtime hex>-<size hex>"`): the BFF and nginx (X-Accel-Redirect) agree on it. */
export function nginxEtag(size: number, mtime: Date): string {
  return `"${Math.floor(mtime.getTime() / 1000).toString(16)}-${size.toString(16)}"`;
}

/** Files under UPLOAD_DIR (`STORAGE=local`, the default). */
export class LocalDiskBackend implements StorageBackend {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  /** The absolute path of a key, or null when it would leave the root. */
  localPath(key: string): string | null {
    if (key.includes('\0')) return null;
    const absolute = resolve(this.root, normalize(key));
    return absolute.startsWith(this.root + sep) ? absolute : null;
  }

  async putFile(key: string, source: string, how: 'move' | 'keep'): Promise<void> {
    const target = await this.prepare(key);
    try {
      await (how === 'move' ? rename(source, target) : link(source, target));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Another disk (EXDEV), or a file system without hard links: copy instead.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
      await copyFile(source, target);
      if (how === 'move') await rm(source, { force: true });
    }
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    await writeFile(await this.prepare(key), bytes, { flag: 'wx' });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const absolute = this.localPath(key);
    const info = absolute ? await stat(absolute).catch(() => null) : null;
    if (!info?.isFile()) return null;
    return { size: info.size, etag: nginxEtag(info.size, info.mtime), lastModified: info.mtime };
  }

  async open(key: string, options: { range?: ByteRange; highWaterMark?: number } = {}): Promise<Readable> {
    const absolute = this.localPath(key);
    if (!absolute) throw new StoredFileMissingError(key);
    const stream = createReadStream(absolute, { ...options.range, highWaterMark: options.highWaterMark });
    try {
      await once(stream, 'open');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
    return stream;
  }

  async remove(key: string): Promise<void> {
    const absolute = this.localPath(key);
    if (absolute) await rm(absolute, { force: true });
  }

  /**
   * Every file under the root whose key starts with `prefix`, read from the prefix's folder down. Dot-folders are
   * skipped: `.incoming` holds uploads still streaming, not stored files.
   */
  async *list(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const folder = this.localPath(prefix.slice(0, prefix.lastIndexOf('/') + 1) || '.') ?? this.root;
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const absolute = join(entry.parentPath, entry.name);
      const key = relative(this.root, absolute).split(sep).join('/');
      if (!key.startsWith(prefix) || key.split('/').some((part) => part.startsWith('.'))) continue;
      yield { key, size: (await stat(absolute)).size };
    }
  }

  private async prepare(key: string): Promise<string> {
    const absolute = this.localPath(key);
    if (!absolute) throw new Error('Path outside the upload folder');
    await mkdir(dirname(absolute), { recursive: true });
    return absolute;
  }

  /** The local disk gives no temporary URLs: files are sent by the BFF or by nginx. */
  temporaryUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  /** Nothing to release. */
  close(): void {}
}
