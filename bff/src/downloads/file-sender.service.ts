import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { AppConfig, type StorageOptions } from '../config/app-config';
import { ReadCache } from '../read-cache/read-cache';
import { FileStorage } from '../storage/file-storage.service';
import { contentTypeOf, StoredFileMissingError, type StoredObject } from '../storage/storage-backend';
import { deliversWholeFile, rangeAnswer, type RangeAnswer } from './byte-ranges';
import type { DownloadTarget } from './download-target';
import { MULTIPART_RANGES_HEADER, multipleRanges, sendMultipartRanges } from './multipart-ranges';

/**
 * How a file is asked for: saved (`download`, counted as a download), opened by the browser's own PDF reader
 * (`inline=1`, counted as a view from byte 0), or read page by page by the site's viewer (`stream=1`: inline and
 * never counted; the viewer counts its view once per visit through POST /document_views.php).
 */
export type Delivery = 'download' | 'inline' | 'stream' | 'preview';

/** The delivery a download link's query asks for (`preview` wins, then `stream`, then `inline`). */
export function deliveryOf(query: { inline?: boolean; stream?: boolean; preview?: boolean }): Delivery {
  if (query.preview === true) return 'preview';
  if (query.stream === true) return 'stream';
  return query.inline === true ? 'inline' : 'download';
}

/**
 * The viewer's first reads of a document (its first and last bytes) start from the page's HTML, before any script
 * runs, as `<link rel="preload">`: a link cannot send a Range header, so a stream read may name its one range in the
 * query instead (`&range=0-65535`). A Range header, when there is one, wins. Returns whether the query's range is
 * the one to answer: a file server in front (X-Accel-Redirect) reads only the Range header, so such a read is sent by
 * the BFF itself.
 */
function rangeFromQuery(req: Request): boolean {
  const range = req.query.range;
  if (req.headers.range === undefined && typeof range === 'string' && /^\d{1,15}-\d{1,15}$/.test(range)) {
    req.headers.range = `bytes=${range}`;
    return true;
  }
  return false;
}

/**
 * Who sends the bytes once the BFF has authorised and counted (bff/README.md "Files"): the BFF from the disk
 * (`sendFile`), nginx from the disk (`x-accel`), the BFF from the bucket (`s3-stream`), or the bucket itself through
 * a presigned URL (`s3-redirect`).
 */
export type DeliveryMode = 'sendFile' | 'x-accel' | 's3-stream' | 's3-redirect';

/**
 * The mode for one request. The viewer's reads (`stream=1`) never leave the site's origin (its CSP allows
 * `connect-src 'self'`, and a bucket would need CORS for Range), so with redirects configured they are streamed.
 */
export function deliveryMode(
  storage: Pick<StorageOptions, 'kind' | 'fileDelivery' | 's3Delivery'>,
  delivery: Delivery,
) {
  if (storage.kind === 's3')
    return storage.s3Delivery === 'redirect' && delivery !== 'stream' ? 's3-redirect' : 's3-stream';
  return storage.fileDelivery === 'x-accel' ? 'x-accel' : 'sendFile';
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
  'X-Accel-Redirect',
];

/**
 * Sends a stored file with Content-Type, a friendly Content-Disposition, ETag/Last-Modified and Range support, and
 * counts the download, whichever backend holds it and whoever sends the bytes (DeliveryMode).
 *
 * Counting rule (docs/api-contract.md): a download once per delivery of the whole file; HEAD, a partial Range and a
 * conditional request answered 304 do not count. A PDF opened to read (inline) counts a view instead. The counter is
 * one atomic UPDATE ... SET n = n + 1, done before the body is sent (or the redirect answered) so that a client which
 * has its file sees the count.
 */
@Injectable()
export class FileSenderService {
  private readonly logger = new Logger('Downloads');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly readCache: ReadCache,
    private readonly config: AppConfig,
  ) {}

  async send(req: Request, res: Response, target: DownloadTarget, delivery: Delivery): Promise<void> {
    if (delivery === 'preview') return this.sendPreview(req, res, target);
    const file = FileStorage.isStoredPath(target.path) ? await this.storage.stat(target.path) : null;
    if (!file) throw new NotFoundException('File not found');
    let mode = deliveryMode(this.config.storage, delivery);

    // Our own validators, set first, so req.fresh can tell a 304 in advance (sendFile keeps them).
    res.setHeader('ETag', file.etag);
    res.setHeader('Last-Modified', file.lastModified.toUTCString());
    // A signed-in request's answer stays no-store (request-guards); a public file may be revalidated.
    if (res.getHeader('Cache-Control') !== 'no-store') res.setHeader('Cache-Control', 'private, no-cache');
    // Only a PDF is shown in the browser; Word files are always saved. A stored file can never run script on our
    // origin, whatever it contains: the sandbox gives it an opaque origin with scripts and forms off.
    const showInline = delivery !== 'download' && /\.pdf$/i.test(target.filename);
    const disposition = `${showInline ? 'inline' : 'attachment'}; filename="${target.filename}"`;
    res.setHeader('Content-Disposition', disposition);
    res.setHeader('Content-Type', contentTypeOf(target.path));
    res.setHeader('Content-Security-Policy', 'sandbox');

    // The site's viewer (never counted) may name its first range in the query and ask for several ranges at once;
    // those are answered here, whatever the storage.
    if (delivery === 'stream') {
      if (rangeFromQuery(req) && mode === 'x-accel') mode = 'sendFile';
      if (await this.sentMultipartRanges(req, res, target, file, showInline)) return;
    }

    const answer: RangeAnswer | 'not-modified' = req.fresh ? 'not-modified' : rangeAnswer(rangeRequest(req), file);
    const counted = whatCounts(req, delivery, showInline, answer, file.size);

    if (mode === 'sendFile') {
      if (counted) await this.count(target.documentId, counted, { requestId: proxyRequestId(req), client: req.ip });
      return this.sendFromDisk(res, target, file);
    }
    if (answer === 'not-modified') {
      for (const header of ['Content-Type', 'Content-Length', 'Content-Range']) res.removeHeader(header);
      res.status(304).end();
      return;
    }
    if (answer.kind === 'unsatisfiable') return unsatisfiable(res, file);
    if (req.method === 'HEAD') {
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Content-Length', file.size);
      res.status(200).end();
      return;
    }
    if (mode === 's3-stream') return this.streamObject(req, res, target, file, answer, counted);
    if (counted) await this.count(target.documentId, counted, { requestId: proxyRequestId(req), client: req.ip });
    if (mode === 'x-accel') return this.handToNginx(res, target);
    return this.redirectToObject(res, target, disposition);
  }

  /**
   * Page 1 of the document as a picture, from `document_previews`: drawn from the file the document holds
   * now (the same generation), else 404 (not indexed yet, not a PDF, or not drawable). Revalidated by its ETag (a
   * replaced file gets a new one); never counted.
   */
  private async sendPreview(req: Request, res: Response, target: DownloadTarget): Promise<void> {
    const rows: Array<{ id: number; generation: number; image: Buffer }> = await this.db.query(
      `SELECT t.id, t.generation, p.image FROM document_texts t
         JOIN document_previews p ON p.document_text_id = t.id AND p.generation = t.generation
        WHERE t.document_id = $1`,
      [target.documentId],
    );
    const preview = rows[0];
    if (!preview) throw new NotFoundException('File not found');
    res.setHeader('ETag', `"preview-${preview.id}-${preview.generation}"`);
    if (res.getHeader('Cache-Control') !== 'no-store') res.setHeader('Cache-Control', 'public, no-cache');
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Security-Policy', 'sandbox');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const image = Buffer.isBuffer(preview.image) ? preview.image : Buffer.from(preview.image);
    res.setHeader('Content-Length', image.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : image);
  }

  /**
   * The viewer's read of several ranges at once (stream mode only): one multipart/byteranges answer, each part read
   * from the storage in turn. Returns false when the request is not one (answered as usual). The header tells the
   * viewer it may ask.
   */
  private async sentMultipartRanges(
    req: Request,
    res: Response,
    target: DownloadTarget,
    file: StoredObject,
    pdf: boolean,
  ): Promise<boolean> {
    res.setHeader(MULTIPART_RANGES_HEADER, '1');
    const ranges = multipleRanges(req, file.size, file.etag);
    if (ranges === null) return false;
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    if (ranges === 'unsatisfiable') {
      unsatisfiable(res, file);
      return true;
    }
    try {
      await sendMultipartRanges(
        res,
        (range) => this.storage.open(target.path, { range }),
        ranges,
        file.size,
        pdf ? 'application/pdf' : 'application/octet-stream',
      );
    } catch (error) {
      if (!res.headersSent) {
        clearFileHeaders(res);
        if (error instanceof StoredFileMissingError) throw new NotFoundException('File not found');
        throw error;
      }
      this.logger.warn({ err: error }, 'Multi-range read failed mid-transfer');
      res.destroy();
    }
    return true;
  }

  /** STORAGE=local, FILE_DELIVERY=bff: Express's sendFile confined to UPLOAD_DIR (Range, 304, 416 by `send`). */
  private async sendFromDisk(res: Response, target: DownloadTarget, file: StoredObject): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        target.path,
        { root: this.storage.uploadRoot, dotfiles: 'deny', acceptRanges: true, etag: true, lastModified: true },
        (error) => {
          if (!error) return resolve();
          if (res.headersSent) return resolve(); // the client went away mid-transfer
          const status = (error as { status?: unknown }).status;
          if (status === 416) {
            unsatisfiable(res, file);
            return resolve();
          }
          clearFileHeaders(res);
          this.logger.warn({ err: error, path: target.path }, 'Download failed');
          reject(new NotFoundException('File not found'));
        },
      );
    });
  }

  /**
   * FILE_DELIVERY=x-accel: no body from the BFF; nginx serves the file from its internal location (sendfile, Range,
   * its own 200/206). It keeps Content-Type, Content-Disposition and Cache-Control from this answer and adds the
   * file security headers itself (bff/README.md "X-Accel-Redirect").
   */
  private handToNginx(res: Response, target: DownloadTarget): void {
    res.setHeader('X-Accel-Redirect', `${this.config.storage.xAccelPrefix}${target.path}`);
    res.status(200).end();
  }

  /** STORAGE=s3, S3_DELIVERY=redirect: a 302 to a URL of the object valid for about a minute. */
  private async redirectToObject(res: Response, target: DownloadTarget, disposition: string): Promise<void> {
    const url = await this.storage.temporaryUrl(target.path, {
      contentType: contentTypeOf(target.path),
      contentDisposition: disposition,
    });
    if (!url) throw new Error('The storage gives no temporary URLs'); // configuration refuses redirect without S3
    clearFileHeaders(res);
    res.setHeader('Cache-Control', 'no-store'); // a redirect to a URL that expires must not be reused
    res.redirect(302, url);
  }

  /** STORAGE=s3, S3_DELIVERY=stream (and the viewer's reads): GetObject of exactly the range asked for, piped. */
  private async streamObject(
    req: Request,
    res: Response,
    target: DownloadTarget,
    file: StoredObject,
    answer: Exclude<RangeAnswer, { kind: 'unsatisfiable' }>,
    counted: 'downloads' | 'views' | null,
  ): Promise<void> {
    const range = answer.kind === 'part' ? answer.range : undefined;
    let body: Readable;
    try {
      body = await this.storage.open(target.path, { range });
    } catch (error) {
      clearFileHeaders(res);
      if (error instanceof StoredFileMissingError) throw new NotFoundException('File not found');
      throw error; // StorageUnavailableError: 503
    }
    try {
      if (counted) await this.count(target.documentId, counted, { requestId: proxyRequestId(req), client: req.ip });
    } catch (error) {
      body.destroy();
      clearFileHeaders(res);
      throw error;
    }
    res.setHeader('Accept-Ranges', 'bytes');
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader('Content-Length', range.end - range.start + 1);
    } else {
      res.status(200);
      res.setHeader('Content-Length', file.size);
    }
    try {
      await pipeline(body, res);
    } catch (error) {
      // The client went away, or the bucket's stream broke mid-transfer: the answer is already on its way.
      if (!res.writableFinished && (error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        this.logger.warn({ err: error, path: target.path }, 'Download from the bucket broke off');
      }
    }
  }

  private lastSweep = 0;

  /** Request ids older than an hour can no longer be retried: forgotten, at most every ten minutes per instance. */
  private forgetOldRequestIds(): void {
    if (Date.now() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = Date.now();
    this.db
      .query(`DELETE FROM counted_requests WHERE counted_at < now() - interval '1 hour'`)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not forget old request ids'));
  }

  /** One view of a document by `client` (its address; the viewer's POST /document_views.php). */
  countView(documentId: number, client: string): Promise<void> {
    return this.count(documentId, 'views', { client });
  }

  /**
   * One count. With `requestId` (the proxy's id of this request, which nginx keeps when it retries the request on
   * another replica), the count is kept once per request id: a replica that counted and died before answering does
   * not make the retry count again. The id is recorded in the same statement as the count. `client` (the address
   * that counted) reads its own count at once from the read cache.
   */
  private async count(
    documentId: number,
    kind: 'downloads' | 'views',
    { requestId, client }: { requestId?: string; client?: string },
  ): Promise<void> {
    const update =
      kind === 'downloads'
        ? 'UPDATE documents SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = $1'
        : 'UPDATE documents SET views = views + 1 WHERE id = $1';
    if (requestId) {
      await this.db.query(
        `WITH first AS (INSERT INTO counted_requests (id) VALUES ($2) ON CONFLICT DO NOTHING RETURNING 1)
         ${update} AND EXISTS (SELECT 1 FROM first)`,
        [documentId, `${kind}:${requestId}`],
      );
      this.forgetOldRequestIds();
    } else {
      await this.db.query(update, [documentId]);
    }
    // Cached public answers that show download counts may lag from now on (for this client: not at all).
    this.readCache.countersChanged(client);
  }
}

/**
 * What a request counts, if anything. Opening a PDF to read it is a view, not a download: its own counter,
 * shown to admins; a reader opening the file is a GET from its first byte (a viewer's later range requests do not
 * count again). A download is a GET that delivers the whole file. The site's viewer (`stream`) counts its view on
 * its own; HEAD and 304 count nothing.
 */
function whatCounts(
  req: Request,
  delivery: Delivery,
  showInline: boolean,
  answer: RangeAnswer | 'not-modified',
  size: number,
): 'downloads' | 'views' | null {
  if (delivery === 'stream' || req.method !== 'GET' || answer === 'not-modified') return null;
  if (showInline) return !req.headers.range || /^bytes=0-/.test(req.headers.range) ? 'views' : null;
  return deliversWholeFile(answer, size) ? 'downloads' : null;
}

function rangeRequest(req: Request) {
  const ifRange = req.headers['if-range'];
  return {
    range: req.headers.range,
    ifRange: Array.isArray(ifRange) ? ifRange[0] : ifRange,
    parse: (size: number) => req.range(size, { combine: true }),
  };
}

function clearFileHeaders(res: Response): void {
  for (const header of DOWNLOAD_HEADERS) res.removeHeader(header);
}

/** 416 as JSON, with the size the client can ask within. */
function unsatisfiable(res: Response, file: StoredObject): void {
  clearFileHeaders(res);
  res.setHeader('Content-Range', `bytes */${file.size}`);
  res.status(416).json({ error: 'Requested range not satisfiable' });
}

/**
 * The request id a trusted proxy gave this request (nginx's $request_id: 32 hex digits), or undefined when the
 * request did not come through one (a visitor's own X-Request-Id is never believed).
 */
export function proxyRequestId(req: Request): string | undefined {
  const id = req.headers['x-request-id'];
  if (typeof id !== 'string' || !/^[0-9a-f]{16,64}$/.test(id)) return undefined;
  const trusted = req.app?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const address = req.socket.remoteAddress;
  return typeof trusted === 'function' && address !== undefined && trusted(address, 0) ? id : undefined;
}
