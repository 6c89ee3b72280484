import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { ValidationFailedException } from '../common/validation';
import { sanitiseAnswer } from './answer-sanitiser';
import type { CreateFaqDto, UpdateFaqDto } from './dto/faq.dto';
import { Faq } from './faq.entity';
import { FaqView, toFaqView } from './faq.view';

export class FaqList {
  @ApiProperty({ type: () => [FaqView] })
  faqs!: FaqView[];

  @ApiProperty({
    type: [String],
    description: 'Every category the reader can see (whatever the category filter), for the filter buttons',
  })
  categories!: string[];
}

const DEFAULT_CATEGORY = 'General';
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

@Injectable()
export class FaqsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Sorted by sort_order. Only published FAQs unless `includeDrafts` (admins who did not ask for published_only). */
  async list(options: { category?: string; includeDrafts: boolean }): Promise<FaqList> {
    const repo = this.db.getRepository(Faq);
    const visible = options.includeDrafts ? {} : { isPublished: true };
    const [faqs, categoryRows] = await Promise.all([
      repo.find({
        where: options.category !== undefined ? { ...visible, category: options.category } : visible,
        order: { sortOrder: 'ASC', id: 'ASC' },
      }),
      repo
        .createQueryBuilder('f')
        .select('DISTINCT f.category', 'category')
        .where(options.includeDrafts ? '1=1' : 'f.is_published = true')
        .orderBy('f.category', 'ASC')
        .getRawMany<{ category: string }>(),
    ]);
    return { faqs: faqs.map(toFaqView), categories: categoryRows.map((r) => r.category) };
  }

  async findById(id: number, includeDrafts: boolean): Promise<FaqView> {
    const faq = await this.db.getRepository(Faq).findOneBy(includeDrafts ? { id } : { id, isPublished: true });
    if (!faq) throw new NotFoundException('FAQ not found');
    return toFaqView(faq);
  }

  async create(actor: AuthUser, dto: CreateFaqDto): Promise<FaqView> {
    const answer = cleanAnswer(dto.answer);
    return this.db.transaction(async (tx) => {
      const faq = await tx.save(
        tx.create(Faq, {
          question: dto.question,
          answer,
          category: dto.category ?? DEFAULT_CATEGORY,
          sortOrder: dto.sort_order ?? 0,
          isPublished: dto.is_published ?? true,
        }),
      );
      await this.audit.record(tx, actor, 'create', 'faq', faq.id, `Created FAQ "${short(faq.question)}"`);
      return toFaqView(faq);
    });
  }

  /** Partial: only the fields sent change (the status toggle sends { is_published }, reordering { sort_order }). */
  async update(actor: AuthUser, id: number, dto: UpdateFaqDto, expected: ExpectedVersion): Promise<FaqView> {
    const changes: Partial<Faq> = {};
    if (dto.question !== undefined) changes.question = dto.question;
    if (dto.answer !== undefined) changes.answer = cleanAnswer(dto.answer);
    if (dto.category !== undefined) changes.category = dto.category;
    if (dto.sort_order !== undefined) changes.sortOrder = dto.sort_order;
    if (dto.is_published !== undefined) changes.isPublished = dto.is_published;
    return this.db.transaction(async (tx) => {
      const faq = await tx.findOne(Faq, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!faq) throw new NotFoundException('FAQ not found');
      assertUnchanged(faq.updatedAt, expected);
      if (Object.keys(changes).length > 0) await tx.update(Faq, { id }, changes);
      const toggledOnly = Object.keys(changes).length === 1 && changes.isPublished !== undefined;
      const verb = toggledOnly ? (changes.isPublished ? 'Published' : 'Unpublished') : 'Updated';
      await this.audit.record(
        tx,
        actor,
        toggledOnly ? 'status' : 'update',
        'faq',
        id,
        `${verb} FAQ "${short(changes.question ?? faq.question)}"`,
      );
      return toFaqView((await tx.findOneBy(Faq, { id }))!);
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const faq = await tx.findOne(Faq, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!faq) throw new NotFoundException('FAQ not found');
      await tx.delete(Faq, { id });
      await this.audit.record(tx, actor, 'delete', 'faq', id, `Deleted FAQ "${short(faq.question)}"`);
    });
  }
}

/** An answer that is empty once sanitised (e.g. only a script) is no answer. */
function cleanAnswer(html: string): string {
  const answer = sanitiseAnswer(html);
  if (answer === '') throw ValidationFailedException.single('answer', 'Answer is required');
  return answer;
}
