import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { optionalFlag, optionalId, optionalString, parseId } from '../common/query-values';
import { CreateFaqDto, UpdateFaqDto } from './dto/faq.dto';
import { FaqsService } from './faqs.service';

/** /faqs.php and /faqs (the spec uses both): public reading of published FAQs, admin writes by ?path={id}. */
@ApiTags('faqs')
@Controller(['faqs.php', 'faqs'])
export class FaqsController {
  constructor(private readonly faqs: FaqsService) {}

  @ApiOperation({
    summary:
      '{ faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only.',
  })
  @ApiQuery({ name: 'path', required: false, type: Number })
  @ApiQuery({ name: 'category', required: false })
  @ApiQuery({ name: 'published_only', required: false, enum: ['true'] })
  @Public()
  @Get()
  async read(
    @Auth() user: AuthUser | undefined,
    @Query('path') path: unknown,
    @Query('category') category: unknown,
    @Query('published_only') publishedOnly: unknown,
  ) {
    // The flag is read (and a junk value refused) for everyone; only an admin can see drafts.
    const onlyPublished = optionalFlag(publishedOnly, 'published_only') === true;
    const includeDrafts = user?.role === 'admin' && !onlyPublished;
    const id = optionalId(path, 'path');
    if (id !== undefined) return { data: await this.faqs.findById(id, includeDrafts) };
    return this.faqs.list({ category: optionalString(category, 'category'), includeDrafts });
  }

  @ApiOperation({ summary: 'Create a FAQ (the answer is sanitised HTML)' })
  @Post()
  async create(@Auth() user: AuthUser, @Body() dto: CreateFaqDto) {
    return { data: await this.faqs.create(user, dto) };
  }

  @ApiOperation({ summary: 'Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order }' })
  @ApiQuery({ name: 'path', required: true, type: Number })
  @Put()
  async update(@Auth() user: AuthUser, @Query('path') path: unknown, @Body() dto: UpdateFaqDto) {
    return { data: await this.faqs.update(user, parseId(path, 'path'), dto) };
  }

  @ApiOperation({ summary: 'Delete a FAQ (?path={id})' })
  @ApiQuery({ name: 'path', required: true, type: Number })
  @Delete()
  async remove(@Auth() user: AuthUser, @Query('path') path: unknown) {
    await this.faqs.remove(user, parseId(path, 'path'));
    return { success: true };
  }
}
