import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppLogger } from './logging/logging.module';
import { setupOpenApi } from './openapi/openapi';
import type { AppConfig } from './config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres';
import { ReadCache } from './read-cache/read-cache';
import { readCacheMiddleware } from './read-cache/read-cache.middleware';
import { SeedService } from './seed/seed.service';

export const API_PREFIX = 'backend/api';
/** JSON and urlencoded bodies above this answer 413 (uploads are multipart, limited by the maxFileSize setting). */
export const JSON_BODY_LIMIT = '1mb';

export interface RunningBff {
  app: INestApplication;
  /** The embedded database when no DATABASE_URL was given. */
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

/**
 * Creates the BFF (without listening): starts the embedded PGlite when no DATABASE_URL is set, runs migrations,
 * then seeds. Used by main.ts and by the integration tests, so both boot exactly the same application.
 */
export async function createBff(config: AppConfig, options: { seed?: boolean } = {}): Promise<RunningBff> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  let app: NestExpressApplication | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({ config, databaseUrl, poolSize: embedded ? Math.min(10, embedded.maxConnections - 2) : 20 }),
      { bufferLogs: true, abortOnError: false, bodyParser: false },
    );
    app.useLogger(app.get(AppLogger));
    app.setGlobalPrefix(API_PREFIX);
    app.disable('x-powered-by');
    app.set('trust proxy', 'loopback');
    // Security headers. No Content-Security-Policy: the API answers JSON and files (a CSP there would only break
    // the browser's PDF viewer and the OpenAPI UI); the pages' CSP belongs to the front ends' server.
    app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } }));
    // Anonymous public reads from memory until the data changes (read-cache/); misses continue below.
    app.use(readCacheMiddleware(app.get(ReadCache)));
    // gzip for JSON; downloads (they carry a Content-Disposition) keep their exact bytes, length and ranges.
    app.use(
      compression({
        filter: (req: Request, res: Response) => !res.getHeader('Content-Disposition') && compression.filter(req, res),
      }),
    );
    app.use(cookieParser());
    app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
    app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });
    setupOpenApi(app, API_PREFIX);
    await app.init();
    if (options.seed !== false) await app.get(SeedService).run();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
  const started = app;
  return {
    app: started,
    embedded,
    async close() {
      await started.close();
      await embedded?.stop();
    },
  };
}
