import { ApiData, ApiDataOneOrList, ApiFile, ApiSuccess } from '../openapi/responses';
import {
  Body,
  Controller,
  Delete,
  Get,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { requireAdmin } from '../auth/access.guard';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery } from '../common/query-fields';
import { DocumentReadQuery } from '../downloads/dto/download.query';
import { DownloadLinksService } from '../downloads/download-links.service';
import { FileSenderService } from '../downloads/file-sender.service';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import type { UploadedFile } from '../uploads/uploaded-files';
import { UpdateViaPost } from '../uploads/update-via-post.interceptor';
import { Intent, UpdateTarget, type WriteIntent } from '../uploads/write-intent';
import { MarkSchemeFormDto } from './dto/mark-scheme-form.dto';
import { MarkSchemesService } from './mark-schemes.service';
import { MarkSchemeView } from './mark-scheme.view';

const Form = MultipartInterceptor({ maxFiles: 1, tooLarge: (mb) => `File is too large (max ${mb}MB).` });

/** /mark_schemes.php: public downloads (?download_id=); admin list and writes. */
@ApiTags('mark schemes')
@Controller('mark_schemes.php')
export class MarkSchemesController {
  constructor(
    private readonly markSchemes: MarkSchemesService,
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({
    summary: 'Mark schemes or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view)',
  })
  @Public()
  @ApiDataOneOrList(MarkSchemeView)
  @ApiFile()
  @Get()
  async read(
    @Auth() user: AuthUser | undefined,
    @Query() query: DocumentReadQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    if (query.download_id !== undefined) {
      return this.sender.send(req, res, await this.links.markScheme(query.download_id), query.inline === true);
    }
    requireAdmin(user);
    res.json({
      data: query.id !== undefined ? await this.markSchemes.findById(query.id) : await this.markSchemes.list(),
    });
  }

  @ApiOperation({
    summary: 'Create a mark scheme (multipart, markSchemeFile), or update one with `_method=PUT` and `id`',
  })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form, UpdateViaPost)
  @ApiData(MarkSchemeView, { status: 201 })
  @Post()
  async write(
    @Auth() user: AuthUser,
    @Intent() intent: WriteIntent,
    @Body() form: MarkSchemeFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ) {
    const markScheme =
      intent.kind === 'update'
        ? await this.markSchemes.update(user, intent.id, form, files)
        : await this.markSchemes.create(user, form, files);
    return { data: markScheme };
  }

  @ApiOperation({ summary: 'Update a mark scheme (multipart; ?id= or an id field)' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form)
  @ApiData(MarkSchemeView)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @UpdateTarget() id: number,
    @Body() form: MarkSchemeFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ) {
    return { data: await this.markSchemes.update(user, id, form, files) };
  }

  @ApiOperation({ summary: 'Delete a mark scheme (?id=) and its file' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.markSchemes.remove(user, id);
    return { success: true };
  }
}
