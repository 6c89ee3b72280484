import { NotFoundException } from '@nestjs/common';
import type { DataSource, DeepPartial, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ValidationFailedException } from '../common/validation';
import { documentFiles, type DocumentFile } from '../documents/document-files';
import type { FileStorage } from '../storage/file-storage.service';
import { documentKindOf, type DocumentKind } from '../uploads/document-type';
import { cleanFileName } from '../uploads/file-name';
import { filesByField, type UploadedFile } from '../uploads/uploaded-files';
import type { DocumentService } from './document-section.controller';
import type { DocumentSection, SectionRow } from './document-section';

/**
 * The records of one document section with their files. Writes are atomic: the new file is stored first, the row,
 * its document and its audit entry change in one transaction, a failure removes the new file, and the file a
 * committed change replaced or deleted is removed after the commit.
 */
export class DocumentSectionService<Row extends SectionRow, Form, View> implements DocumentService<View, Form> {
  constructor(
    private readonly section: DocumentSection<Row, Form, View>,
    private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  list(): Promise<View[]> {
    return this.section.read(this.db);
  }

  /** `db`: a transaction's manager, so a write answers what it is about to commit (never a 503 after the commit). */
  async findById(id: number, db: DataSource | EntityManager = this.db): Promise<View> {
    const [view] = await this.section.read(db, id);
    if (!view) throw new NotFoundException(this.section.messages.notFound);
    return view;
  }

  async create(actor: AuthUser, form: Form, files: UploadedFile[] | undefined): Promise<View> {
    const { fields, upload } = await this.checked(form, files, true);
    if (!upload) throw new Error('checked() answers a file when one is required');
    return this.storage.writeWithFiles(async (batch) => {
      const path = await batch.store(this.section.folder, upload.file, upload.kind);
      return this.db.transaction(async (tx) => {
        const paperId = fields.pastPaperId ?? null;
        const documentId = await documentFiles.add(tx, this.section.kind, paperId, fileOf(path, upload.file));
        const created = { ...fields, documentId } as DeepPartial<Row>;
        const row = await tx.save(this.section.entity, tx.create(this.section.entity, created));
        await this.record(tx, actor, 'create', row);
        return this.findById(row.id, tx);
      });
    });
  }

  /** Without a new file the stored one is kept (the form sends the current one's URL, or nothing). */
  async update(
    actor: AuthUser,
    id: number,
    form: Form,
    files: UploadedFile[] | undefined,
    expected: ExpectedVersion,
  ): Promise<View> {
    const { fields, upload } = await this.checked(form, files, false);
    return this.storage.writeWithFiles(async (batch) => {
      const path = upload ? await batch.store(this.section.folder, upload.file, upload.kind) : null;
      return this.db.transaction(async (tx) => {
        const row = await this.locked(tx, id);
        assertUnchanged(row.updatedAt, expected);
        const changes: Partial<Row> = { ...fields };
        if (path && upload) {
          batch.removeAfterCommit(await documentFiles.replaceFile(tx, row.documentId, fileOf(path, upload.file)));
        }
        if (changes.pastPaperId !== undefined) await documentFiles.move(tx, row.documentId, changes.pastPaperId);
        await tx.update(this.section.entity, { id }, changes as never);
        await this.record(tx, actor, 'update', { ...row, ...changes });
        return this.findById(id, tx);
      });
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    const path = await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const file = await documentFiles.of(tx, row.documentId);
      await tx.delete(this.section.entity, { id }); // its document goes with it (database trigger)
      await this.record(tx, actor, 'delete', row);
      return file;
    });
    await this.storage.remove(path);
  }

  private async locked(tx: EntityManager, id: number): Promise<Row> {
    const row = await tx.findOne(this.section.entity, { where: { id } as never, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new NotFoundException(this.section.messages.notFound);
    return row;
  }

  private async record(tx: EntityManager, actor: AuthUser, action: 'create' | 'update' | 'delete', row: Row) {
    const verb = { create: 'Created', update: 'Updated', delete: 'Deleted' }[action];
    const about = await this.section.describe(tx, row);
    await this.audit.record(tx, actor, action, this.section.auditType, row.id, `${verb} ${about}`);
  }

  /** The form's fields and its file (required on create), checked in the section's order. */
  private async checked(form: Form, files: UploadedFile[] | undefined, fileRequired: boolean) {
    const early = this.section.paperBeforeFile ? await this.section.fields(this.db, form) : undefined;
    const upload = this.upload(files);
    if (!upload && fileRequired) {
      throw ValidationFailedException.single(this.section.fileField, this.section.messages.fileRequired);
    }
    return { fields: early ?? (await this.section.fields(this.db, form)), upload };
  }

  private upload(files: UploadedFile[] | undefined): { file: UploadedFile; kind: DocumentKind } | null {
    const field = this.section.fileField;
    const file = filesByField(files, (name) => name === field).get(field);
    if (!file) return null;
    const kind = documentKindOf(file.originalname, file.detected);
    if (!kind) throw ValidationFailedException.single(field, this.section.messages.invalidType);
    return { file, kind };
  }
}

function fileOf(path: string, file: UploadedFile): DocumentFile {
  return { path, size: file.size, sha256: file.sha256, name: cleanFileName(file.originalname) };
}
