import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { isForeignKeyViolation, isUniqueViolation } from '../common/database-errors';
import { PastPaper } from '../past-papers/past-paper.entity';
import { PastPapersService } from '../past-papers/past-papers.service';
import type { SubjectDto } from './dto/subject.dto';
import { Subject } from './subject.entity';
import { subjectListSql } from './subject.queries';
import { toSubjectView, type SubjectView, type SubjectWithPapersView } from './subject.view';

const duplicateCode = (code: string) => `A subject with code ${code} already exists`;
/** The admin screen recognises this answer by its mention of related past papers (spec section 8 "Subjects"). */
const hasPastPapers = (count: number) =>
  `Cannot delete this subject: it has ${count} related past paper${count === 1 ? '' : 's'}. Reassign or delete the related past papers first.`;

@Injectable()
export class SubjectsService {
  constructor(
    @InjectRepository(Subject) private readonly subjects: Repository<Subject>,
    private readonly papers: PastPapersService,
    private readonly audit: AuditService,
  ) {}

  /** Every subject (optionally of one level) with its paper count, by name: one query. */
  async list(level?: string): Promise<SubjectView[]> {
    const { sql, params } = subjectListSql(level);
    return this.subjects.query(sql, params);
  }

  /** One subject with its past papers. */
  async findById(id: number): Promise<SubjectWithPapersView> {
    const subject = await this.subjects.findOneBy({ id });
    if (!subject) throw new NotFoundException('Subject not found');
    const papers = await this.papers.list({ subjectId: id });
    return { ...toSubjectView(subject, papers.length), papers };
  }

  async create(actor: AuthUser, dto: SubjectDto): Promise<SubjectView> {
    return this.duplicateCodeAsConflict(dto.code, () =>
      this.subjects.manager.transaction(async (tx) => {
        await this.assertCodeFree(tx, dto.code);
        const subject = await tx.save(tx.create(Subject, { ...dto, description: dto.description || null }));
        await this.audit.record(
          tx,
          actor,
          'create',
          'subject',
          subject.id,
          `Created subject ${subject.name} (${subject.code})`,
        );
        return toSubjectView(subject, 0);
      }),
    );
  }

  async update(actor: AuthUser, id: number, dto: SubjectDto, expected: ExpectedVersion): Promise<SubjectView> {
    return this.duplicateCodeAsConflict(dto.code, () =>
      this.subjects.manager.transaction(async (tx) => {
        const subject = await tx.findOne(Subject, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!subject) throw new NotFoundException('Subject not found');
        assertUnchanged(subject.updatedAt, expected);
        await this.assertCodeFree(tx, dto.code, id);
        await tx.update(
          Subject,
          { id },
          { name: dto.name, code: dto.code, level: dto.level, description: dto.description || null },
        );
        // Past papers read subject, code and level from their subject: listings follow at once.
        await this.audit.record(tx, actor, 'update', 'subject', id, `Updated subject ${dto.name} (${dto.code})`);
        const count = await tx.count(PastPaper, { where: { subjectId: id } });
        return toSubjectView((await tx.findOneBy(Subject, { id }))!, count);
      }),
    );
  }

  /** A subject that still has past papers cannot be deleted (409). */
  async remove(actor: AuthUser, id: number): Promise<void> {
    try {
      await this.subjects.manager.transaction(async (tx) => {
        const subject = await tx.findOne(Subject, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!subject) throw new NotFoundException('Subject not found');
        const count = await tx.count(PastPaper, { where: { subjectId: id } });
        if (count > 0) throw new ConflictException(hasPastPapers(count));
        await tx.delete(Subject, { id });
        await this.audit.record(
          tx,
          actor,
          'delete',
          'subject',
          id,
          `Deleted subject ${subject.name} (${subject.code})`,
        );
      });
    } catch (error) {
      // A paper added between the count and the delete: the foreign key says no, with the same answer.
      if (isForeignKeyViolation(error)) throw new ConflictException(hasPastPapers(1));
      throw error;
    }
  }

  private async assertCodeFree(tx: EntityManager, code: string, exceptId?: number): Promise<void> {
    const rows: Array<{ id: number }> = await tx.query('SELECT id FROM subjects WHERE lower(code) = lower($1)', [code]);
    if (rows.some((r) => r.id !== exceptId)) throw new ConflictException(duplicateCode(code));
  }

  private async duplicateCodeAsConflict<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'subjects_code_lower_uq')) throw new ConflictException(duplicateCode(code));
      throw error;
    }
  }
}
