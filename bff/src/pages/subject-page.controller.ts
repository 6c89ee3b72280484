import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiData } from '../openapi/responses';
import { SubjectPageQuery } from './dto/subject-page.query';
import { SubjectPageService } from './subject-page.service';
import { SubjectPageView } from './subject-page.view';

/** /pages/subject?code=: what the public subject page shows, in one request (the page's own read). */
@ApiTags('pages')
@Controller('pages/subject')
export class SubjectPageController {
  constructor(private readonly pages: SubjectPageService) {}

  @ApiOperation({
    summary:
      'The public subject page in one read: the subject found by code (any letter case) with its papers, and its coverage grid; 404 when no subject has that code',
  })
  @Public()
  @ApiData(SubjectPageView)
  @Get()
  async read(@Query() { code }: SubjectPageQuery) {
    return { data: await this.pages.ofCode(code) };
  }
}
