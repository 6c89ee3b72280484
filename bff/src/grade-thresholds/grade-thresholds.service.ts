import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation } from '../common/database-errors';
import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ValidationFailedException } from '../common/validation';
import { boundaryErrors } from './boundaries';
import type { GradeThresholdDto } from './dto/grade-threshold.dto';
import { GradeThreshold } from './grade-threshold.entity';
import type { GradeThresholdView, SeriesThresholdsView } from './grade-threshold.view';
import {
  SAME_COMPONENT_SQL,
  SUBJECT_EXISTS_SQL,
  THRESHOLD_BY_ID_SQL,
  THRESHOLDS_OF_VARIANT_SQL,
  THRESHOLDS_SQL,
  VARIANT_SERIES_SQL,
} from './grade-thresholds.queries';

const NOT_FOUND = 'Grade thresholds not found';

interface SubjectRow {
  id: number;
  name: string;
  code: string;
}

const describe = (subject: SubjectRow, dto: { year: number; session: string; component: string }) =>
  `${subject.name} (${subject.code}) ${dto.session} ${dto.year} component ${dto.component}`;

const alreadyThere = (subject: SubjectRow, dto: GradeThresholdDto) =>
  new ConflictException(
    `Grade thresholds for ${describe(subject, dto)} already exist. Edit them instead of adding them again.`,
  );

/**
 * Grade thresholds per subject, series and component: public reads (a subject's series, a paper variant's
 * component) and admin writes (validated, audit-logged, refused when stale: 409).
 */
@Injectable()
export class GradeThresholdsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  list(subjectId: number | null): Promise<GradeThresholdView[]> {
    return this.db.query(THRESHOLDS_SQL, [subjectId]);
  }

  /** Every series' thresholds of a subject; 404 when there is no such subject. */
  async ofSubject(subjectId: number): Promise<GradeThresholdView[]> {
    await this.subjectOr404(subjectId);
    return this.list(subjectId);
  }

  async findById(id: number, db: DataSource | EntityManager = this.db): Promise<GradeThresholdView> {
    const [row] = await db.query<GradeThresholdView[]>(THRESHOLD_BY_ID_SQL, [id]);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return row;
  }

  /** The thresholds of the variant's component in its paper's series; null when none; 404 for an unknown pair. */
  async ofVariant(paperId: number, variantId: number): Promise<SeriesThresholdsView | null> {
    const variant: unknown[] = await this.db.query(VARIANT_SERIES_SQL, [paperId, variantId]);
    if (variant.length === 0) throw new NotFoundException('Past paper or variant not found');
    const [row] = await this.db.query<SeriesThresholdsView[]>(THRESHOLDS_OF_VARIANT_SQL, [paperId, variantId]);
    return row ?? null;
  }

  async create(actor: AuthUser, dto: GradeThresholdDto): Promise<GradeThresholdView> {
    checkBoundaries(dto);
    const subject = await this.subjectOrInvalid(dto.subject_id);
    return this.db
      .transaction(async (tx) => {
        if ((await tx.query(SAME_COMPONENT_SQL, [subject.id, dto.year, dto.session, dto.component, null])).length)
          throw alreadyThere(subject, dto);
        const row = await tx.save(tx.create(GradeThreshold, columns(dto)));
        await this.audit.record(
          tx,
          actor,
          'create',
          'grade_thresholds',
          row.id,
          `Created grade thresholds ${describe(subject, dto)}`,
        );
        return this.findById(row.id, tx);
      })
      .catch((error: unknown) => {
        // Two admins adding the same component at once: the unique index decides.
        if (isUniqueViolation(error, 'grade_thresholds_series_component_key')) throw alreadyThere(subject, dto);
        throw error;
      });
  }

  /** Replaces every field; `expected` is the version the form was loaded with (stale: 409). */
  async update(
    actor: AuthUser,
    id: number,
    dto: GradeThresholdDto,
    expected: ExpectedVersion,
  ): Promise<GradeThresholdView> {
    checkBoundaries(dto);
    const subject = await this.subjectOrInvalid(dto.subject_id);
    return this.db
      .transaction(async (tx) => {
        const row = await tx.findOne(GradeThreshold, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException(NOT_FOUND);
        assertUnchanged(row.updatedAt, expected);
        if ((await tx.query(SAME_COMPONENT_SQL, [subject.id, dto.year, dto.session, dto.component, id])).length)
          throw alreadyThere(subject, dto);
        await tx.update(GradeThreshold, { id }, { ...columns(dto), updatedAt: new Date() });
        await this.audit.record(
          tx,
          actor,
          'update',
          'grade_thresholds',
          id,
          `Updated grade thresholds ${describe(subject, dto)}`,
        );
        return this.findById(id, tx);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'grade_thresholds_series_component_key')) throw alreadyThere(subject, dto);
        throw error;
      });
  }

  /** `expected`: the version the admin saw, when the client names it (stale: 409). */
  async remove(actor: AuthUser, id: number, expected: ExpectedVersion): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await tx.findOne(GradeThreshold, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(NOT_FOUND);
      assertUnchanged(row.updatedAt, expected);
      const [subject] = await tx.query<SubjectRow[]>(SUBJECT_EXISTS_SQL, [row.subjectId]);
      await tx.delete(GradeThreshold, { id });
      await this.audit.record(
        tx,
        actor,
        'delete',
        'grade_thresholds',
        id,
        `Deleted grade thresholds ${describe(subject ?? { id: row.subjectId, name: 'subject', code: String(row.subjectId) }, row)}`,
      );
    });
  }

  private async subjectOr404(id: number): Promise<SubjectRow> {
    const [subject] = await this.db.query<SubjectRow[]>(SUBJECT_EXISTS_SQL, [id]);
    if (!subject) throw new NotFoundException('Subject not found');
    return subject;
  }

  private async subjectOrInvalid(id: number): Promise<SubjectRow> {
    const [subject] = await this.db.query<SubjectRow[]>(SUBJECT_EXISTS_SQL, [id]);
    if (!subject) throw ValidationFailedException.single('subject_id', 'Invalid subject selected');
    return subject;
  }
}

function checkBoundaries(dto: GradeThresholdDto): void {
  const errors = boundaryErrors(dto.max_marks, dto.boundaries);
  if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
}

function columns(dto: GradeThresholdDto): Partial<GradeThreshold> {
  return {
    subjectId: dto.subject_id,
    year: dto.year,
    session: dto.session,
    component: dto.component,
    maxMarks: dto.max_marks,
    boundaries: dto.boundaries.map((b) => ({ grade: b.grade, min_marks: b.min_marks })),
  };
}
