import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ppl-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies defaults: port 3001, embedded database, uploads under DATA_DIR, demo content on', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadDir).toBe(join(dir, 'uploads'));
    expect(config.seedDemo).toBe(true);
  });

  it('generates a JWT secret once and persists it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number between 0 and 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL must be a valid email address'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters long'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ STORAGE: 'ftp' }, 'STORAGE must be local or s3'],
    [
      { STORAGE: 's3' },
      'S3_BUCKET must name the bucket (3 to 63 lowercase letters, digits, dots and hyphens); it is required with STORAGE=s3',
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'Papers_Bucket' },
      'S3_BUCKET must name the bucket (3 to 63 lowercase letters, digits, dots and hyphens); it is required with STORAGE=s3',
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'papers', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be an http:// or https:// URL without a path, such as https://s3.example.org',
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'papers', S3_ACCESS_KEY_ID: 'key-only' },
      'S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID',
    ],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ S3_DELIVERY: 'cdn' }, 'S3_DELIVERY must be stream or redirect'],
    [{ FILE_DELIVERY: 'nginx' }, 'FILE_DELIVERY must be bff or x-accel'],
    [
      { X_ACCEL_PREFIX: '_protected' },
      'X_ACCEL_PREFIX must be a path that starts and ends with a slash, such as /_protected_files/',
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'papers', FILE_DELIVERY: 'x-accel' },
      'FILE_DELIVERY=x-accel needs STORAGE=local (use S3_DELIVERY with STORAGE=s3)',
    ],
  ])('rejects %j with a clear message', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toContain(message);
  });

  it('keeps files on the local disk, streamed by the BFF, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({
      kind: 'local',
      s3: undefined,
      fileDelivery: 'bff',
      xAccelPrefix: '/_protected_files/',
      s3Delivery: 'stream',
    });
  });

  it('reads the bucket of STORAGE=s3, and never puts a secret in an error message', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'past-papers',
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
      S3_FORCE_PATH_STYLE: 'true',
      S3_DELIVERY: 'redirect',
    });
    expect(config.storage).toMatchObject({
      kind: 's3',
      s3Delivery: 'redirect',
      s3: {
        endpoint: 'http://minio:9000',
        publicEndpoint: undefined,
        bucket: 'past-papers',
        region: 'eu-west-2',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value' },
        forcePathStyle: true,
      },
    });
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, STORAGE: 's3', S3_BUCKET: 'x', S3_SECRET_ACCESS_KEY: 'very-secret-value' });
    } catch (e) {
      error = e;
    }
    expect(String(error)).toContain('S3_ACCESS_KEY_ID must be set together with S3_SECRET_ACCESS_KEY');
    expect(String(error)).not.toContain('very-secret-value');
  });

  it('reads SITE_URL, an origin only', () => {
    expect(loadConfig({ DATA_DIR: dir, SITE_URL: 'http://localhost:3300' }).siteUrl).toBe('http://localhost:3300');
    expect(loadConfig({ DATA_DIR: dir }).siteUrl).toBeUndefined();
    for (const bad of ['localhost:3000', 'http://x/path', 'javascript:alert(1)', 'http://a b']) {
      expect(() => loadConfig({ DATA_DIR: dir, SITE_URL: bad })).toThrow(ConfigError);
    }
  });

  it('reads SEED_DEMO=false', () => {
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
