import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { SearchController } from './search.controller';
import { poolSearchDatabase, SearchDatabase } from './search-database';
import { SearchGate } from './search-gate';
import { SearchService } from './search.service';

/** Searches computed at once when SEARCH_CONCURRENCY is not set: PGlite is one session, PostgreSQL has a pool. */
const EMBEDDED_CONCURRENCY = 1;
const POSTGRES_CONCURRENCY = 8;

/** GET /search (issue 15): paper codes, subjects and the text inside the documents. */
@Module({
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
      useFactory: (db: DataSource, gate: SearchGate, config: AppConfig) =>
        poolSearchDatabase(db, {
          gate,
          statementTimeoutMs: config.databaseUrl ? config.search.statementTimeoutMs : 0,
        }),
      inject: [getDataSourceToken(), SearchGate, AppConfig],
    },
  ],
})
export class SearchModule {}
