import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /search (issue 15): paper codes, subjects and the text inside the documents. */
@Module({ controllers: [SearchController], providers: [SearchService] })
export class SearchModule {}
