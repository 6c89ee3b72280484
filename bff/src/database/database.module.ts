import { DynamicModule, Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { Client, type ClientConfig } from 'pg';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SqlPool } from './sql-pool';

export interface DatabaseOptions {
  /** A postgres:// URL: a real server, or the embedded PGlite socket. */
  url: string;
  /** Connection pool size. */
  poolSize: number;
}

/** Opening a connection gives up after this: the database is away, so requests answer 503 at once. */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * Waiting for a free pooled connection gives up after this. Longer than connecting: a burst (hundreds of downloads
 * at once) queues for a few seconds behind a busy pool, and those requests should be served, not refused.
 */
const POOL_WAIT_TIMEOUT_MS = 15_000;
/**
 * No query of this application runs for long: one that has not answered after this is abandoned (503) instead of
 * holding its request, and its connection, for as long as a hung database takes.
 */
const QUERY_TIMEOUT_MS = 30_000;

/**
 * pg-pool uses one `connectionTimeoutMillis` for both waits; the pool keeps the long one and every connection it
 * opens gets the short one.
 */
class QuickConnectClient extends Client {
  constructor(config?: string | ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

/** The `pg` pool's options (TypeORM's `extra`). */
export function poolOptions(poolSize: number, queryTimeoutMs = QUERY_TIMEOUT_MS) {
  return {
    max: poolSize,
    Client: QuickConnectClient,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    query_timeout: queryTimeoutMs,
  };
}

/**
 * TypeORM over the `pg` driver for both PostgreSQL and the embedded PGlite; schema through migrations only. Its `pg`
 * pool is also provided as `SqlPool`, created once the connection is open.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    const sqlPool = new SqlPool();
    return {
      module: DatabaseModule,
      providers: [
        // Injecting the DataSource first makes the pool exist before anything asks for it.
        { provide: SqlPool, useFactory: () => sqlPool, inject: [getDataSourceToken()] },
      ],
      exports: [SqlPool],
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: options.url,
          driver: sqlPool.driver,
          entities: ENTITIES,
          migrations: MIGRATIONS,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
          synchronize: false,
          // Failures reach the exception filter, which logs them (TypeORM's own logger would print parameters to stdout).
          logging: false,
          // Fail fast while the database is away (answered as 503), but let a burst wait for a free connection.
          extra: poolOptions(options.poolSize),
        }),
      ],
    };
  }
}
