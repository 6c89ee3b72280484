import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { QueryId } from '../common/query-fields';
import { ApiData } from '../openapi/responses';
import { CoverageService } from './coverage.service';
import { CoverageView } from './coverage.view';

export class CoverageQuery {
  @QueryId({ required: true, description: 'The subject' })
  subject_id!: number;
}

/** /coverage?subject_id=: a subject's grid of sessions × papers (public; the admin's Coverage page reads it too). */
@ApiTags('coverage')
@Controller('coverage')
export class CoverageController {
  constructor(private readonly coverage: CoverageService) {}

  @ApiOperation({
    summary:
      "A subject's coverage: for each session (newest first) and each paper, whether its question paper, mark scheme and examiner report exist, and the session zip's size",
  })
  @Public()
  @ApiData(CoverageView)
  @Get()
  async read(@Query() { subject_id }: CoverageQuery) {
    return { data: await this.coverage.ofSubject(subject_id) };
  }
}
