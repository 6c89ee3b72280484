import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiData } from '../openapi/responses';
import { DocumentViewDto, DocumentViewResult } from './dto/document-view.dto';
import { DocumentViewsService } from './document-views.service';

/** POST /document_views.php: the site's viewer says it opened a document. */
@ApiTags('downloads')
@Public()
@Controller('document_views.php')
export class DocumentViewsController {
  constructor(private readonly views: DocumentViewsService) {}

  @ApiOperation({
    summary:
      'Count one view of a document opened in the site viewer ({ variant_id, document_type } | { mark_scheme_id } | { examiner_report_id }). Once per client and document per 30 minutes, at most 120 per client per 10 minutes; otherwise counted: false.',
  })
  @ApiData(DocumentViewResult)
  @HttpCode(200)
  @Post()
  async record(@Body() dto: DocumentViewDto, @Ip() client: string) {
    return { data: { counted: await this.views.record(client, dto) } };
  }
}
