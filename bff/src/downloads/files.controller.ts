import { ApiFile } from '../openapi/responses';
import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { InlineQuery } from '../common/query-fields';
import { DownloadLinksService } from './download-links.service';

import { deliveryOf, FileSenderService } from './file-sender.service';

/** The files' own URLs: /files/{stored path} (a variant's document_path, a file_url's target). */
@ApiTags('downloads')
@Public()
@Controller('files')
export class FilesController {
  constructor(
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({ summary: 'A stored file by its path relative to the upload folder, e.g. papers/<uuid>.pdf' })
  @ApiParam({ name: 'path', type: String, description: 'papers/<uuid>.pdf, mark-schemes/<uuid>.docx, ...' })
  @ApiProduces(
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  )
  @ApiFile()
  @Get('*path')
  async file(
    @Param('path') path: string | string[],
    @Query() query: InlineQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const relative = Array.isArray(path) ? path.join('/') : path;
    if (typeof relative !== 'string' || relative.length > 300) throw new BadRequestException('Invalid file path');
    await this.sender.send(req, res, await this.links.storedFile(relative), deliveryOf(query));
  }
}
