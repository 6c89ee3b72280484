import { ApiFile } from '../openapi/responses';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { IdQuery, InlineQuery } from '../common/query-fields';
import { DownloadLinksService } from './download-links.service';
import { PaperDownloadQuery } from './dto/download.query';
import { deliveryOf, FileSenderService } from './file-sender.service';

/** /download/papers/{id}, /download/mark-schemes/{id}, /download/examiner-reports/{id} (spec section 7). */
@ApiTags('downloads')
@ApiProduces(
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
)
@Public()
@Controller('download')
export class DownloadsController {
  constructor(
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({ summary: "A past paper's first variant document (?document_type= picks another document)" })
  @ApiFile()
  @Get('papers/:id')
  async paper(@Param() { id }: IdQuery, @Query() query: PaperDownloadQuery, @Req() req: Request, @Res() res: Response) {
    const target = await this.links.paperDocument(id, query.document_type ?? 'document');
    await this.sender.send(req, res, target, deliveryOf(query));
  }

  @ApiOperation({ summary: 'A mark scheme file' })
  @ApiFile()
  @Get('mark-schemes/:id')
  async markScheme(@Param() { id }: IdQuery, @Query() query: InlineQuery, @Req() req: Request, @Res() res: Response) {
    await this.sender.send(req, res, await this.links.markScheme(id), deliveryOf(query));
  }

  @ApiOperation({ summary: 'An examiner report file' })
  @ApiFile()
  @Get('examiner-reports/:id')
  async examinerReport(
    @Param() { id }: IdQuery,
    @Query() query: InlineQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.sender.send(req, res, await this.links.examinerReport(id), deliveryOf(query));
  }
}
