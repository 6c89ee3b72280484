import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { VARIANT_DOCUMENT_TYPES } from '../common/domain-values';
import { optionalOneOf, parseId } from '../common/query-values';
import { DownloadLinksService } from './download-links.service';
import { wantsInline } from './download-query';
import { FileSenderService } from './file-sender.service';

/** /download/papers/{id}, /download/mark-schemes/{id}, /download/examiner-reports/{id} (spec section 7). */
@ApiTags('downloads')
@ApiProduces(
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
)
@ApiQuery({ name: 'inline', required: false, enum: ['1'] })
@Public()
@Controller('download')
export class DownloadsController {
  constructor(
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({ summary: "A past paper's first variant document (?document_type= picks another document)" })
  @ApiQuery({ name: 'document_type', required: false, enum: VARIANT_DOCUMENT_TYPES })
  @Get('papers/:id')
  async paper(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const type = optionalOneOf(query.document_type, VARIANT_DOCUMENT_TYPES, 'document_type') ?? 'document';
    await this.sender.send(req, res, await this.links.paperDocument(parseId(id), type), wantsInline(query));
  }

  @ApiOperation({ summary: 'A mark scheme file' })
  @Get('mark-schemes/:id')
  async markScheme(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.sender.send(req, res, await this.links.markScheme(parseId(id)), wantsInline(query));
  }

  @ApiOperation({ summary: 'An examiner report file' })
  @Get('examiner-reports/:id')
  async examinerReport(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.sender.send(req, res, await this.links.examinerReport(parseId(id)), wantsInline(query));
  }
}
