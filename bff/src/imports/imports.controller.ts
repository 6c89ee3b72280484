import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery } from '../common/query-fields';
import { ApiData, ApiDataList, ApiSuccess } from '../openapi/responses';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import { FormFields } from '../uploads/form-protocol';
import type { UploadedFile } from '../uploads/uploaded-files';
import { ImportFileCorrectionsDto, ImportSubjectChoiceDto } from './dto/import-file-corrections.dto';
import { ImportFileParams } from './dto/import-params';
import { StagedFileUploadDto } from './dto/staged-file-upload.dto';
import { ImportCommitService } from './import-commit.service';
import { ImportSummaryView, ImportView, StagedFileView } from './import.view';
import { ImportsService } from './imports.service';

/** One file per request: uploads run in parallel, and a dropped connection loses only the file in flight. */
const OneFile = MultipartInterceptor({
  maxFiles: 1,
  tooLarge: (mb) => `File size must be less than ${mb}MB`,
  requireMultipart: () => 'Send the file as multipart/form-data (field file)',
});

/** Admins: staged bulk imports. Every route needs an admin (the global AccessGuard). */
@ApiTags('imports')
@Controller('imports')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly committer: ImportCommitService,
  ) {}

  @ApiOperation({ summary: "The signed-in admin's unfinished imports, newest first" })
  @ApiDataList(ImportSummaryView)
  @Get()
  async list(@Auth() user: AuthUser) {
    return { data: await this.imports.listOpen(user) };
  }

  @ApiOperation({ summary: 'Start a staged import' })
  @ApiData(ImportView, { status: 201 })
  @Post()
  async create(@Auth() user: AuthUser) {
    return { data: await this.imports.create(user) };
  }

  @ApiOperation({ summary: 'An import with its preview: every file recognised, placed and given a status' })
  @ApiData(ImportView)
  @Get(':id')
  async read(@Param() { id }: IdQuery) {
    return { data: await this.imports.view(id) };
  }

  @ApiOperation({ summary: 'Throw an import away with its staged files (what was committed stays)' })
  @ApiSuccess()
  @Delete(':id')
  async discard(@Param() { id }: IdQuery) {
    await this.imports.discard(id);
    return { success: true };
  }

  @ApiOperation({
    summary:
      'Stage one file (multipart: file, optional sha256 to check it arrived whole). The same content again answers the file already staged.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: StagedFileUploadDto })
  @UseInterceptors(OneFile)
  @ApiData(StagedFileView, { status: 201 })
  @Post(':id/files')
  async stage(
    @Param() { id }: IdQuery,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @FormFields() fields: Record<string, unknown>,
  ) {
    const file = files?.find((f) => f.fieldname === 'file');
    return { data: await this.imports.stage(id, file, fields.sha256) };
  }

  @ApiOperation({ summary: "Correct one file's subject, year, session, document type or paper, or leave it out" })
  @ApiData(ImportView)
  @Put(':id/files/:fileId')
  async correct(@Param() { id, fileId }: ImportFileParams, @Body() dto: ImportFileCorrectionsDto) {
    return { data: await this.imports.correct(id, fileId, dto) };
  }

  @ApiOperation({ summary: 'Take one file out of the import' })
  @ApiData(ImportView)
  @Delete(':id/files/:fileId')
  async removeFile(@Param() { id, fileId }: ImportFileParams) {
    return { data: await this.imports.removeFile(id, fileId) };
  }

  @ApiOperation({
    summary: 'Choose the library subject for a subject code no subject has (subject_id null: forget it)',
  })
  @ApiData(ImportView)
  @Put(':id/subjects')
  async chooseSubject(@Param() { id }: IdQuery, @Body() dto: ImportSubjectChoiceDto) {
    return { data: await this.imports.chooseSubject(id, dto) };
  }

  @ApiOperation({
    summary:
      'Commit: each past paper in one transaction with its variants, files, mark schemes and examiner reports; every file gets an outcome',
  })
  @ApiData(ImportView)
  @HttpCode(200)
  @Post(':id/commit')
  async commit(@Auth() user: AuthUser, @Param() { id }: IdQuery) {
    return { data: await this.committer.commit(user, id) };
  }
}
