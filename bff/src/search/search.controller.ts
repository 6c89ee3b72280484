import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../auth/auth.decorators';
import { ApiData } from '../openapi/responses';
import { PublicReadLimiter } from '../rate-limit/public-read-limiter';
import { QuestionsService } from '../questions/questions.service';
import { SearchQuery } from './dto/search.query';
import { withQuestions } from './search-questions';
import { SearchService } from './search.service';
import { SearchAnswerView } from './search.view';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly limiter: PublicReadLimiter,
    private readonly questions: QuestionsService,
  ) {}

  @ApiOperation({
    summary:
      'Search papers by reference (9702_s23_qp_12, 9702/12/M/J/23, wph11 jan 2023), subject, level, session, year and the text inside the documents; facets and paging. At most SEARCH_RATE_LIMIT per client per minute, the server-rendered /search page included (429 with Retry-After). 503 with Retry-After when too many searches are being computed or a search runs past its time.',
  })
  @Public()
  @ApiData(SearchAnswerView)
  @Get()
  async find(@Req() req: Request, @Query() query: SearchQuery) {
    await this.limiter.consume(req);
    return { data: await withQuestions(await this.search.search(query), this.questions) };
  }
}
