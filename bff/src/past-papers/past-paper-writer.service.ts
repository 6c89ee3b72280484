import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { VARIANT_DOCUMENT_TYPES, type VariantDocumentType } from '../common/domain-values';
import { documentFiles, type DocumentFile } from '../documents/document-files';
import { ValidationFailedException, type FieldErrors } from '../common/validation';
import { FileStorage, type FileBatch, type StorageFolder } from '../storage/file-storage.service';
import { Subject } from '../subjects/subject.entity';
import { documentKindOf } from '../uploads/document-type';
import { cleanFileName } from '../uploads/file-name';
import { filesByField, type UploadedFile } from '../uploads/uploaded-files';
import type { PastPaperFormDto } from './dto/past-paper-form.dto';
import { PastPaper } from './past-paper.entity';
import { PastPapersService } from './past-papers.service';
import type { PastPaperView } from './past-paper.view';
import { fileField, INVALID_FILE_TYPE, parseFileField, parseVariants, type VariantInput } from './variant-input';
import { Variant } from './variant.entity';

const CHANGED_MEANWHILE = 'This past paper was changed meanwhile. Please reload it and try again.';

const FOLDER: Record<VariantDocumentType, StorageFolder> = {
  document: 'papers',
  mark_scheme: 'mark-schemes',
  examiner_report: 'examiner-reports',
};

/** The uploaded files of one request by field, each already checked to be a PDF, DOC or DOCX. */
type CheckedUploads = Map<string, { file: UploadedFile; extension: string }>;

const describe = (subject: Subject, year: number, session: string) =>
  `${subject.name} (${subject.code}) ${session} ${year}`;

/**
 * Creating, updating and deleting past papers with their variants' files. Every write is atomic
 * (FileStorage.writeWithFiles): new files are stored under generated names first, the rows change in one
 * transaction, and on any failure the new files are removed; files that a committed change replaced or orphaned are
 * removed after the commit.
 */
@Injectable()
export class PastPaperWriter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly reader: PastPapersService,
    private readonly audit: AuditService,
  ) {}

  async create(actor: AuthUser, form: PastPaperFormDto, files: UploadedFile[] | undefined): Promise<PastPaperView> {
    const subject = await this.subjectFor(form.subject_id);
    const uploads = filesByField(files, (field) => parseFileField(field) !== null);
    const variants = parseVariants(form.variants, {
      hasDocument: ({ index }) => uploads.has(fileField(index, 'document')),
    });
    const checked = this.checkUploads(uploads, variants.length);

    // The answer is read inside the transaction: once it commits, nothing can fail and turn a created paper into a
    // 503 that a client would retry.
    return this.storage.writeWithFiles(async (batch) => {
      const stored = await this.saveUploads(batch, checked);
      return this.db.transaction(async (tx) => {
        const paper = await tx.save(
          tx.create(PastPaper, { subjectId: subject.id, year: form.year, session: form.session }),
        );
        for (const v of variants) {
          const variantId = await this.insertVariant(tx, paper.id, v, null);
          for (const type of VARIANT_DOCUMENT_TYPES) {
            const file = stored.get(fileField(v.index, type));
            if (file) await documentFiles.putSlot(tx, { variantId, paperId: paper.id, type }, file);
          }
        }
        await this.audit.record(
          tx,
          actor,
          'create',
          'past_paper',
          paper.id,
          `Created past paper ${describe(subject, form.year, form.session)}`,
        );
        return this.reader.findById(paper.id, tx);
      });
    });
  }

  /**
   * A variant with an id keeps its files unless a new file comes for that slot; `variant_{i}_remove_mark_scheme=1`
   * and `variant_{i}_remove_examiner_report=1` drop an optional document; stored variants missing from the list
   * are deleted with their files.
   */
  async update(
    actor: AuthUser,
    id: number,
    form: PastPaperFormDto,
    files: UploadedFile[] | undefined,
    fields: Record<string, unknown>,
    expected: ExpectedVersion,
  ): Promise<PastPaperView> {
    const existing = await this.db.getRepository(Variant).find({ where: { pastPaperId: id } });
    if (existing.length === 0 && !(await this.db.getRepository(PastPaper).existsBy({ id }))) {
      throw new NotFoundException('Past paper not found');
    }
    const subject = await this.subjectFor(form.subject_id);
    const storedIds = new Set(existing.map((v) => v.id));
    await this.assertVariantsStillExist(form.variants, storedIds);
    const withQuestionPaper = await documentFiles.variantsWithQuestionPaper(this.db, [...storedIds]);
    const uploads = filesByField(files, (field) => parseFileField(field) !== null);
    const variants = parseVariants(form.variants, {
      storedIds,
      hasDocument: ({ index, id: variantId }) =>
        uploads.has(fileField(index, 'document')) || (variantId !== undefined && withQuestionPaper.has(variantId)),
    });
    const checked = this.checkUploads(uploads, variants.length);

    return this.storage.writeWithFiles(async (batch) => {
      const stored = await this.saveUploads(batch, checked);
      return this.db.transaction(async (tx) => {
        const paper = await tx.findOne(PastPaper, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!paper) throw new NotFoundException('Past paper not found');
        assertUnchanged(paper.updatedAt, expected);
        const current = new Map((await tx.find(Variant, { where: { pastPaperId: id } })).map((v) => [v.id, v]));
        for (const v of variants) {
          let variantId: number;
          if (v.id === undefined) {
            variantId = await this.insertVariant(tx, id, v, null);
          } else {
            const row = current.get(v.id);
            if (!row) throw new ConflictException(CHANGED_MEANWHILE);
            variantId = v.id;
            await tx.update(Variant, { id: variantId }, variantFields(v, row));
            current.delete(v.id);
          }
          // A new file replaces the slot's; without one a stored variant keeps its files, unless the form drops an
          // optional one (`variant_{i}_remove_mark_scheme=1`, `variant_{i}_remove_examiner_report=1`).
          for (const type of VARIANT_DOCUMENT_TYPES) {
            const upload = stored.get(fileField(v.index, type));
            const removed =
              type !== 'document' && v.id !== undefined && flag(fields[`variant_${v.index}_remove_${type}`]);
            if (!upload && !removed) continue;
            const slot = { variantId, paperId: id, type };
            batch.removeAfterCommit(await documentFiles.putSlot(tx, slot, upload ?? null));
          }
        }
        for (const gone of current.values()) {
          const files = await documentFiles.ofVariant(tx, gone.id);
          await tx.delete(Variant, { id: gone.id });
          batch.removeAfterCommit(...files);
        }
        await tx.update(
          PastPaper,
          { id },
          { subjectId: subject.id, year: form.year, session: form.session, updatedAt: new Date() },
        );
        await this.audit.record(
          tx,
          actor,
          'update',
          'past_paper',
          id,
          `Updated past paper ${describe(subject, form.year, form.session)}`,
        );
        return this.reader.findById(id, tx);
      });
    });
  }

  /**
   * Two admins saving the same paper at once: the form names variants the other save has just deleted. That is the
   * paper changing meanwhile (409, reload), not a bad request; an id that belongs to another paper stays a 400.
   */
  private async assertVariantsStillExist(variantsField: unknown, stored: ReadonlySet<number>): Promise<void> {
    let entries: unknown;
    try {
      entries = typeof variantsField === 'string' ? JSON.parse(variantsField) : variantsField;
    } catch {
      return; // parseVariants answers malformed input
    }
    if (!Array.isArray(entries)) return;
    const named = entries
      .map((entry) => Number((entry as { id?: unknown } | null)?.id))
      .filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647 && !stored.has(id));
    if (named.length === 0) return;
    const existing = await this.db.getRepository(Variant).countBy({ id: In(named) });
    if (existing < new Set(named).size) throw new ConflictException(CHANGED_MEANWHILE);
  }

  /** Deletes the paper, its variants and its examiner reports, then their files. Linked mark schemes stay, unlinked. */
  async remove(actor: AuthUser, id: number): Promise<void> {
    const files = await this.db.transaction(async (tx) => {
      const locked: unknown[] = await tx.query('SELECT id FROM past_papers WHERE id = $1 FOR UPDATE', [id]);
      const paper =
        locked.length > 0 ? await tx.findOne(PastPaper, { where: { id }, relations: { subject: true } }) : null;
      if (!paper) throw new NotFoundException('Past paper not found');
      const paths = await documentFiles.ofPaper(tx, id);
      await tx.delete(PastPaper, { id });
      await this.audit.record(
        tx,
        actor,
        'delete',
        'past_paper',
        id,
        `Deleted past paper ${describe(paper.subject!, paper.year, paper.session)}`,
      );
      return paths;
    });
    await this.storage.remove(...files);
  }

  private async insertVariant(tx: EntityManager, paperId: number, v: VariantInput, row: Variant | null) {
    const inserted = await tx.insert(Variant, { pastPaperId: paperId, ...variantFields(v, row) });
    return (inserted.identifiers[0] as { id: number }).id;
  }

  private async subjectFor(subjectId: number): Promise<Subject> {
    const subject = await this.db.getRepository(Subject).findOneBy({ id: subjectId });
    if (!subject) throw ValidationFailedException.single('subject_id', 'Invalid subject selected');
    return subject;
  }

  /** Every file must belong to a listed variant and be a real PDF, DOC or DOCX (content and name). */
  private checkUploads(uploads: Map<string, UploadedFile>, variantCount: number): CheckedUploads {
    const errors: FieldErrors = {};
    const checked: CheckedUploads = new Map();
    for (const [field, file] of uploads) {
      const target = parseFileField(field)!;
      if (target.index >= variantCount) throw ValidationFailedException.single(field, `Unexpected file field ${field}`);
      const kind = documentKindOf(file.originalname, file.detected);
      if (!kind) errors[field] = INVALID_FILE_TYPE;
      else checked.set(field, { file, extension: kind });
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    return checked;
  }

  private async saveUploads(batch: FileBatch, checked: CheckedUploads): Promise<Map<string, DocumentFile>> {
    const stored = new Map<string, DocumentFile>();
    for (const [field, { file, extension }] of checked) {
      const { type } = parseFileField(field)!;
      stored.set(field, {
        path: await batch.store(FOLDER[type], file, extension),
        size: file.size,
        sha256: file.sha256,
        name: cleanFileName(file.originalname),
      });
    }
    return stored;
  }
}

/** A variant's own fields from the form; a stored variant keeps its duration unless the form names one (or empties it). */
function variantFields(v: VariantInput, row: Variant | null) {
  return {
    name: v.name,
    slug: v.slug,
    version: v.version,
    durationMinutes: v.durationMinutes !== undefined ? v.durationMinutes : (row?.durationMinutes ?? null),
  };
}

function flag(value: unknown): boolean {
  return typeof value === 'string' && ['1', 'true', 'on'].includes(value.trim().toLowerCase());
}
