import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { IdQuery, InlineQuery, QueryId } from '../common/query-fields';
import { DownloadLinksService } from '../downloads/download-links.service';
import { deliveryOf, FileSenderService } from '../downloads/file-sender.service';
import { ApiDataList, ApiFile } from '../openapi/responses';
import { DocumentView } from './document.view';
import { DocumentsService } from './documents.service';

class PaperIdParam {
  @QueryId({ required: true })
  paperId!: number;
}

/**
 * The one way to reach a file: `documents/{id}` (every legacy download link resolves to the same document and
 * counts on it) and a paper's documents.
 */
@ApiTags('documents')
@Public()
@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({
    summary:
      'A document: its file (a download counted), ?inline=1 to read (a view counted), ?stream=1 for the viewer, ?preview=1 its page-1 picture',
  })
  @ApiProduces(
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'image/webp',
  )
  @ApiFile()
  @Get('documents/:id')
  async file(@Param() { id }: IdQuery, @Query() query: InlineQuery, @Req() req: Request, @Res() res: Response) {
    await this.sender.send(req, res, await this.links.document(id), deliveryOf(query));
  }

  @ApiOperation({
    summary: "A paper's documents: its variants' files, and the mark schemes and examiner reports of it",
  })
  @ApiDataList(DocumentView)
  @Get('papers/:paperId/documents')
  async ofPaper(@Param() { paperId }: PaperIdParam) {
    return { data: await this.documents.ofPaper(paperId) };
  }
}
