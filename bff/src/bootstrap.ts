import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { json, type Request, type Response } from 'express';
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
import { checkJsonStructure } from './request-guards/json-structure';
import { noStoreForPrivate, refuseNulInUrl, sameOriginWrites } from './request-guards/request-guards';

export const API_PREFIX = 'backend/api';
/** JSON bodies above this answer 413 (uploads are multipart, limited by the maxFileSize setting and MAX_UPLOAD_MB). */
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
    // Only the configured proxies may say who the client is (X-Forwarded-For): the login throttle and the public
    // write limit key on it. Loopback by default (the gateway of `npm start`); compose names its network.
    app.set('trust proxy', config.web.trustProxy);
    // Security headers. No page CSP here: the API answers JSON and files (stored files carry `sandbox`, see
    // downloads/file-sender.service.ts); the pages' CSP belongs to the front ends' server (scripts/gateway.mjs,
    // docker/nginx). Nothing the API answers may be framed.
    app.use(
      helmet({
        contentSecurityPolicy: false,
        crossOriginResourcePolicy: { policy: 'same-site' },
        frameguard: { action: 'deny' },
      }),
    );
    // Anonymous public reads from memory until the data changes (read-cache/); misses continue below.
    app.use(readCacheMiddleware(app.get(ReadCache)));
    // gzip for JSON; downloads (they carry a Content-Disposition) keep their exact bytes, length and ranges, and
    // event streams (internal/versions) are never held back in a compression buffer. A JSON answer leaves in one
    // piece (one gzip chunk up to 512 KB): a replica that dies mid-answer leaves nothing half-sent for nginx to pass
    // on, so nginx can still retry the request on another replica.
    app.use(
      compression({
        chunkSize: 512 * 1024,
        filter: (req: Request, res: Response) =>
          !res.getHeader('Content-Disposition') &&
          !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
          compression.filter(req, res),
      }),
    );
    app.use(cookieParser());
    app.use(refuseNulInUrl);
    app.use(noStoreForPrivate);
    app.use(sameOriginWrites(config.web.allowedOrigins));
    // JSON only (no urlencoded parser: an HTML form cannot post to the API); the body's shape is checked on the raw
    // bytes before it is parsed (request-guards/json-structure.ts). Multipart is parsed only by the routes the spec
    // documents as multipart (uploads/multipart.interceptor.ts); JsonOnlyGuard answers 415 for anything else.
    app.use(json({ limit: JSON_BODY_LIMIT, verify: (_req, _res, body) => checkJsonStructure(body) }));
    setupOpenApi(app, API_PREFIX, config.web.apiDocs);
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
