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
  validateSync,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return value;
};

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
  @IsInt({ message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  @Min(1, { message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  @Max(4096, { message: 'MAX_UPLOAD_MB must be a whole number between 1 and 4096' })
  MAX_UPLOAD_MB!: number;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  @Min(0, { message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  @Max(100000, { message: 'PUBLIC_WRITE_LIMIT must be a whole number between 0 and 100000' })
  PUBLIC_WRITE_LIMIT!: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

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
  ) {}
}

const DEFAULTS: Record<string, string> = {
  PORT: '3001',
  HOST: '0.0.0.0',
  DATA_DIR: './.data',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'info',
  READ_CACHE_MB: '64',
  MAX_UPLOAD_MB: '256',
  PUBLIC_WRITE_LIMIT: '10',
};

export function validateEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const plain: Record<string, string> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS).concat([
    'DATABASE_URL',
    'UPLOAD_DIR',
    'JWT_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
  ])) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') plain[key] = value.trim();
  }
  const parsed = plainToInstance(EnvironmentVariables, plain);
  const errors = validateSync(parsed, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.flatMap((e) => Object.values(e.constraints ?? { invalid: `${e.property} is invalid` })),
    );
  }
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
