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
import type { ExaminerReportFormDto } from './dto/examiner-report-form.dto';
import { ExaminerReport } from './examiner-report.entity';
import { toExaminerReportView, type ExaminerReportRow, type ExaminerReportView } from './examiner-report.view';

export const REPORT_FILE = 'file';
const FILE_REQUIRED = 'Examiner report file is required';
const INVALID_TYPE = 'Please select a valid file type (PDF, DOC, DOCX)';

const SELECT_REPORTS = `
  SELECT r.id, r.past_paper_id, s.name AS subject, s.code, r.paper_number, p.year, p.session, r.summary,
         r.file_path, r.file_size, r.file_name, d.downloads, d.views, r.created_at, r.updated_at
    FROM examiner_reports r JOIN documents d ON d.id = r.document_id
    JOIN past_papers p ON p.id = r.past_paper_id JOIN subjects s ON s.id = p.subject_id`;

/** Examiner reports with their files; writes are atomic (see PastPaperWriter for the pattern). */
@Injectable()
export class ExaminerReportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  /** One query, the paper's subject, code, year and session joined in. */
  async list(): Promise<ExaminerReportView[]> {
    const rows: ExaminerReportRow[] = await this.db.query(`${SELECT_REPORTS} ORDER BY r.created_at DESC, r.id DESC`);
    return rows.map(toExaminerReportView);
  }

  /** `db`: a transaction's manager, so a write answers what it is about to commit (never a 503 after the commit). */
  async findById(id: number, db: DataSource | EntityManager = this.db): Promise<ExaminerReportView> {
    const rows: ExaminerReportRow[] = await db.query(`${SELECT_REPORTS} WHERE r.id = $1`, [id]);
    if (!rows[0]) throw new NotFoundException('Examiner report not found');
    return toExaminerReportView(rows[0]);
  }

  async create(
    actor: AuthUser,
    form: ExaminerReportFormDto,
    files: UploadedFile[] | undefined,
  ): Promise<ExaminerReportView> {
    const paper = await this.pastPaper(form.past_paper_id);
    const upload = await this.checkedUpload(files);
    if (!upload) throw ValidationFailedException.single(REPORT_FILE, FILE_REQUIRED);
    return this.storage.writeWithFiles(async (batch) => {
      const path = await batch.store('examiner-reports', upload.file, upload.kind);
      return this.db.transaction(async (tx) => {
        const row = await tx.save(
          tx.create(ExaminerReport, {
            pastPaperId: paper.id,
            paperNumber: form.paper_number,
            summary: form.summary,
            filePath: path,
            fileSize: upload.file.size,
            fileSha256: upload.file.sha256,
            fileName: cleanFileName(upload.file.originalname),
          }),
        );
        await this.audit.record(
          tx,
          actor,
          'create',
          'examiner_report',
          row.id,
          `Created examiner report for ${describe(paper, form.paper_number)}`,
        );
        return this.findById(row.id, tx);
      });
    });
  }

  /** A blank file keeps the stored one (spec section 5). */
  async update(
    actor: AuthUser,
    id: number,
    form: ExaminerReportFormDto,
    files: UploadedFile[] | undefined,
  ): Promise<ExaminerReportView> {
    const paper = await this.pastPaper(form.past_paper_id);
    const upload = await this.checkedUpload(files);
    return this.storage.writeWithFiles(async (batch) => {
      const path = upload ? await batch.store('examiner-reports', upload.file, upload.kind) : null;
      return this.db.transaction(async (tx) => {
        const row = await tx.findOne(ExaminerReport, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundException('Examiner report not found');
        assertUnchanged(row.updatedAt);
        const changes: Partial<ExaminerReport> = {
          pastPaperId: paper.id,
          paperNumber: form.paper_number,
          summary: form.summary,
        };
        if (path && upload) {
          changes.filePath = path;
          changes.fileSize = upload.file.size;
          changes.fileSha256 = upload.file.sha256;
          changes.fileName = cleanFileName(upload.file.originalname);
          batch.removeAfterCommit(row.filePath);
        }
        await tx.update(ExaminerReport, { id }, changes);
        await this.audit.record(
          tx,
          actor,
          'update',
          'examiner_report',
          id,
          `Updated examiner report for ${describe(paper, form.paper_number)}`,
        );
        return this.findById(id, tx);
      });
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    const path = await this.db.transaction(async (tx) => {
      const row = await tx.findOne(ExaminerReport, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException('Examiner report not found');
      const paper = await tx.findOne(PastPaper, { where: { id: row.pastPaperId }, relations: { subject: true } });
      await tx.delete(ExaminerReport, { id });
      const about = paper ? describe(paper, row.paperNumber) : `paper ${row.paperNumber}`;
      await this.audit.record(tx, actor, 'delete', 'examiner_report', id, `Deleted examiner report for ${about}`);
      return row.filePath;
    });
    await this.storage.remove(path);
  }

  private async pastPaper(id: number): Promise<PastPaper> {
    const paper = await this.db.getRepository(PastPaper).findOne({ where: { id }, relations: { subject: true } });
    if (!paper) throw ValidationFailedException.single('past_paper_id', 'Invalid past paper selected');
    return paper;
  }

  private async checkedUpload(
    files: UploadedFile[] | undefined,
  ): Promise<{ file: UploadedFile; kind: DocumentKind } | null> {
    const file = filesByField(files, (field) => field === REPORT_FILE).get(REPORT_FILE);
    if (!file) return null;
    const kind = documentKindOf(file.originalname, file.detected);
    if (!kind) throw ValidationFailedException.single(REPORT_FILE, INVALID_TYPE);
    return { file, kind };
  }
}

function describe(paper: PastPaper, paperNumber: string): string {
  return `${paper.subject?.name ?? 'past paper'} (${paper.subject?.code ?? paper.id}) ${paper.session} ${paper.year} Paper ${paperNumber}`;
}
