import { stat } from 'node:fs/promises';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { ReadCache } from '../read-cache/read-cache';
import { FileStorage } from '../storage/file-storage.service';
import type { DownloadCounter, DownloadTarget } from './download-target';
import { MULTIPART_RANGES_HEADER, multipleRanges, sendMultipartRanges } from './multipart-ranges';

/**
 * How a file is asked for: saved (`download`, counted as a download), opened by the browser's own PDF reader
 * (`inline=1`, counted as a view from byte 0), or read page by page by the site's viewer (`stream=1`: inline and
 * never counted; the viewer counts its view once per visit through POST /document_views.php, issue 14).
 */
export type Delivery = 'download' | 'inline' | 'stream';

/** The delivery a download link's query asks for (`stream` wins over `inline`). */
export function deliveryOf(query: { inline?: boolean; stream?: boolean }): Delivery {
  if (query.stream === true) return 'stream';
  return query.inline === true ? 'inline' : 'download';
}

/**
 * The viewer's first reads of a document (its first and last bytes) start from the page's HTML, before any script
 * runs, as `<link rel="preload">`: a link cannot send a Range header, so a stream read may name its one range in the
 * query instead (`&range=0-65535`). A Range header, when there is one, wins.
 */
function rangeFromQuery(req: Request): void {
  const range = req.query.range;
  if (req.headers.range === undefined && typeof range === 'string' && /^\d{1,15}-\d{1,15}$/.test(range)) {
    req.headers.range = `bytes=${range}`;
  }
}

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
  'Content-Security-Policy',
];

/**
 * Streams a stored file with Content-Type, a friendly Content-Disposition, ETag/Last-Modified and Range support
 * (Express's sendFile confined to UPLOAD_DIR), and counts the download.
 *
 * Counting rule (docs/api-contract.md): a download once per delivery of the whole file; HEAD, a partial Range and a
 * conditional request answered 304 do not count. A PDF opened to read (inline) counts a view instead. The counter is one atomic UPDATE ... SET n = n + 1, done before
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

  async send(req: Request, res: Response, target: DownloadTarget, delivery: Delivery): Promise<void> {
    const absolute = FileStorage.isStoredPath(target.path) ? this.storage.tryResolve(target.path) : null;
    if (!absolute) throw new NotFoundException('File not found');
    const stats = await stat(absolute).catch(() => null);
    if (!stats?.isFile()) throw new NotFoundException('File not found');

    // Our own validators, set before sendFile (which keeps them), so req.fresh can tell a 304 in advance.
    const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    // A signed-in request's answer stays no-store (request-guards); a public file may be revalidated.
    if (res.getHeader('Cache-Control') !== 'no-store') res.setHeader('Cache-Control', 'private, no-cache');
    // Only a PDF is shown in the browser; Word files are always saved. A stored file can never run script on our
    // origin, whatever it contains: the sandbox gives it an opaque origin with scripts and forms off.
    const showInline = delivery !== 'download' && /\.pdf$/i.test(target.filename);
    res.setHeader('Content-Disposition', `${showInline ? 'inline' : 'attachment'}; filename="${target.filename}"`);
    res.setHeader('Content-Security-Policy', 'sandbox');

    // Opening a PDF to read it is a view, not a download (issue 11): its own counter, shown to admins. The site's
    // viewer fetches pages with Range requests (the first one from byte 0) and counts its view on its own.
    if (delivery !== 'stream') {
      if (showInline) {
        if (this.countsAsView(req)) await this.count(target.counter, 'views');
      } else if (this.countsAsDownload(req, etag, stats.size)) await this.count(target.counter, 'downloads');
    }

    if (delivery === 'stream') {
      rangeFromQuery(req);
      if (await this.sentMultipartRanges(req, res, absolute, stats.size, etag, showInline)) return;
    }

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

  /**
   * The viewer's read of several ranges at once (stream mode only): one multipart/byteranges answer. Returns false
   * when the request is not one (Express's sendFile answers it). The header tells the viewer it may ask.
   */
  private async sentMultipartRanges(
    req: Request,
    res: Response,
    absolute: string,
    size: number,
    etag: string,
    pdf: boolean,
  ): Promise<boolean> {
    res.setHeader(MULTIPART_RANGES_HEADER, '1');
    const ranges = multipleRanges(req, size, etag);
    if (ranges === null) return false;
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    if (ranges === 'unsatisfiable') {
      for (const header of DOWNLOAD_HEADERS) res.removeHeader(header);
      res.setHeader('Content-Range', `bytes */${size}`);
      res.status(416).json({ error: 'Requested range not satisfiable' });
      return true;
    }
    try {
      await sendMultipartRanges(res, absolute, ranges, size, pdf ? 'application/pdf' : 'application/octet-stream');
    } catch (error) {
      if (!res.headersSent) throw new NotFoundException('File not found');
      this.logger.warn({ err: error }, 'Multi-range read failed mid-transfer');
      res.destroy();
    }
    return true;
  }

  /** A reader opening the file: a GET from its first byte (a viewer's later range requests do not count again). */
  private countsAsView(req: Request): boolean {
    if (req.method !== 'GET' || req.fresh) return false;
    return !req.headers.range || /^bytes=0-/.test(req.headers.range);
  }

  /** Whether this GET delivers the whole file (a Range covering every byte included); partial reads do not count. */
  private countsAsDownload(req: Request, etag: string, size: number): boolean {
    if (req.method !== 'GET' || req.fresh) return false;
    if (!req.headers.range) return true;
    const ifRange = req.headers['if-range'];
    if (ifRange !== undefined && ifRange !== etag) return true; // the Range is ignored: the whole file is sent
    const ranges = req.range(size, { combine: true });
    if (ranges === -2 || ranges === undefined) return true; // a malformed Range is ignored: the whole file is sent
    if (ranges === -1) return false; // 416
    return ranges.length > 1 || (ranges[0]!.start === 0 && ranges[0]!.end === size - 1);
  }

  /** One view of a document (the viewer's POST /document_views.php). */
  countView(counter: DownloadCounter): Promise<void> {
    return this.count(counter, 'views');
  }

  private async count(counter: DownloadCounter, kind: 'downloads' | 'views'): Promise<void> {
    if (counter.table === 'variants') {
      const c = counter.document; // 'document' | 'mark_scheme' | 'examiner_report' (typed, not user text)
      await this.db.query(
        kind === 'downloads'
          ? `UPDATE variants SET ${c}_downloads = ${c}_downloads + 1, ${c}_last_downloaded_at = now() WHERE id = $1`
          : `UPDATE variants SET ${c}_views = ${c}_views + 1 WHERE id = $1`,
        [counter.id],
      );
    } else {
      await this.db.query(
        kind === 'downloads'
          ? `UPDATE ${counter.table} SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = $1`
          : `UPDATE ${counter.table} SET views = views + 1 WHERE id = $1`,
        [counter.id],
      );
    }
    // Cached public answers that show download counts are stale from now on.
    this.readCache.countersChanged();
  }
}
