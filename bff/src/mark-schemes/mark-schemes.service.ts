import { cleanFileName } from '../uploads/file-name';
import { assertUnchanged } from '../common/edit-version';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { ValidationFailedException } from '../common/validation';
import { PastPaper } from '../past-papers/past-paper.entity';
import { FileStorage } from '../storage/file-storage.service';
import { documentKindOf, type DocumentKind } from '../uploads/document-type';
import { filesByField, type UploadedFile } from '../uploads/uploaded-files';
import type { MarkSchemeFormDto } from './dto/mark-scheme-form.dto';
import { MarkScheme } from './mark-scheme.entity';
import { toMarkSchemeView, type MarkSchemeView } from './mark-scheme.view';

export const MARK_SCHEME_FILE = 'markSchemeFile';
const FILE_REQUIRED = 'Mark Scheme file is required for new entries.';
const INVALID_TYPE = 'Invalid file type (PDF/Word only).';

const describe = (m: Pick<MarkScheme, 'subject' | 'code' | 'session' | 'year' | 'paperNumber'>) =>
  `${m.subject} (${m.code}) ${m.session} ${m.year} Paper ${m.paperNumber}`;

/** Mark schemes with their files; writes are atomic (see PastPaperWriter for the pattern). */
@Injectable()
export class MarkSchemesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<MarkSchemeView[]> {
    const rows = await this.db
      .getRepository(MarkScheme)
      .find({ relations: { document: true }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toMarkSchemeView);
  }

  /** `db`: a transaction's manager, so a write answers what it is about to commit (never a 503 after the commit). */
  async findById(id: number, db: DataSource | EntityManager = this.db): Promise<MarkSchemeView> {
    const row = await db.getRepository(MarkScheme).findOne({ where: { id }, relations: { document: true } });
    if (!row) throw new NotFoundException('Mark scheme not found');
    return toMarkSchemeView(row);
  }

  async create(actor: AuthUser, form: MarkSchemeFormDto, files: UploadedFile[] | undefined): Promise<MarkSchemeView> {
    const upload = await this.checkedUpload(files);
    if (!upload) throw ValidationFailedException.single(MARK_SCHEME_FILE, FILE_REQUIRED);
    await this.assertPastPaper(form.past_paper_id);
    return this.storage.writeWithFiles(async (batch) => {
      const path = await batch.store('mark-schemes', upload.file, upload.kind);
      return this.db.transaction(async (tx) => {
        const row = await tx.save(
          tx.create(MarkScheme, {
            ...this.fields(form),
            filePath: path,
            fileSize: upload.file.size,
            fileSha256: upload.file.sha256,
            fileName: cleanFileName(upload.file.originalname),
          }),
        );
        await this.audit.record(tx, actor, 'create', 'mark_scheme', row.id, `Created mark scheme ${describe(row)}`);
        return this.findById(row.id, tx);
      });
    });
  }

  /** Without a new markSchemeFile the stored file is kept (the form sends the current fileUrl). */
  async update(
    actor: AuthUser,
    id: number,
    form: MarkSchemeFormDto,
    files: UploadedFile[] | undefined,
  ): Promise<MarkSchemeView> {
    const upload = await this.checkedUpload(files);
    await this.assertPastPaper(form.past_paper_id);
    return this.storage.writeWithFiles(async (batch) => {
      const path = upload ? await batch.store('mark-schemes', upload.file, upload.kind) : null;
      return this.db.transaction(async (tx) => {
        const row = await tx.findOne(MarkScheme, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException('Mark scheme not found');
        assertUnchanged(row.updatedAt);
        const changes: Partial<MarkScheme> = this.fields(form);
        if (path && upload) {
          changes.filePath = path;
          changes.fileSize = upload.file.size;
          changes.fileSha256 = upload.file.sha256;
          changes.fileName = cleanFileName(upload.file.originalname);
          batch.removeAfterCommit(row.filePath);
        }
        await tx.update(MarkScheme, { id }, changes);
        await this.audit.record(
          tx,
          actor,
          'update',
          'mark_scheme',
          id,
          `Updated mark scheme ${describe({ ...row, ...changes })}`,
        );
        return this.findById(id, tx);
      });
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    const path = await this.db.transaction(async (tx) => {
      const row = await tx.findOne(MarkScheme, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException('Mark scheme not found');
      await tx.delete(MarkScheme, { id });
      await this.audit.record(tx, actor, 'delete', 'mark_scheme', id, `Deleted mark scheme ${describe(row)}`);
      return row.filePath;
    });
    await this.storage.remove(path);
  }

  private fields(form: MarkSchemeFormDto): Partial<MarkScheme> {
    return {
      subject: form.subject,
      code: form.code,
      year: form.year,
      session: form.session,
      paperNumber: form.paperNumber,
      pastPaperId: form.past_paper_id ?? null,
    };
  }

  private async checkedUpload(
    files: UploadedFile[] | undefined,
  ): Promise<{ file: UploadedFile; kind: DocumentKind } | null> {
    const file = filesByField(files, (field) => field === MARK_SCHEME_FILE).get(MARK_SCHEME_FILE);
    if (!file) return null;
    const kind = documentKindOf(file.originalname, file.detected);
    if (!kind) throw ValidationFailedException.single(MARK_SCHEME_FILE, INVALID_TYPE);
    return { file, kind };
  }

  private async assertPastPaper(id: number | undefined): Promise<void> {
    if (id !== undefined && !(await this.db.getRepository(PastPaper).existsBy({ id }))) {
      throw ValidationFailedException.single('past_paper_id', 'Invalid past paper selected');
    }
  }
}
