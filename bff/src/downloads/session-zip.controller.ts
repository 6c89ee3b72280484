import { Controller, Get, Ip, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { PublicWriteLimiter } from '../rate-limit/public-write-limiter';
import { AppConfig } from '../config/app-config';
import { SessionZipParams } from './dto/session-zip.params';
import { SessionZipService } from './session-zip.service';

/** /download/sessions/{subjectCode}/{year}/{session}.zip: a whole sitting in one download. */
@ApiTags('downloads')
@Public()
@Controller('download/sessions')
export class SessionZipController {
  constructor(
    private readonly zips: SessionZipService,
    private readonly limiter: PublicWriteLimiter,
    private readonly config: AppConfig,
  ) {}

  @ApiOperation({
    summary:
      "Every document of a subject's session as one zip, streamed as it is built (files named 9702_s23_qp_12.pdf where the Cambridge convention applies). Each file inside counts one download. At most SESSION_ZIP_LIMIT per client per 10 minutes (429).",
  })
  @ApiProduces('application/zip')
  @ApiResponse({
    status: 200,
    description: 'The zip (Content-Length known in advance)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get(':subjectCode/:year/:session.zip')
  async download(@Param() p: SessionZipParams, @Ip() client: string, @Req() req: Request, @Res() res: Response) {
    // A bad or empty sitting is answered before it counts against the client's allowance; HEAD never counts.
    const zip = await this.zips.entries(p.subjectCode, p.year, p.session);
    if (req.method === 'GET') await this.limiter.consume('session-zip', client, this.config.sessionZipLimit);
    await this.zips.send(req, res, zip);
  }
}
