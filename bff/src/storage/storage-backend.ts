import type { Readable } from 'node:stream';
import { ServiceUnavailableException } from '@nestjs/common';

/** What downloads need to know about a stored file before they send it. */
export interface StoredObject {
  size: number;
  /** A strong validator, quoted ("…"): nginx's form for local files, the bucket's ETag for objects. */
  etag: string;
  lastModified: Date;
}

/** A byte range to read, both ends included (as in HTTP); the whole file without one. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where stored files live: the local disk (`STORAGE=local`) or an S3-compatible bucket (`STORAGE=s3`). Keys are the
 * stored paths ("papers/<uuid>.pdf"), already checked by FileStorage; a stored file is written once under a new key
 * and never rewritten, only removed.
 */
export interface StorageBackend {
  readonly kind: 'local' | 's3';
  /**
   * Stores the local file at `source` under `key`, streamed. `move`: the source is not needed afterwards (a rename
   * on the same disk); `keep`: it must stay where it is (a staged import file).
   */
  putFile(key: string, source: string, how: 'move' | 'keep'): Promise<void>;
  /** Stores a few bytes (the seed's demo documents). */
  putBytes(key: string, bytes: Buffer): Promise<void>;
  /** The file's size and validators, or null when there is none under `key`. */
  stat(key: string): Promise<StoredObject | null>;
  /** A stream of the file's bytes (or of a range of them), once the file is known to exist. */
  open(key: string, options?: { range?: ByteRange; highWaterMark?: number }): Promise<Readable>;
  /** Removes the file; a missing one is not an error (removal is idempotent). */
  remove(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` (backups, restores and the copy command; requests never list). */
  list(prefix: string): AsyncGenerator<{ key: string; size: number }>;
  /**
   * The file's absolute path on this machine's disk, for senders that hand a path on (sendFile, X-Accel-Redirect,
   * a reader's child process); null for a bucket, or for a key that would leave the store.
   */
  localPath(key: string): string | null;
  /**
   * A URL that reads the file directly for a short while, answered with these headers (a bucket's presigned URL);
   * null where there is none (the local disk).
   */
  temporaryUrl(key: string, response: TemporaryUrlHeaders): Promise<string | null>;
  /** Releases the backend's connections (at shutdown). */
  close(): void;
}

/** The headers a temporary URL's answer carries. */
export interface TemporaryUrlHeaders {
  contentType: string;
  contentDisposition: string;
}

/** A stored file that is not there (a row whose file was removed by hand, a key never written). */
export class StoredFileMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`Stored file missing: ${key}`);
    this.name = 'StoredFileMissingError';
  }
}

/**
 * The bucket failed (unreachable, refused the credentials, an error of its own): the request answers a clean 503
 * (the global filter), never the SDK's message; what went wrong is logged without credentials.
 */
export class StorageUnavailableError extends ServiceUnavailableException {
  constructor(cause: unknown) {
    super('File storage is temporarily unavailable. Please try again shortly.', { cause });
    this.name = 'StorageUnavailableError';
  }
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The media type of a stored file, from the extension FileStorage gave it. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
