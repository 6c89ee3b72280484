import {
  BadRequestException,
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
import { ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { VARIANT_DOCUMENT_TYPES } from '../common/domain-values';
import { optionalId, optionalString, parseId } from '../common/query-values';
import { DownloadLinksService } from '../downloads/download-links.service';
import { pastPaperDownload, wantsInline } from '../downloads/download-query';
import { FileSenderService } from '../downloads/file-sender.service';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import type { UploadedFile } from '../uploads/uploaded-files';
import { UpdateViaPost } from '../uploads/update-via-post.interceptor';
import { FormFields, Intent, UpdateTarget, type WriteIntent } from '../uploads/write-intent';
import { PastPaperFormDto } from './dto/past-paper-form.dto';
import { PastPaperWriter } from './past-paper-writer.service';
import { PastPapersService } from './past-papers.service';
import { MAX_VARIANTS } from './variant-input';

const Form = MultipartInterceptor({
  maxFiles: MAX_VARIANTS * 3,
  tooLarge: (mb) => `File size must be less than ${mb}MB`,
  requireMultipart: (isUpdate) =>
    `Error: Invalid data submitted from form (${isUpdate ? 'edit' : 'create'}). Expected FormData instance.`,
});

/** /past_papers.php dispatches on which query key is present. */
@ApiTags('past papers')
@Controller('past_papers.php')
export class PastPapersController {
  constructor(
    private readonly papers: PastPapersService,
    private readonly writer: PastPaperWriter,
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({
    summary: 'Papers (?category=, ?subject_id=), one (?id=), by subject code (?code=), or a file download',
    description:
      'Downloads: ?download_variant_id={id}&variant_document_type=document|mark_scheme|examiner_report, or ' +
      '?download_id={paperId}&document_type=... (the first variant with that document); &inline=1 to view.',
  })
  @ApiQuery({ name: 'id', required: false, type: Number })
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'category', required: false })
  @ApiQuery({ name: 'subject_id', required: false, type: Number })
  @ApiQuery({
    name: 'view',
    required: false,
    enum: ['summary'],
    description: 'summary: the compact shape (no variants, variant_count)',
  })
  @ApiQuery({ name: 'download_variant_id', required: false, type: Number })
  @ApiQuery({ name: 'variant_document_type', required: false, enum: VARIANT_DOCUMENT_TYPES })
  @ApiQuery({ name: 'download_id', required: false, type: Number })
  @ApiQuery({ name: 'document_type', required: false, enum: VARIANT_DOCUMENT_TYPES })
  @ApiQuery({ name: 'inline', required: false, enum: ['1'] })
  @Public()
  @Get()
  async read(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const download = pastPaperDownload(this.links, query);
    if (download) return this.sender.send(req, res, await download, wantsInline(query));
    res.json({ data: await this.find(query) });
  }

  @ApiOperation({ summary: 'Create a past paper (multipart), or update one with `_method=PUT` and `id`' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form, UpdateViaPost)
  @Post()
  async write(
    @Auth() user: AuthUser,
    @Intent() intent: WriteIntent,
    @Body() form: PastPaperFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @FormFields() fields: Record<string, unknown>,
  ) {
    const paper =
      intent.kind === 'update'
        ? await this.writer.update(user, intent.id, form, files, fields)
        : await this.writer.create(user, form, files);
    return { data: paper };
  }

  @ApiOperation({ summary: 'Update a past paper (multipart; ?id= or an id field)' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @UpdateTarget() id: number,
    @Body() form: PastPaperFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @FormFields() fields: Record<string, unknown>,
  ) {
    return { data: await this.writer.update(user, id, form, files, fields) };
  }

  @ApiOperation({ summary: 'Delete a past paper (?id=) with its variants, examiner reports and files' })
  @ApiQuery({ name: 'id', required: true, type: Number })
  @Delete()
  async remove(@Auth() user: AuthUser, @Query('id') id: unknown) {
    await this.writer.remove(user, parseId(id));
    return { success: true };
  }

  private find(query: Record<string, unknown>) {
    const id = optionalId(query.id);
    if (id !== undefined) return this.papers.findById(id);
    const view = optionalString(query.view, 'view');
    if (view !== undefined && view !== 'summary') throw new BadRequestException('Invalid view');
    const code = optionalString(query.code, 'code');
    const filter =
      code !== undefined
        ? { subjectCode: code }
        : {
            category: optionalString(query.category, 'category'),
            subjectId: optionalId(query.subject_id, 'subject_id'),
          };
    return view === 'summary' ? this.papers.summaries(filter) : this.papers.list(filter);
  }
}
