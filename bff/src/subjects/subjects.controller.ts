import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { ApiData, ApiDataOneOf, ApiSuccess } from '../openapi/responses';
import { Body, Controller, Delete, Get, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery } from '../common/query-fields';
import { answeredId, ChangesSubjects, queriedId } from '../read-cache/content-change.interceptor';
import { ApiFormBody, ApiUpdateIdQuery, Intent, UpdateTarget, type WriteIntent } from '../uploads/form-protocol';
import { MultipartInterceptor } from '../uploads/multipart.interceptor';
import { UpdateViaPost } from '../uploads/update-via-post.interceptor';
import { SubjectDto } from './dto/subject.dto';
import { SubjectsQuery } from './dto/subjects.query';
import { SubjectView, SubjectWithPapersView } from './subject.view';
import { SubjectsService } from './subjects.service';

const Form = MultipartInterceptor({ maxFiles: 0, tooLarge: () => 'Request body is too large' });

/** /subjects.php: public reads; admin writes (multipart or JSON; updates as POST with `_method=PUT`). */
@ApiTags('subjects')
@Controller('subjects.php')
export class SubjectsController {
  constructor(private readonly subjects: SubjectsService) {}

  @ApiOperation({ summary: 'Subjects with paper counts (?level=), or one with its papers (?id=)' })
  @Public()
  @ApiDataOneOf([SubjectWithPapersView, [SubjectView]], {
    description: 'One subject with its papers (?id=), or the list',
  })
  @Get()
  async read(@Query() { id, level }: SubjectsQuery) {
    if (id !== undefined) return { data: await this.subjects.findById(id) };
    return { data: await this.subjects.list(level) };
  }

  @ApiOperation({ summary: 'Create a subject, or update one with `_method=PUT` and `id`' })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiFormBody(SubjectDto, { method: 'post' })
  @UseInterceptors(Form, UpdateViaPost)
  @ApiData(SubjectView, { status: 201 })
  @ApiUpdateIdQuery()
  @ChangesSubjects(answeredId)
  @Post()
  async write(
    @Auth() user: AuthUser,
    @Intent() intent: WriteIntent,
    @Body() dto: SubjectDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    const subject =
      intent.kind === 'update'
        ? await this.subjects.update(user, intent.id, dto, expected)
        : await this.subjects.create(user, dto);
    return { data: subject };
  }

  @ApiOperation({ summary: 'Update a subject (?id= or an id field)' })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiFormBody(SubjectDto, { method: 'put' })
  @UseInterceptors(Form)
  @ApiData(SubjectView)
  @ApiUpdateIdQuery()
  @ChangesSubjects(answeredId)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @UpdateTarget() id: number,
    @Body() dto: SubjectDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.subjects.update(user, id, dto, expected) };
  }

  @ApiOperation({ summary: 'Delete a subject (?id=); 409 while it has past papers' })
  @ApiSuccess()
  @ChangesSubjects(queriedId)
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.subjects.remove(user, id);
    return { success: true };
  }
}
