import { ApiData, ApiListOrOne, ApiSuccess } from '../openapi/responses';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { PathQuery } from '../common/query-fields';
import { CreateInquiryDto, InquiryStatusDto } from './dto/inquiry.dto';
import { InquiriesQuery } from './dto/inquiries.query';
import { DEFAULT_PAGE_SIZE, InquiriesService, InquiryPage } from './inquiries.service';
import { InquiryView } from './inquiry.view';

/** /inquiries.php: anyone sends one; admins page through them and manage them by ?path={id}. */
@ApiTags('inquiries')
@Controller('inquiries.php')
export class InquiriesController {
  constructor(private readonly inquiries: InquiriesService) {}

  @ApiOperation({ summary: '{ inquiries, total } (?page=1&limit=10&status=), or one inquiry (?path={id})' })
  @ApiListOrOne(InquiryPage, InquiryView, '{ inquiries, total }, or { data } with ?path=')
  @Get()
  async read(@Query() query: InquiriesQuery) {
    if (query.path !== undefined) return { data: await this.inquiries.findById(query.path) };
    return this.inquiries.page(query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE, query.status);
  }

  @ApiOperation({ summary: 'Send an inquiry (public contact form)' })
  @Public()
  @ApiData(InquiryView, { status: 201 })
  @Post()
  async create(@Body() dto: CreateInquiryDto) {
    return { data: await this.inquiries.create(dto) };
  }

  @ApiOperation({ summary: "Set an inquiry's status (?path={id}, { status })" })
  @ApiData(InquiryView)
  @Put()
  async setStatus(@Auth() user: AuthUser, @Query() { path }: PathQuery, @Body() dto: InquiryStatusDto) {
    return { data: await this.inquiries.setStatus(user, path, dto.status) };
  }

  @ApiOperation({ summary: 'Delete an inquiry (?path={id})' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { path }: PathQuery) {
    await this.inquiries.remove(user, path);
    return { success: true };
  }
}
