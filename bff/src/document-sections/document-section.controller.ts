import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { requireAdmin } from '../auth/access.guard';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery } from '../common/query-fields';
import { DtoValidationPipe } from '../common/validation';
import { DocumentReadQuery } from '../downloads/dto/download.query';
import { DownloadLinksService } from '../downloads/download-links.service';
import type { DownloadTarget } from '../downloads/download-target';
import { deliveryOf, FileSenderService } from '../downloads/file-sender.service';
import { ApiData, ApiDataOneOrList, ApiFile, ApiSuccess } from '../openapi/responses';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import { UpdateViaPost } from '../uploads/update-via-post.interceptor';
import type { UploadedFile } from '../uploads/uploaded-files';
import { ApiFormBody, ApiUpdateIdQuery, Intent, UpdateTarget, type WriteIntent } from '../uploads/form-protocol';

/** The injection token of a section's service (DocumentSectionsModule provides it). */
export const sectionServiceToken = (name: string): string => `${name}Service`;

/** What a document section's service does (mark schemes, examiner reports). */
export interface DocumentService<View, Form> {
  findById(id: number): Promise<View>;
  list(): Promise<View[]>;
  create(actor: AuthUser, form: Form, files: UploadedFile[] | undefined): Promise<View>;
  update(
    actor: AuthUser,
    id: number,
    form: Form,
    files: UploadedFile[] | undefined,
    expected: ExpectedVersion,
  ): Promise<View>;
  remove(actor: AuthUser, id: number): Promise<void>;
}

export interface DocumentControllerOptions<View, Form> {
  /** The controller's name (OpenAPI operation ids: `${name}Controller_read`). */
  name: string;
  /** e.g. 'mark_schemes.php' */
  path: string;
  tag: string;
  /** 'mark scheme', 'examiner report' (the OpenAPI summaries). */
  noun: string;
  article: 'a' | 'an';
  /** The multipart file field the create summary names. */
  fileField: string;
  view: Type<View>;
  form: Type<Form>;
  /** The download target of one record (the public ?download_id= link). */
  target: (links: DownloadLinksService, id: number) => Promise<DownloadTarget>;
  /** The 413 message of a file over the maxFileSize setting, in the section's own words. */
  tooLarge: (maxMb: number) => string;
}

/**
 * The one controller of the document sections (mark schemes, examiner reports): public downloads (?download_id=,
 * &inline=1 to view), and for admins the list, one record (?id=), multipart create / update (also POST with
 * `_method=PUT`), and delete. Each section passes its names, view, form DTO and service.
 */
export function DocumentController<View, Form>(o: DocumentControllerOptions<View, Form>): Type<unknown> {
  const Files = MultipartInterceptor({ maxFiles: 1, tooLarge: o.tooLarge });
  const plural = `${o.noun[0]!.toUpperCase()}${o.noun.slice(1)}s`;
  const thing = `${o.article} ${o.noun}`;
  /** The form's own DTO validates the body (the parameter's type is erased in a generic class). */
  const formBody: PipeTransform = {
    transform: (value: unknown) => new DtoValidationPipe().transform(value, { type: 'body', metatype: o.form }),
  };

  @ApiTags(o.tag)
  @Controller(o.path)
  class DocumentsController {
    constructor(
      @Inject(sectionServiceToken(o.name)) readonly service: DocumentService<View, Form>,
      @Inject(DownloadLinksService) readonly links: DownloadLinksService,
      @Inject(FileSenderService) readonly sender: FileSenderService,
    ) {}

    @ApiOperation({
      summary: `${plural} or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view)`,
    })
    @Public()
    @ApiDataOneOrList(o.view)
    @ApiFile()
    @Get()
    async read(
      @Auth() user: AuthUser | undefined,
      @Query() query: DocumentReadQuery,
      @Req() req: Request,
      @Res() res: Response,
    ) {
      if (query.download_id !== undefined) {
        return this.sender.send(req, res, await o.target(this.links, query.download_id), deliveryOf(query));
      }
      requireAdmin(user);
      res.json({ data: query.id !== undefined ? await this.service.findById(query.id) : await this.service.list() });
    }

    @ApiOperation({
      summary: `Create ${thing} (multipart, ${o.fileField}), or update one with \`_method=PUT\` and \`id\``,
    })
    @ApiConsumes('multipart/form-data')
    @ApiFormBody(o.form, { files: { [o.fileField]: `The ${o.noun}'s file (PDF, DOC or DOCX)` }, method: 'post' })
    @UseInterceptors(Files, UpdateViaPost)
    @ApiData(o.view, { status: 201 })
    @ApiUpdateIdQuery()
    @Post()
    async write(
      @Auth() user: AuthUser,
      @Intent() intent: WriteIntent,
      @Body(formBody) form: Form,
      @UploadedFiles() files: UploadedFile[] | undefined,
      @EditVersion() expected: ExpectedVersion,
    ) {
      const record =
        intent.kind === 'update'
          ? await this.service.update(user, intent.id, form, files, expected)
          : await this.service.create(user, form, files);
      return { data: record };
    }

    @ApiOperation({ summary: `Update ${thing} (multipart; ?id= or an id field)` })
    @ApiConsumes('multipart/form-data')
    @ApiFormBody(o.form, { files: { [o.fileField]: `The ${o.noun}'s file (PDF, DOC or DOCX)` }, method: 'put' })
    @UseInterceptors(Files)
    @ApiData(o.view)
    @ApiUpdateIdQuery()
    @Put()
    async update(
      @Auth() user: AuthUser,
      @UpdateTarget() id: number,
      @Body(formBody) form: Form,
      @UploadedFiles() files: UploadedFile[] | undefined,
      @EditVersion() expected: ExpectedVersion,
    ) {
      return { data: await this.service.update(user, id, form, files, expected) };
    }

    @ApiOperation({ summary: `Delete ${thing} (?id=) and its file` })
    @ApiSuccess()
    @Delete()
    async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
      await this.service.remove(user, id);
      return { success: true };
    }
  }
  Object.defineProperty(DocumentsController, 'name', { value: `${o.name}Controller` });
  return DocumentsController;
}
