import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import type { InquiryStatus } from '../common/domain-values';
import type { CreateInquiryDto } from './dto/inquiry.dto';
import { Inquiry } from './inquiry.entity';
import { InquiryView, toInquiryView, type NotificationState } from './inquiry.view';
import { MailOutbox } from '../mail/mail-outbox.service';
import { inquiryNotification } from './inquiry-notification';

/** Spec section 9: inquiries page size. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export class InquiryPage {
  @ApiProperty({ type: () => [InquiryView] })
  inquiries!: InquiryView[];

  @ApiProperty({ description: 'All inquiries matching the status filter' })
  total!: number;
}

const STATUS_WORDS: Record<InquiryStatus, string> = { new: 'new', in_progress: 'in progress', resolved: 'resolved' };

@Injectable()
export class InquiriesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly mail: MailOutbox,
  ) {}

  /** Each inquiry's notification e-mail state (the newest message about it). */
  private async notifications(ids: number[]): Promise<Map<number, NotificationState>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ inquiry_id: number; status: string }> = await this.db.query(
      `SELECT DISTINCT ON (inquiry_id) inquiry_id, status FROM mail_outbox
        WHERE inquiry_id = ANY($1) ORDER BY inquiry_id, id DESC`,
      [ids],
    );
    return new Map(
      rows.map((r) => [r.inquiry_id, r.status === 'sending' ? 'pending' : (r.status as NotificationState)]),
    );
  }

  /** Newest first, one page, with the total of the (filtered) list. */
  async page(page: number, limit: number, status?: InquiryStatus): Promise<InquiryPage> {
    const [rows, total] = await this.db.getRepository(Inquiry).findAndCount({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    const sent = await this.notifications(rows.map((r) => r.id));
    return { inquiries: rows.map((r) => toInquiryView(r, sent.get(r.id) ?? 'none')), total };
  }

  async findById(id: number): Promise<InquiryView> {
    const row = await this.db.getRepository(Inquiry).findOneBy({ id });
    if (!row) throw new NotFoundException('Inquiry not found');
    return toInquiryView(row, (await this.notifications([id])).get(id) ?? 'none');
  }

  /** From the public contact form: no audit entry (not an admin write). */
  async create(dto: CreateInquiryDto): Promise<InquiryView> {
    return this.db.transaction(async (tx) => {
      const inquiry = await tx.save(tx.create(Inquiry, { ...dto, status: 'new' }));
      // The notification e-mail is queued with the inquiry (settings that act: notificationEmail); the outbox sends
      // it later, so a mail outage never fails the student's message.
      const rows: Array<{ to: string | null; site: string }> = await tx.query(
        'SELECT notification_email AS "to", site_name AS "site" FROM site_settings LIMIT 1',
      );
      const [settings] = rows;
      if (settings?.to?.trim()) {
        await this.mail.enqueue(tx, inquiryNotification(inquiry, { to: settings.to, site: settings.site }));
      }
      return toInquiryView(inquiry);
    });
  }

  /** Any status can move to any other (spec section 4). */
  async setStatus(actor: AuthUser, id: number, status: InquiryStatus): Promise<InquiryView> {
    return this.db.transaction(async (tx) => {
      const row = await tx.findOne(Inquiry, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException('Inquiry not found');
      await tx.update(Inquiry, { id }, { status });
      await this.audit.record(
        tx,
        actor,
        'status',
        'inquiry',
        id,
        `Marked inquiry from ${row.name} as ${STATUS_WORDS[status]}`,
      );
      return toInquiryView((await tx.findOneBy(Inquiry, { id }))!);
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await tx.findOne(Inquiry, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException('Inquiry not found');
      await tx.delete(Inquiry, { id });
      await this.audit.record(tx, actor, 'delete', 'inquiry', id, `Deleted inquiry from ${row.name}`);
    });
  }
}
