import { Body, Controller, Delete, Get, Ip, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { PathQuery } from '../common/query-fields';
import { ApiData, ApiListOrOne, ApiSuccess } from '../openapi/responses';
import { PublicWriteLimiter } from '../rate-limit/public-write-limiter';
import { InquiriesQuery } from './dto/inquiries.query';
import { CreateInquiryDto, InquiryStatusDto } from './dto/inquiry.dto';
import { DEFAULT_PAGE_SIZE, InquiriesService, InquiryPage } from './inquiries.service';
import { InquiryView } from './inquiry.view';
import { SettingsService } from '../settings/settings.service';

/** /inquiries.php: anyone sends one; admins page through them and manage them by ?path={id}. */
@ApiTags('inquiries')
@Controller('inquiries.php')
export class InquiriesController {
  constructor(
    private readonly inquiries: InquiriesService,
    private readonly limiter: PublicWriteLimiter,
    private readonly settings: SettingsService,
  ) {}

  @ApiOperation({ summary: '{ inquiries, total } (?page=1&limit=10&status=), or one inquiry (?path={id})' })
  @ApiListOrOne(InquiryPage, InquiryView, '{ inquiries, total }, or { data } with ?path=')
  @Get()
  async read(@Query() query: InquiriesQuery) {
    if (query.path !== undefined) return { data: await this.inquiries.findById(query.path) };
    return this.inquiries.page(query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE, query.status);
  }

  @ApiOperation({
    summary:
      'Send an inquiry (public contact form). At most PUBLIC_WRITE_LIMIT per client per 10 minutes (429 with Retry-After); a filled honeypot field is answered like a success and not stored.',
  })
  @Public()
  @ApiData(InquiryView, { status: 201 })
  @Post()
  async create(@Body() dto: CreateInquiryDto, @Ip() client: string) {
    await this.settings.assertOpenForPublicWrites();
    await this.limiter.consume('inquiry', client);
    const { website, ...inquiry } = dto;
    if (website !== undefined && website.trim() !== '') return { data: honeypotAnswer(inquiry) };
    return { data: await this.inquiries.create(inquiry) };
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

/** What a bot that filled the honeypot hears: the shape of a stored inquiry, stored nowhere. */
function honeypotAnswer(inquiry: Omit<CreateInquiryDto, 'website'>): InquiryView {
  const now = new Date().toISOString();
  return { id: 0, ...inquiry, status: 'new', created_at: now, updated_at: now };
}
