import { stat } from 'node:fs/promises';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { ReadCache } from '../read-cache/read-cache';
import { FileStorage } from '../storage/file-storage.service';
import type { DownloadCounter, DownloadTarget } from './download-target';

/** Headers a failed send may already have set: an error answer is plain JSON. */
const DOWNLOAD_HEADERS = [
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
];

/**
 * Streams a stored file with Content-Type, a friendly Content-Disposition, ETag/Last-Modified and Range support
 * (Express's sendFile confined to UPLOAD_DIR), and counts the download.
 *
 * Counting rule (docs/api-contract.md): once per GET whose body starts at byte 0; HEAD, a later Range and a
 * conditional request answered 304 do not count. The counter is one atomic UPDATE ... SET n = n + 1, done before
 * the body is sent so that a client which has its file sees the count.
 */
@Injectable()
export class FileSenderService {
  private readonly logger = new Logger('Downloads');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly readCache: ReadCache,
  ) {}

  async send(req: Request, res: Response, target: DownloadTarget, inline: boolean): Promise<void> {
    const absolute = FileStorage.isStoredPath(target.path) ? this.storage.tryResolve(target.path) : null;
    if (!absolute) throw new NotFoundException('File not found');
    const stats = await stat(absolute).catch(() => null);
    if (!stats?.isFile()) throw new NotFoundException('File not found');

    // Our own validators, set before sendFile (which keeps them), so req.fresh can tell a 304 in advance.
    const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${target.filename}"`);

    if (this.countsAsDownload(req, etag)) await this.count(target.counter);

    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        target.path,
        { root: this.storage.uploadRoot, dotfiles: 'deny', acceptRanges: true, etag: true, lastModified: true },
        (error) => {
          if (!error) return resolve();
          if (res.headersSent) return resolve(); // the client went away mid-transfer
          for (const header of DOWNLOAD_HEADERS) res.removeHeader(header);
          const status = (error as { status?: unknown }).status;
          if (status === 416) {
            res.setHeader('Content-Range', `bytes */${stats.size}`);
            res.status(416).json({ error: 'Requested range not satisfiable' });
            return resolve();
          }
          this.logger.warn({ err: error, path: target.path }, 'Download failed');
          reject(new NotFoundException('File not found'));
        },
      );
    });
  }

  private countsAsDownload(req: Request, etag: string): boolean {
    if (req.method !== 'GET' || req.fresh) return false;
    const range = req.headers.range;
    if (!range) return true;
    const ifRange = req.headers['if-range'];
    if (ifRange !== undefined && ifRange !== etag) return true; // the Range is ignored: the whole file is sent
    // A single range starting at 0, or several ranges (sent whole).
    return /^bytes=0-/.test(range) || range.includes(',');
  }

  private async count(counter: DownloadCounter): Promise<void> {
    if (counter.table === 'variants') {
      const c = counter.document; // 'document' | 'mark_scheme' | 'examiner_report' (typed, not user text)
      await this.db.query(
        `UPDATE variants SET ${c}_downloads = ${c}_downloads + 1, ${c}_last_downloaded_at = now() WHERE id = $1`,
        [counter.id],
      );
    } else {
      await this.db.query(
        `UPDATE ${counter.table} SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = $1`,
        [counter.id],
      );
    }
    // Cached public answers that show download counts are stale from now on.
    this.readCache.countersChanged();
  }
}
