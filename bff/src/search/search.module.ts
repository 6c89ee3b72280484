import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { QuestionsModule } from '../questions/questions.module';
import { AppConfig } from '../config/app-config';
import { SearchController } from './search.controller';
import { SqlPool } from '../database/sql-pool';
import { poolSearchDatabase, searchConnections, SearchDatabase } from './search-database';
import { SearchGate } from './search-gate';
import { SearchService } from './search.service';

/** Searches computed at once when SEARCH_CONCURRENCY is not set: PGlite is one session, PostgreSQL has a pool. */
const EMBEDDED_CONCURRENCY = 1;
const POSTGRES_CONCURRENCY = 8;

/** The pool searches run on: search's own on PostgreSQL (see searchConnections), TypeORM's on the embedded one. */
const SEARCH_POOL = Symbol('SEARCH_POOL');

/** GET /search: paper codes, subjects and the text inside the documents. */
@Module({
  imports: [QuestionsModule],
  controllers: [SearchController],
  providers: [
    SearchService,
    {
      provide: SearchGate,
      useFactory: (config: AppConfig) =>
        new SearchGate({
          concurrency: searchConcurrency(config),
          queueLength: config.search.queueLength,
          queueWaitMs: config.search.queueWaitMs,
        }),
      inject: [AppConfig],
    },
    {
      provide: SEARCH_POOL,
      useFactory: (sql: SqlPool, config: AppConfig): Pool =>
        config.databaseUrl
          ? searchConnections(config.databaseUrl, searchConcurrency(config), config.search.statementTimeoutMs)
          : sql.pool,
      inject: [SqlPool, AppConfig],
    },
    {
      provide: SearchDatabase,
      useFactory: (pool: Pool, gate: SearchGate) => poolSearchDatabase(pool, gate),
      inject: [SEARCH_POOL, SearchGate],
    },
  ],
})
export class SearchModule implements OnApplicationShutdown {
  constructor(
    @Inject(SEARCH_POOL) private readonly pool: Pool,
    private readonly sql: SqlPool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // Search's own connections close with the application; TypeORM's pool is closed by TypeORM.
    if (this.pool !== this.sql.pool) await this.pool.end();
  }
}

function searchConcurrency(config: AppConfig): number {
  return config.search.concurrency ?? (config.databaseUrl ? POSTGRES_CONCURRENCY : EMBEDDED_CONCURRENCY);
}
