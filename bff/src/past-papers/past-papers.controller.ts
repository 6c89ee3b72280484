import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { ApiData, ApiDataOneOf, ApiFile, ApiSuccess } from '../openapi/responses';
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
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery } from '../common/query-fields';
import { DownloadLinksService } from '../downloads/download-links.service';
import { pastPaperDownload } from '../downloads/download-query';
import { deliveryOf, FileSenderService } from '../downloads/file-sender.service';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import type { UploadedFile } from '../uploads/uploaded-files';
import { UpdateViaPost } from '../uploads/update-via-post.interceptor';
import {
  ApiFormBody,
  ApiUpdateIdQuery,
  FormFields,
  Intent,
  type FormBodyExtras,
  UpdateTarget,
  type WriteIntent,
} from '../uploads/form-protocol';
import { PastPaperFormDto } from './dto/past-paper-form.dto';
import { PastPapersQuery } from './dto/past-papers.query';
import { PastPaperWriter } from './past-paper-writer.service';
import { PastPaperSummaryView, PastPaperView } from './past-paper.view';
import { PastPapersService } from './past-papers.service';
import { MAX_VARIANTS } from './variant-input';

const Form = MultipartInterceptor({
  maxFiles: MAX_VARIANTS * 3,
  tooLarge: (mb) => `File size must be less than ${mb}MB`,
  requireMultipart: (isUpdate) =>
    `Error: Invalid data submitted from form (${isUpdate ? 'edit' : 'create'}). Expected FormData instance.`,
});

/** /past_papers.php dispatches on which query key is present. */
/** What the past paper form carries beside its DTO: each variant's files by position, and its removals. */
const PAST_PAPER_FORM: FormBodyExtras = {
  ignored: {
    subject: "Ignored: the chosen subject's name",
    code: "Ignored: the chosen subject's code",
    level: "Ignored: the chosen subject's level",
  },
  patterns: {
    '^variant_\\d{1,3}_(document|mark_scheme|examiner_report)_path$': {
      type: 'string',
      format: 'binary',
      description: 'The file of the i-th variant of `variants` (0-based) for that slot',
    },
    '^variant_\\d{1,3}_remove_(mark_scheme|examiner_report)$': {
      type: 'string',
      enum: ['1'],
      description: "1: the i-th variant's stored file in that slot is removed",
    },
  },
};

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
  @Public()
  @ApiDataOneOf([PastPaperView, [PastPaperView], [PastPaperSummaryView]], {
    description: 'One paper (?id=), a list, or the compact list (?view=summary); the download forms answer the file',
  })
  @ApiFile()
  @Get()
  async read(@Query() query: PastPapersQuery, @Req() req: Request, @Res() res: Response) {
    const download = pastPaperDownload(this.links, query);
    if (download) return this.sender.send(req, res, await download, deliveryOf(query));
    res.json({ data: await this.find(query) });
  }

  @ApiOperation({ summary: 'Create a past paper (multipart), or update one with `_method=PUT` and `id`' })
  @ApiConsumes('multipart/form-data')
  @ApiFormBody(PastPaperFormDto, { ...PAST_PAPER_FORM, method: 'post' })
  @UseInterceptors(Form, UpdateViaPost)
  @ApiData(PastPaperView, { status: 201 })
  @ApiUpdateIdQuery()
  @Post()
  async write(
    @Auth() user: AuthUser,
    @Intent() intent: WriteIntent,
    @Body() form: PastPaperFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @FormFields() fields: Record<string, unknown>,
    @EditVersion() expected: ExpectedVersion,
  ) {
    const paper =
      intent.kind === 'update'
        ? await this.writer.update(user, intent.id, form, files, fields, expected)
        : await this.writer.create(user, form, files);
    return { data: paper };
  }

  @ApiOperation({ summary: 'Update a past paper (multipart; ?id= or an id field)' })
  @ApiConsumes('multipart/form-data')
  @ApiFormBody(PastPaperFormDto, { ...PAST_PAPER_FORM, method: 'put' })
  @UseInterceptors(Form)
  @ApiData(PastPaperView)
  @ApiUpdateIdQuery()
  @Put()
  async update(
    @Auth() user: AuthUser,
    @UpdateTarget() id: number,
    @Body() form: PastPaperFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @FormFields() fields: Record<string, unknown>,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.writer.update(user, id, form, files, fields, expected) };
  }

  @ApiOperation({ summary: 'Delete a past paper (?id=) with its variants, examiner reports and files' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.writer.remove(user, id);
    return { success: true };
  }

  private find(query: PastPapersQuery) {
    if (query.id !== undefined) return this.papers.findById(query.id);
    const filter =
      query.code !== undefined
        ? { subjectCode: query.code, recent: query.recent }
        : { category: query.category, subjectId: query.subject_id, recent: query.recent };
    return query.view === 'summary' ? this.papers.summaries(filter) : this.papers.list(filter);
  }
}
