import { DynamicModule, Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { poolOptions } from './pool-options';
import { SqlPool } from './sql-pool';

export interface DatabaseOptions {
  /** A postgres:// URL: a real server, or the embedded PGlite socket. */
  url: string;
  /** Connection pool size. */
  poolSize: number;
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
