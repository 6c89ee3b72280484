import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { ApiData, ApiListOrOne, ApiSuccess } from '../openapi/responses';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { PathQuery } from '../common/query-fields';
import { CreateFaqDto, UpdateFaqDto } from './dto/faq.dto';
import { FaqsQuery } from './dto/faqs.query';
import { FaqView } from './faq.view';
import { FaqList, FaqsService } from './faqs.service';

/** /faqs.php and /faqs (the spec uses both): public reading of published FAQs, admin writes by ?path={id}. */
@ApiTags('faqs')
@Controller(['faqs.php', 'faqs'])
export class FaqsController {
  constructor(private readonly faqs: FaqsService) {}

  @ApiOperation({
    summary:
      '{ faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only.',
  })
  @Public()
  @ApiListOrOne(FaqList, FaqView, '{ faqs, categories }, or { data } with ?path=')
  @Get()
  async read(@Auth() user: AuthUser | undefined, @Query() query: FaqsQuery) {
    // The flag is read (and a junk value refused) for everyone; only an admin can see drafts.
    const includeDrafts = user?.role === 'admin' && query.published_only !== true;
    if (query.path !== undefined) return { data: await this.faqs.findById(query.path, includeDrafts) };
    return this.faqs.list({ category: query.category, includeDrafts });
  }

  @ApiOperation({ summary: 'Create a FAQ (the answer is sanitised HTML)' })
  @ApiData(FaqView, { status: 201 })
  @Post()
  async create(@Auth() user: AuthUser, @Body() dto: CreateFaqDto) {
    return { data: await this.faqs.create(user, dto) };
  }

  @ApiOperation({ summary: 'Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order }' })
  @ApiData(FaqView)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @Query() { path }: PathQuery,
    @Body() dto: UpdateFaqDto,
    @EditVersion() expected: ExpectedVersion,
  ) {
    return { data: await this.faqs.update(user, path, dto, expected) };
  }

  @ApiOperation({ summary: 'Delete a FAQ (?path={id})' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { path }: PathQuery) {
    await this.faqs.remove(user, path);
    return { success: true };
  }
}
