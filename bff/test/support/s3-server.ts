import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  CreateBucketCommand,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver, from the npm registry) started in this process on a free port with its own
 * folder: what STORAGE=s3 is tested against. `env(bucket)` is the BFF's environment for a bucket of it.
 */
export interface TestS3 {
  endpoint: string;
  /** A client of our own, to look into the bucket behind the BFF's back. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  env(bucket: string, extra?: Record<string, string>): Record<string, string>;
  keys(bucket: string): Promise<string[]>;
  get(bucket: string, key: string): Promise<Buffer>;
  put(bucket: string, key: string, body: Buffer): Promise<void>;
  close(): Promise<void>;
}

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'ppl-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | undefined;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    env: (bucket, extra = {}) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async get(bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const chunks: Buffer[] = [];
      for await (const chunk of object.Body as Readable) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async put(bucket, key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    close() {
      closed ??= (async () => {
        client.destroy();
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
