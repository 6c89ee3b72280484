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
import { ExaminerReportFormDto } from './dto/examiner-report-form.dto';
import { ExaminerReportsService } from './examiner-reports.service';
import { ExaminerReportView } from './examiner-report.view';

const Form = MultipartInterceptor({ maxFiles: 1, tooLarge: (mb) => `File size must be less than ${mb}MB` });

/** /examiner_reports.php: public downloads (?download_id=); admin list and writes. */
@ApiTags('examiner reports')
@Controller('examiner_reports.php')
export class ExaminerReportsController {
  constructor(
    private readonly examinerReports: ExaminerReportsService,
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  @ApiOperation({
    summary: 'Examiner reports or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view)',
  })
  @Public()
  @ApiDataOneOrList(ExaminerReportView)
  @ApiFile()
  @Get()
  async read(
    @Auth() user: AuthUser | undefined,
    @Query() query: DocumentReadQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    if (query.download_id !== undefined) {
      return this.sender.send(req, res, await this.links.examinerReport(query.download_id), query.inline === true);
    }
    requireAdmin(user);
    res.json({
      data: query.id !== undefined ? await this.examinerReports.findById(query.id) : await this.examinerReports.list(),
    });
  }

  @ApiOperation({ summary: 'Create an examiner report (multipart, file), or update one with `_method=PUT` and `id`' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form, UpdateViaPost)
  @ApiData(ExaminerReportView, { status: 201 })
  @Post()
  async write(
    @Auth() user: AuthUser,
    @Intent() intent: WriteIntent,
    @Body() form: ExaminerReportFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ) {
    const report =
      intent.kind === 'update'
        ? await this.examinerReports.update(user, intent.id, form, files)
        : await this.examinerReports.create(user, form, files);
    return { data: report };
  }

  @ApiOperation({ summary: 'Update an examiner report (multipart; ?id= or an id field)' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(Form)
  @ApiData(ExaminerReportView)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @UpdateTarget() id: number,
    @Body() form: ExaminerReportFormDto,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ) {
    return { data: await this.examinerReports.update(user, id, form, files) };
  }

  @ApiOperation({ summary: 'Delete an examiner report (?id=) and its file' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.examinerReports.remove(user, id);
    return { success: true };
  }
}
