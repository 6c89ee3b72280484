import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import type { StorageEngine } from 'multer';

/** How many leading bytes decide a file's type (a DOCX needs its zip's first entries). */
export const SNIFF_BYTES = 64 * 1024;

/** What the engine adds to each uploaded file. */
export interface SniffedFile {
  /** The temporary file holding the upload (removed when the request ends, unless it was moved into storage). */
  path: string;
  size: number;
  /** file-type's name for the first bytes ("pdf", "cfb", "docx"…), or undefined when unknown or empty. */
  detected: string | undefined;
  /** SHA-256 (hex) of every byte received, computed as they pass (provenance, identical uploads). */
  sha256: string;
}

/** The temporary files of one request, so that every path out of it can remove them. */
export interface UploadScratch {
  paths: Set<string>;
  streams: Set<WriteStream>;
  /** Bytes of file content received so far in this request. */
  bytes: number;
}

const SCRATCH = Symbol('uploadScratch');
type WithScratch = Request & { [SCRATCH]?: UploadScratch };

export function scratchOf(req: Request): UploadScratch {
  const r = req as WithScratch;
  r[SCRATCH] ??= { paths: new Set(), streams: new Set(), bytes: 0 };
  return r[SCRATCH];
}

/** Closes and removes every temporary file of the request (idempotent; a moved file is simply gone already). */
export async function discardScratch(req: Request): Promise<void> {
  const scratch = (req as WithScratch)[SCRATCH];
  if (!scratch) return;
  for (const stream of scratch.streams) stream.destroy();
  scratch.streams.clear();
  const paths = [...scratch.paths];
  scratch.paths.clear();
  await Promise.all(paths.map((p) => rm(p, { force: true })));
}

export class RequestTooLargeError extends PayloadTooLargeException {}

/**
 * A multer storage engine that streams each file to a temporary file (never into memory) and sniffs its type from
 * the first bytes as they pass. The whole request's file content is capped at `maxRequestBytes`: past it the upload
 * stops with 413. A file whose first bytes are not a document is not written further (its content is drained).
 */
export class DiskUploadStorage implements StorageEngine {
  constructor(
    private readonly tempDir: string,
    private readonly maxRequestBytes: number,
    private readonly tooLargeMessage: string,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    this.store(req, file).then(
      (info) => callback(null, info as Partial<Express.Multer.File>),
      (error: unknown) => callback(error),
    );
  }

  _removeFile(req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    scratchOf(req).paths.delete(file.path);
    rm(file.path, { force: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  private async store(req: Request, file: Express.Multer.File): Promise<SniffedFile> {
    const scratch = scratchOf(req);
    await mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const path = join(this.tempDir, `${randomUUID()}.upload`);
    scratch.paths.add(path);
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    scratch.streams.add(out);
    const sniffer = new Sniffer(scratch, this.maxRequestBytes, this.tooLargeMessage);
    try {
      await pipeline(file.stream, sniffer, out);
    } catch (error) {
      await rm(path, { force: true });
      scratch.paths.delete(path);
      throw error;
    } finally {
      scratch.streams.delete(out);
    }
    return { path, size: sniffer.size, detected: await sniffer.detected, sha256: sniffer.sha256 };
  }
}

/** Passes bytes through, counts them against the request's cap, and detects the type from the first SNIFF_BYTES. */
class Sniffer extends Transform {
  size = 0;
  private readonly hash: Hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private verdict: Promise<string | undefined> | undefined;
  /** Once the head is known not to be a document, nothing more is written to disk. */
  private rejected = false;

  constructor(
    private readonly scratch: UploadScratch,
    private readonly maxRequestBytes: number,
    private readonly tooLargeMessage: string,
  ) {
    super();
  }

  get detected(): Promise<string | undefined> {
    return this.verdict ?? this.decide();
  }

  /** The digest of every byte seen (read once the stream has ended). */
  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    this.scratch.bytes += chunk.length;
    if (this.scratch.bytes > this.maxRequestBytes) {
      callback(new RequestTooLargeError(this.tooLargeMessage));
      return;
    }
    if (this.rejected) {
      callback();
      return;
    }
    if (this.verdict) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      callback();
      return;
    }
    this.decide().then(
      (type) => {
        this.rejected = !type || !DOCUMENT_TYPES.has(type);
        this.flushHead(callback);
      },
      (error: unknown) => callback(error as Error),
    );
  }

  override _flush(callback: TransformCallback): void {
    if (this.verdict) {
      callback();
      return;
    }
    this.decide().then(
      () => this.flushHead(callback),
      (error: unknown) => callback(error as Error),
    );
  }

  private decide(): Promise<string | undefined> {
    this.verdict ??= (async () => {
      const head = Buffer.concat(this.head);
      if (head.length === 0) return undefined;
      try {
        return (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.ext;
      } catch {
        return undefined;
      }
    })();
    return this.verdict;
  }

  private flushHead(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    callback(null, this.rejected ? undefined : head);
  }
}

/** file-type names of the formats an upload may be (see document-type.ts). */
const DOCUMENT_TYPES = new Set(['pdf', 'cfb', 'docx']);
