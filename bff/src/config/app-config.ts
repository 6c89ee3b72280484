import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return value;
};

/** Express's `trust proxy` values we accept: false, a hop count, or named ranges / addresses / CIDRs. */
const PROXY_ENTRY = '(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\\/\\d{1,3})?)';
const TRUST_PROXY_PATTERN = new RegExp(`^(?:false|\\d{1,2}|${PROXY_ENTRY}(?:\\s*,\\s*${PROXY_ENTRY})*)$`);

/** The environment the BFF accepts. Every value is checked at start-up. */
export class EnvironmentVariables {
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'PORT must be a whole number between 0 and 65535' })
  @Min(0, { message: 'PORT must be a whole number between 0 and 65535' })
  @Max(65535, { message: 'PORT must be a whole number between 0 and 65535' })
  PORT!: number;

  @IsString()
  HOST!: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @IsString()
  DATA_DIR!: string;

  @IsOptional()
  @IsString()
  UPLOAD_DIR?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+$/, { message: 'SITE_URL must be an origin such as http://localhost:3000' })
  SITE_URL?: string;

  @IsOptional()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be a valid email address' })
  ADMIN_EMAIL?: string;

  @IsOptional()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters long' })
  ADMIN_PASSWORD?: string;

  @Transform(toBoolean)
  @IsBoolean({ message: 'SEED_DEMO must be true or false' })
  SEED_DEMO!: boolean;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL!: string;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'READ_CACHE_MB must be a whole number between 0 and 1024' })
  @Min(0, { message: 'READ_CACHE_MB must be a whole number between 0 and 1024' })
  @Max(1024, { message: 'READ_CACHE_MB must be a whole number between 0 and 1024' })
  READ_CACHE_MB!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'READ_CACHE_COUNTS_MAX_AGE must be a whole number of seconds between 0 and 3600' })
  @Min(0, { message: 'READ_CACHE_COUNTS_MAX_AGE must be a whole number of seconds between 0 and 3600' })
  @Max(3600, { message: 'READ_CACHE_COUNTS_MAX_AGE must be a whole number of seconds between 0 and 3600' })
  READ_CACHE_COUNTS_MAX_AGE!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  @Min(1, { message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  @Max(4096, { message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  MAX_UPLOAD_MB!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  @Min(0, { message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  @Max(100000, { message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  PUBLIC_WRITE_LIMIT!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SESSION_ZIP_LIMIT must be a whole number between 0 and 100000' })
  @Min(0, { message: 'SESSION_ZIP_LIMIT must be a whole number between 0 and 100000' })
  @Max(100000, { message: 'SESSION_ZIP_LIMIT must be a whole number between 0 and 100000' })
  SESSION_ZIP_LIMIT!: number;

  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges',
  })
  TRUST_PROXY!: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/,]+(,\s*https?:\/\/[^\s/,]+)*$/, {
    message: 'ALLOWED_ORIGINS must be a comma-separated list of origins such as https://papers.example.org',
  })
  ALLOWED_ORIGINS?: string;

  @Transform(toBoolean)
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE!: boolean;

  @IsIn(['public', 'admin'], { message: 'API_DOCS must be public or admin' })
  API_DOCS!: string;

  @IsOptional()
  @MinLength(32, { message: 'INTERNAL_TOKEN must be at least 32 characters long' })
  INTERNAL_TOKEN?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM!: string;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'MAIL_POLL_MS must be a whole number between 50 and 600000' })
  @Min(50, { message: 'MAIL_POLL_MS must be a whole number between 50 and 600000' })
  @Max(600000, { message: 'MAIL_POLL_MS must be a whole number between 50 and 600000' })
  MAIL_POLL_MS!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'MAIL_RETRY_BASE_MS must be a whole number between 10 and 600000' })
  @Min(10, { message: 'MAIL_RETRY_BASE_MS must be a whole number between 10 and 600000' })
  @Max(600000, { message: 'MAIL_RETRY_BASE_MS must be a whole number between 10 and 600000' })
  MAIL_RETRY_BASE_MS!: number;

  @Transform(toBoolean)
  @IsBoolean({ message: 'DOCUMENT_TEXT_WORKER must be true or false' })
  DOCUMENT_TEXT_WORKER!: boolean;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'DOCUMENT_TEXT_POLL_MS must be a whole number between 50 and 600000' })
  @Min(50, { message: 'DOCUMENT_TEXT_POLL_MS must be a whole number between 50 and 600000' })
  @Max(600000, { message: 'DOCUMENT_TEXT_POLL_MS must be a whole number between 50 and 600000' })
  DOCUMENT_TEXT_POLL_MS!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'DOCUMENT_TEXT_RETRY_BASE_MS must be a whole number between 10 and 3600000' })
  @Min(10, { message: 'DOCUMENT_TEXT_RETRY_BASE_MS must be a whole number between 10 and 3600000' })
  @Max(3600000, { message: 'DOCUMENT_TEXT_RETRY_BASE_MS must be a whole number between 10 and 3600000' })
  DOCUMENT_TEXT_RETRY_BASE_MS!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'DOCUMENT_TEXT_TIMEOUT_MS must be a whole number between 1000 and 3600000' })
  @Min(1000, { message: 'DOCUMENT_TEXT_TIMEOUT_MS must be a whole number between 1000 and 3600000' })
  @Max(3600000, { message: 'DOCUMENT_TEXT_TIMEOUT_MS must be a whole number between 1000 and 3600000' })
  DOCUMENT_TEXT_TIMEOUT_MS!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'DOCUMENT_TEXT_MEMORY_MB must be a whole number between 64 and 16384' })
  @Min(64, { message: 'DOCUMENT_TEXT_MEMORY_MB must be a whole number between 64 and 16384' })
  @Max(16384, { message: 'DOCUMENT_TEXT_MEMORY_MB must be a whole number between 64 and 16384' })
  DOCUMENT_TEXT_MEMORY_MB!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_RATE_LIMIT must be a whole number between 0 and 100000' })
  @Min(0, { message: 'SEARCH_RATE_LIMIT must be a whole number between 0 and 100000' })
  @Max(100000, { message: 'SEARCH_RATE_LIMIT must be a whole number between 0 and 100000' })
  SEARCH_RATE_LIMIT!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_STATEMENT_TIMEOUT_MS must be a whole number between 0 and 600000' })
  @Min(0, { message: 'SEARCH_STATEMENT_TIMEOUT_MS must be a whole number between 0 and 600000' })
  @Max(600000, { message: 'SEARCH_STATEMENT_TIMEOUT_MS must be a whole number between 0 and 600000' })
  SEARCH_STATEMENT_TIMEOUT_MS!: number;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_CONCURRENCY must be a whole number between 1 and 256' })
  @Min(1, { message: 'SEARCH_CONCURRENCY must be a whole number between 1 and 256' })
  @Max(256, { message: 'SEARCH_CONCURRENCY must be a whole number between 1 and 256' })
  SEARCH_CONCURRENCY?: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_QUEUE must be a whole number between 0 and 10000' })
  @Min(0, { message: 'SEARCH_QUEUE must be a whole number between 0 and 10000' })
  @Max(10000, { message: 'SEARCH_QUEUE must be a whole number between 0 and 10000' })
  SEARCH_QUEUE!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_QUEUE_WAIT_MS must be a whole number between 1 and 60000' })
  @Min(1, { message: 'SEARCH_QUEUE_WAIT_MS must be a whole number between 1 and 60000' })
  @Max(60000, { message: 'SEARCH_QUEUE_WAIT_MS must be a whole number between 1 and 60000' })
  SEARCH_QUEUE_WAIT_MS!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'SEARCH_MAX_CANDIDATES must be a whole number between 100 and 1000000' })
  @Min(100, { message: 'SEARCH_MAX_CANDIDATES must be a whole number between 100 and 1000000' })
  @Max(1000000, { message: 'SEARCH_MAX_CANDIDATES must be a whole number between 100 and 1000000' })
  SEARCH_MAX_CANDIDATES!: number;

  @IsIn(['local', 's3'], { message: 'STORAGE must be local or s3' })
  STORAGE!: string;

  @IsIn(['bff', 'x-accel'], { message: 'FILE_DELIVERY must be bff or x-accel' })
  FILE_DELIVERY!: string;

  @Matches(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/$/, {
    message: 'X_ACCEL_PREFIX must be a path that starts and ends with a slash, such as /_protected_files/',
  })
  X_ACCEL_PREFIX!: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, {
    message: 'S3_ENDPOINT must be an http:// or https:// URL without a path, such as https://s3.example.org',
  })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, {
    message: 'S3_PUBLIC_ENDPOINT must be an http:// or https:// URL without a path, such as https://files.example.org',
  })
  S3_PUBLIC_ENDPOINT?: string;

  /** Required with STORAGE=s3 (the copy command asks for it on its own). */
  @ValidateIf((env: EnvironmentVariables) => env.STORAGE === 's3' || env.S3_BUCKET !== undefined)
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message:
      'S3_BUCKET must name the bucket (3 to 63 lowercase letters, digits, dots and hyphens); it is required with STORAGE=s3',
  })
  S3_BUCKET?: string;

  @Matches(/^[a-z0-9-]{2,32}$/, { message: 'S3_REGION must be a region name such as us-east-1' })
  S3_REGION!: string;

  /** Both or neither: without them the SDK's own chain is used (AWS_* variables, a workload or instance role). */
  @ValidateIf(
    (env: EnvironmentVariables) => env.S3_SECRET_ACCESS_KEY !== undefined || env.S3_ACCESS_KEY_ID !== undefined,
  )
  @IsString({ message: 'S3_ACCESS_KEY_ID must be set together with S3_SECRET_ACCESS_KEY' })
  @MinLength(1, { message: 'S3_ACCESS_KEY_ID must be set together with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf(
    (env: EnvironmentVariables) => env.S3_ACCESS_KEY_ID !== undefined || env.S3_SECRET_ACCESS_KEY !== undefined,
  )
  @IsString({ message: 'S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID' })
  @MinLength(1, { message: 'S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBoolean)
  @IsBoolean({ message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE!: boolean;

  @IsIn(['stream', 'redirect'], { message: 'S3_DELIVERY must be stream or redirect' })
  S3_DELIVERY!: string;
}

/** Request-level settings: who may set X-Forwarded-*, which other origins may write, cookie and docs policy. */
export interface WebOptions {
  /** Express `trust proxy`: the proxies whose X-Forwarded-For / -Proto are believed. */
  trustProxy: boolean | number | string[];
  /** Origins besides the request's own allowed to send writes (split deployments on several hosts). */
  allowedOrigins: string[];
  /** Mark the session cookie Secure (set when the product is served over HTTPS). */
  cookieSecure: boolean;
  /** Whether the OpenAPI UI and JSON are public or for signed-in admins only. */
  apiDocs: 'public' | 'admin';
  /**
   * The shared secret of the product's own servers (the shell's server subscribes to data versions with it, issue
   * 13); without it the internal endpoints answer 404.
   */
  internalToken?: string;
}

/** Outgoing mail (the inquiry notifications): off without an SMTP server. */
export interface MailOptions {
  smtpUrl: string | undefined;
  from: string;
  /** How often the outbox is looked at. */
  pollMs: number;
  /** The first retry's wait; each further one doubles it (at most 15 minutes). */
  retryBaseMs: number;
}

export const DEFAULT_MAIL_OPTIONS: MailOptions = {
  smtpUrl: undefined,
  from: 'Past Paper Library <no-reply@pastpaperlibrary.example>',
  pollMs: 2000,
  retryBaseMs: 5000,
};

/** Search: the documents' text extraction and the public search's rate limit. */
export interface SearchOptions {
  /** Whether this process reads the text of new documents (any number of processes may; each file is read once). */
  extractText: boolean;
  /** How often the extraction queue is looked at. */
  pollMs: number;
  /** The first retry's wait for a document that could not be read (doubling, at most 6 hours). */
  retryBaseMs: number;
  /** The longest the reader may take over one file (ms); then it is killed and the file failed. */
  readTimeoutMs: number;
  /** The reader process's resident memory bound (MB); over it the reader is killed and the file failed. */
  readMemoryMb: number;
  /**
   * Searches one client may make per minute, whether it asks the API or the server-rendered /search page (the
   * renderer forwards the visitor's address); 0 turns the limit off.
   */
  rateLimitPerMinute: number;
  /**
   * The longest one search statement may run on PostgreSQL (its connections' `statement_timeout`), in ms; over it the
   * search answers 503. 0: no limit. The embedded database cannot interrupt a statement: there the bound is
   * `maxCandidatePages` and one search at a time.
   */
  statementTimeoutMs: number;
  /**
   * Searches computed at once by this process; null: 1 on the embedded database (one session: other requests'
   * statements then wait for at most one search statement), 8 on PostgreSQL.
   */
  concurrency: number | null;
  /** Searches that may wait for a free slot; one more answers 503 with Retry-After at once. */
  queueLength: number;
  /** How long a search may wait for a free slot before it answers 503 with Retry-After. */
  queueWaitMs: number;
  /** The most pages a word query ranks (the first the index gives); rarer words are ranked in full. */
  maxCandidatePages: number;
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  extractText: true,
  pollMs: 1000,
  retryBaseMs: 30_000,
  readTimeoutMs: 60_000,
  readMemoryMb: 512,
  rateLimitPerMinute: 120,
  statementTimeoutMs: 2000,
  concurrency: null,
  queueLength: 64,
  queueWaitMs: 2000,
  maxCandidatePages: 200,
};

/** The bucket of STORAGE=s3 (and of the copy command). Credentials stay here and in the S3 client: never logged. */
export interface S3Options {
  /** Unset for AWS itself (the SDK derives it from the region); MinIO, Ceph, R2 ... need it. */
  endpoint: string | undefined;
  /** The endpoint browsers reach for presigned URLs (S3_DELIVERY=redirect), when it differs from `endpoint`. */
  publicEndpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (AWS_* variables, a workload or instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Where stored files live and how downloads reach the client (bff/README.md "Files"). */
export interface StorageOptions {
  kind: 'local' | 's3';
  /** With STORAGE=s3: the bucket. Also set with STORAGE=local when S3_BUCKET is given (the copy command's target). */
  s3: S3Options | undefined;
  /**
   * Local files: streamed by the BFF (`bff`), or handed to nginx with X-Accel-Redirect after the BFF authorised and
   * counted them (`x-accel`).
   */
  fileDelivery: 'bff' | 'x-accel';
  /** The internal nginx location X-Accel-Redirect points into (the stored path is appended). */
  xAccelPrefix: string;
  /** Objects: streamed through the BFF (`stream`), or a short-lived presigned redirect (`redirect`). */
  s3Delivery: 'stream' | 'redirect';
}

export const DEFAULT_STORAGE_OPTIONS: StorageOptions = {
  kind: 'local',
  s3: undefined,
  fileDelivery: 'bff',
  xAccelPrefix: '/_protected_files/',
  s3Delivery: 'stream',
};

export const DEFAULT_WEB_OPTIONS: WebOptions = {
  trustProxy: ['loopback'],
  allowedOrigins: [],
  cookieSecure: false,
  apiDocs: 'public',
};

function parseTrustProxy(value: string): WebOptions['trustProxy'] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Public answers' counts may lag this much in the BFF's read cache; the renderer's pages (SSR_COUNTS_MAX_AGE, 30 s) add
 * at most as much again, so a public page's counts are never more than a minute behind.
 */
export const DEFAULT_READ_CACHE_COUNTS_MAX_AGE_S = 30;

/** Resolved, validated configuration the application runs with. */
export class AppConfig {
  constructor(
    readonly port: number,
    readonly host: string,
    readonly databaseUrl: string | undefined,
    readonly dataDir: string,
    readonly uploadDir: string,
    readonly jwtSecret: string,
    readonly adminEmail: string | undefined,
    readonly adminPassword: string | undefined,
    readonly seedDemo: boolean,
    readonly logLevel: string,
    /** Memory for cached public reads (0 turns the cache off). */
    readonly readCacheMb: number,
    /** The cap on one multipart request (all its files together), in MB. */
    readonly maxUploadMb = 256,
    /** Contact messages (public writes) one client may send per 10 minutes; 0 turns the limit off. */
    readonly publicWriteLimit = 10,
    readonly web: WebOptions = DEFAULT_WEB_OPTIONS,
    readonly mail: MailOptions = DEFAULT_MAIL_OPTIONS,
    readonly search: SearchOptions = DEFAULT_SEARCH_OPTIONS,
    /** Session zips one client may download per 10 minutes; 0 turns the limit off. */
    readonly sessionZipLimit = 30,
    readonly storage: StorageOptions = DEFAULT_STORAGE_OPTIONS,
    /**
     * How long a cached public answer may keep showing download and view counts that have moved since (seconds; 0:
     * dropped at the next counted download). Content changes drop it at once whatever this says.
     */
    readonly readCacheCountsMaxAgeS = DEFAULT_READ_CACHE_COUNTS_MAX_AGE_S,
    /** Where people open the site (only for addresses printed on the console, such as the first-admin link). */
    readonly siteUrl: string | undefined = undefined,
  ) {}
}

const DEFAULTS: Record<string, string> = {
  PORT: '3001',
  HOST: '0.0.0.0',
  DATA_DIR: './.data',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'info',
  READ_CACHE_MB: '64',
  READ_CACHE_COUNTS_MAX_AGE: String(DEFAULT_READ_CACHE_COUNTS_MAX_AGE_S),
  MAX_UPLOAD_MB: '256',
  PUBLIC_WRITE_LIMIT: '10',
  SESSION_ZIP_LIMIT: '30',
  TRUST_PROXY: 'loopback',
  COOKIE_SECURE: 'false',
  MAIL_FROM: DEFAULT_MAIL_OPTIONS.from,
  MAIL_POLL_MS: String(DEFAULT_MAIL_OPTIONS.pollMs),
  MAIL_RETRY_BASE_MS: String(DEFAULT_MAIL_OPTIONS.retryBaseMs),
  DOCUMENT_TEXT_WORKER: String(DEFAULT_SEARCH_OPTIONS.extractText),
  DOCUMENT_TEXT_POLL_MS: String(DEFAULT_SEARCH_OPTIONS.pollMs),
  DOCUMENT_TEXT_RETRY_BASE_MS: String(DEFAULT_SEARCH_OPTIONS.retryBaseMs),
  DOCUMENT_TEXT_TIMEOUT_MS: String(DEFAULT_SEARCH_OPTIONS.readTimeoutMs),
  DOCUMENT_TEXT_MEMORY_MB: String(DEFAULT_SEARCH_OPTIONS.readMemoryMb),
  SEARCH_RATE_LIMIT: String(DEFAULT_SEARCH_OPTIONS.rateLimitPerMinute),
  SEARCH_STATEMENT_TIMEOUT_MS: String(DEFAULT_SEARCH_OPTIONS.statementTimeoutMs),
  SEARCH_QUEUE: String(DEFAULT_SEARCH_OPTIONS.queueLength),
  SEARCH_QUEUE_WAIT_MS: String(DEFAULT_SEARCH_OPTIONS.queueWaitMs),
  SEARCH_MAX_CANDIDATES: String(DEFAULT_SEARCH_OPTIONS.maxCandidatePages),
  STORAGE: DEFAULT_STORAGE_OPTIONS.kind,
  FILE_DELIVERY: DEFAULT_STORAGE_OPTIONS.fileDelivery,
  X_ACCEL_PREFIX: DEFAULT_STORAGE_OPTIONS.xAccelPrefix,
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: 'false',
  S3_DELIVERY: DEFAULT_STORAGE_OPTIONS.s3Delivery,
};

export function validateEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const plain: Record<string, string> = {
    ...DEFAULTS,
    API_DOCS: env.NODE_ENV === 'production' ? 'admin' : 'public',
  };
  for (const key of Object.keys(DEFAULTS).concat([
    'DATABASE_URL',
    'UPLOAD_DIR',
    'SITE_URL',
    'JWT_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'ALLOWED_ORIGINS',
    'API_DOCS',
    'SMTP_URL',
    'INTERNAL_TOKEN',
    'S3_ENDPOINT',
    'S3_PUBLIC_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'SEARCH_CONCURRENCY',
  ])) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') plain[key] = value.trim();
  }
  const parsed = plainToInstance(EnvironmentVariables, plain);
  const errors = validateSync(parsed, { skipMissingProperties: false, whitelist: false });
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? { invalid: `${e.property} is invalid` }));
  // X-Accel-Redirect hands nginx a file on its own disk: there is none with STORAGE=s3.
  if (parsed.FILE_DELIVERY === 'x-accel' && parsed.STORAGE === 's3') {
    problems.push('FILE_DELIVERY=x-accel needs STORAGE=local (use S3_DELIVERY with STORAGE=s3)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed;
}

/**
 * Builds the application configuration from the environment: validates it, makes folders absolute
 * and creates them, and generates a JWT secret persisted under DATA_DIR when none is given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = validateEnvironment(env);
  const dataDir = isAbsolute(vars.DATA_DIR) ? vars.DATA_DIR : resolve(process.cwd(), vars.DATA_DIR);
  const uploadDir = vars.UPLOAD_DIR
    ? isAbsolute(vars.UPLOAD_DIR)
      ? vars.UPLOAD_DIR
      : resolve(process.cwd(), vars.UPLOAD_DIR)
    : join(dataDir, 'uploads');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(uploadDir, { recursive: true });
  const jwtSecret = vars.JWT_SECRET ?? persistedSecret(join(dataDir, 'jwt-secret'));
  return new AppConfig(
    vars.PORT,
    vars.HOST,
    vars.DATABASE_URL,
    dataDir,
    uploadDir,
    jwtSecret,
    vars.ADMIN_EMAIL?.toLowerCase(),
    vars.ADMIN_PASSWORD,
    vars.SEED_DEMO,
    vars.LOG_LEVEL,
    vars.READ_CACHE_MB,
    vars.MAX_UPLOAD_MB,
    vars.PUBLIC_WRITE_LIMIT,
    {
      trustProxy: parseTrustProxy(vars.TRUST_PROXY),
      allowedOrigins: vars.ALLOWED_ORIGINS ? vars.ALLOWED_ORIGINS.split(',').map((o) => o.trim()) : [],
      cookieSecure: vars.COOKIE_SECURE,
      apiDocs: vars.API_DOCS === 'admin' ? 'admin' : 'public',
      ...(vars.INTERNAL_TOKEN ? { internalToken: vars.INTERNAL_TOKEN } : {}),
    },
    {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      pollMs: vars.MAIL_POLL_MS,
      retryBaseMs: vars.MAIL_RETRY_BASE_MS,
    },
    {
      extractText: vars.DOCUMENT_TEXT_WORKER,
      pollMs: vars.DOCUMENT_TEXT_POLL_MS,
      retryBaseMs: vars.DOCUMENT_TEXT_RETRY_BASE_MS,
      readTimeoutMs: vars.DOCUMENT_TEXT_TIMEOUT_MS,
      readMemoryMb: vars.DOCUMENT_TEXT_MEMORY_MB,
      rateLimitPerMinute: vars.SEARCH_RATE_LIMIT,
      statementTimeoutMs: vars.SEARCH_STATEMENT_TIMEOUT_MS,
      concurrency: vars.SEARCH_CONCURRENCY ?? null,
      queueLength: vars.SEARCH_QUEUE,
      queueWaitMs: vars.SEARCH_QUEUE_WAIT_MS,
      maxCandidatePages: vars.SEARCH_MAX_CANDIDATES,
    },
    vars.SESSION_ZIP_LIMIT,
    {
      kind: vars.STORAGE === 's3' ? 's3' : 'local',
      s3: vars.S3_BUCKET
        ? {
            endpoint: vars.S3_ENDPOINT?.replace(/\/$/, ''),
            publicEndpoint: vars.S3_PUBLIC_ENDPOINT?.replace(/\/$/, ''),
            bucket: vars.S3_BUCKET,
            region: vars.S3_REGION,
            credentials:
              vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      fileDelivery: vars.FILE_DELIVERY === 'x-accel' ? 'x-accel' : 'bff',
      xAccelPrefix: vars.X_ACCEL_PREFIX,
      s3Delivery: vars.S3_DELIVERY === 'redirect' ? 'redirect' : 'stream',
    },
    vars.READ_CACHE_COUNTS_MAX_AGE,
    vars.SITE_URL,
  );
}

function persistedSecret(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
