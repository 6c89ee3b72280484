import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { INQUIRY_STATUSES } from '../common/domain-values';
import { optionalId, optionalInt, optionalOneOf, parseId } from '../common/query-values';
import { CreateInquiryDto, InquiryStatusDto } from './dto/inquiry.dto';
import { DEFAULT_PAGE_SIZE, InquiriesService, MAX_PAGE_SIZE } from './inquiries.service';

/** /inquiries.php: anyone sends one; admins page through them and manage them by ?path={id}. */
@ApiTags('inquiries')
@Controller('inquiries.php')
export class InquiriesController {
  constructor(private readonly inquiries: InquiriesService) {}

  @ApiOperation({ summary: '{ inquiries, total } (?page=1&limit=10&status=), or one inquiry (?path={id})' })
  @ApiQuery({ name: 'path', required: false, type: Number })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'status', required: false, enum: INQUIRY_STATUSES })
  @Get()
  async read(@Query() query: Record<string, unknown>) {
    const id = optionalId(query.path, 'path');
    if (id !== undefined) return { data: await this.inquiries.findById(id) };
    return this.inquiries.page(
      optionalInt(query.page, 'page', 1, 1_000_000) ?? 1,
      optionalInt(query.limit, 'limit', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
      optionalOneOf(query.status, INQUIRY_STATUSES, 'status'),
    );
  }

  @ApiOperation({ summary: 'Send an inquiry (public contact form)' })
  @Public()
  @Post()
  async create(@Body() dto: CreateInquiryDto) {
    return { data: await this.inquiries.create(dto) };
  }

  @ApiOperation({ summary: "Set an inquiry's status (?path={id}, { status })" })
  @ApiQuery({ name: 'path', required: true, type: Number })
  @Put()
  async setStatus(@Auth() user: AuthUser, @Query('path') path: unknown, @Body() dto: InquiryStatusDto) {
    return { data: await this.inquiries.setStatus(user, parseId(path, 'path'), dto.status) };
  }

  @ApiOperation({ summary: 'Delete an inquiry (?path={id})' })
  @ApiQuery({ name: 'path', required: true, type: Number })
  @Delete()
  async remove(@Auth() user: AuthUser, @Query('path') path: unknown) {
    await this.inquiries.remove(user, parseId(path, 'path'));
    return { success: true };
  }
}
