import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SearchController } from './search.controller';
import { poolSearchDatabase, SearchDatabase } from './search-database';
import { SearchService } from './search.service';

/** GET /search (issue 15): paper codes, subjects and the text inside the documents. */
@Module({
  controllers: [SearchController],
  providers: [
    SearchService,
    { provide: SearchDatabase, useFactory: (db: DataSource) => poolSearchDatabase(db), inject: [getDataSourceToken()] },
  ],
})
export class SearchModule {}
