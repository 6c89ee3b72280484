import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Options } from '../config/app-config';
import {
  contentTypeOf,
  StoredFileMissingError,
  StorageUnavailableError,
  type ByteRange,
  type StorageBackend,
  type StoredObject,
  type TemporaryUrlHeaders,
} from './storage-backend';

/**
 * Files up to this size go up in one streamed PutObject (nothing buffered); larger ones as a multipart upload of
 * parts this size, two in flight (lib-storage buffers each part: at most 16 MB per upload in memory).
 */
export const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** A presigned download URL works this long: enough to follow the redirect, too short to pass around. */
export const PRESIGNED_URL_SECONDS = 60;

function clientConfig(options: S3Options, endpoint: string | undefined): S3ClientConfig {
  return {
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle,
    // Unset: the SDK's own chain (AWS_* variables, a workload or instance role). Never logged.
    credentials: options.credentials,
    // Many S3-compatible servers refuse the CRC checksums recent SDKs add by default; the product keeps its own
    // SHA-256 of every file (and the copy command verifies against it).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 5_000,
      // A socket with no traffic for this long is given up (a download's client that stopped reading, a dead server).
      socketTimeout: 60_000,
      // Every download streamed from the bucket holds a socket for its duration (the default is 50).
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  };
}

/** Whether an SDK error means "no such object" (HeadObject answers a bare 404, GetObject NoSuchKey). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** What may be logged of a failed call: the operation, the key, the error's name, status and message. */
export interface S3Failure {
  operation: string;
  key: string | undefined;
  error: string;
  status: number | undefined;
  message: string;
}

/**
 * The bytes of `range` out of what the server sent. Some S3-compatible servers ignore a range they find odd (s3rver
 * answers `bytes=0-0` with the whole object): the part asked for is cut out of their answer, so a response never
 * carries more bytes than its Content-Length says.
 */
function exactRange(body: Readable, range: ByteRange, contentRange: string | undefined): Readable {
  const sent = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  if (sent && Number(sent[1]) === range.start && Number(sent[2]) === range.end) return body;
  let skip = range.start - Number(sent?.[1] ?? 0);
  let left = range.end - range.start + 1;
  if (skip < 0) throw new Error(`The bucket answered another range (${contentRange}) than asked for`);
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let part = chunk;
      if (skip > 0) {
        const dropped = Math.min(skip, part.length);
        part = part.subarray(dropped);
        skip -= dropped;
      }
      if (left > 0 && part.length > 0) {
        if (part.length > left) part = part.subarray(0, left);
        left -= part.length;
        this.push(part);
        if (left === 0) {
          this.push(null);
          body.destroy(); // the rest is not needed
        }
      }
      done();
    },
  });
  body.once('error', (error) => cut.destroy(error));
  return body.pipe(cut);
}

/**
 * Objects in an S3-compatible bucket (`STORAGE=s3`), through the AWS SDK v3. A missing object is null (stat) or
 * StoredFileMissingError (open); any other failure is a StorageUnavailableError (503), reported to `onFailure`.
 */
export class S3Backend implements StorageBackend {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  /** Signs presigned URLs for the endpoint browsers reach (S3_PUBLIC_ENDPOINT); signing makes no request. */
  private readonly signer: S3Client;

  constructor(
    options: S3Options,
    private readonly onFailure: (failure: S3Failure) => void = () => undefined,
  ) {
    this.client = new S3Client(clientConfig(options, options.endpoint));
    this.signer = options.publicEndpoint ? new S3Client(clientConfig(options, options.publicEndpoint)) : this.client;
    this.bucket = options.bucket;
  }

  /** Runs one call; failures other than a missing object become StorageUnavailableError. */
  private async call<T>(operation: string, key: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StoredFileMissingError || error instanceof StorageUnavailableError) throw error;
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      this.onFailure({
        operation,
        key,
        error: e.name ?? 'Error',
        status: e.$metadata?.httpStatusCode,
        message: String(e.message ?? error),
      });
      throw new StorageUnavailableError(error);
    }
  }

  putFile(key: string, source: string, how: 'move' | 'keep'): Promise<void> {
    return this.call('put', key, () => this.upload(key, source, how));
  }

  private async upload(key: string, source: string, how: 'move' | 'keep'): Promise<void> {
    const { size } = await stat(source);
    const ContentType = contentTypeOf(key);
    if (size <= PART_SIZE) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(source),
          ContentLength: size,
          ContentType,
        }),
      );
      return this.dropSource(source, how);
    }
    // A failed multipart upload is aborted (leavePartsOnError: false): no object and no parts are left.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(source), ContentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    }).done();
    await this.dropSource(source, how);
  }

  /** A moved upload's temporary file goes at once (its request would remove it at the end anyway). */
  private async dropSource(source: string, how: 'move' | 'keep'): Promise<void> {
    if (how === 'move') await rm(source, { force: true });
  }

  putBytes(key: string, bytes: Buffer): Promise<void> {
    return this.call('put', key, async () => {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentTypeOf(key) }),
      );
    });
  }

  stat(key: string): Promise<StoredObject | null> {
    return this.call('head', key, async () => {
      try {
        const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag ?? `"${(head.ContentLength ?? 0).toString(16)}"`,
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  open(key: string, options: { range?: ByteRange; highWaterMark?: number } = {}): Promise<Readable> {
    const { range } = options;
    return this.call('get', key, async () => {
      try {
        const object = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const body = object.Body as Readable;
        return range ? exactRange(body, range, object.ContentRange) : body;
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileMissingError(key);
        throw error;
      }
    });
  }

  remove(key: string): Promise<void> {
    return this.call('delete', key, async () => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    });
  }

  /** Every key under a prefix (restore and the copy command; the product itself never lists the bucket). */
  async *list(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.call('list', prefix, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Objects are not on this machine's disk. */
  localPath(): string | null {
    return null;
  }

  /** A URL that GETs the object for PRESIGNED_URL_SECONDS, answered with these Content-Type and Content-Disposition. */
  temporaryUrl(key: string, response: TemporaryUrlHeaders): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition,
        ResponseCacheControl: 'private, no-cache',
      }),
      { expiresIn: PRESIGNED_URL_SECONDS },
    );
  }

  close(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
