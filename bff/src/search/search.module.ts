import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { AppConfig } from '../config/app-config';
import { SearchController } from './search.controller';
import { SqlPool } from '../database/sql-pool';
import { poolSearchDatabase, SearchDatabase } from './search-database';
import { SearchGate } from './search-gate';
import { SearchService } from './search.service';

/** Searches computed at once when SEARCH_CONCURRENCY is not set: PGlite is one session, PostgreSQL has a pool. */
const EMBEDDED_CONCURRENCY = 1;
const POSTGRES_CONCURRENCY = 8;

/** GET /search: paper codes, subjects and the text inside the documents. */
@Module({
  imports: [QuestionsModule],
  controllers: [SearchController],
  providers: [
    SearchService,
    {
      provide: SearchGate,
      useFactory: (config: AppConfig) => {
        const embedded = !config.databaseUrl;
        return new SearchGate({
          concurrency: config.search.concurrency ?? (embedded ? EMBEDDED_CONCURRENCY : POSTGRES_CONCURRENCY),
          queueLength: config.search.queueLength,
          queueWaitMs: config.search.queueWaitMs,
        });
      },
      inject: [AppConfig],
    },
    {
      provide: SearchDatabase,
      useFactory: (sql: SqlPool, gate: SearchGate, config: AppConfig) =>
        poolSearchDatabase(sql.pool, {
          gate,
          statementTimeoutMs: config.databaseUrl ? config.search.statementTimeoutMs : 0,
        }),
      inject: [SqlPool, SearchGate, AppConfig],
    },
  ],
})
export class SearchModule {}
