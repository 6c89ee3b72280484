import type { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedException } from '../common/validation';
import type { DocumentSection } from '../document-sections/document-section';
import { PastPaper } from '../past-papers/past-paper.entity';
import type { ExaminerReportFormDto } from './dto/examiner-report-form.dto';
import { ExaminerReport } from './examiner-report.entity';
import { toExaminerReportView, type ExaminerReportRow, type ExaminerReportView } from './examiner-report.view';

const SELECT_REPORTS = `
  SELECT r.id, r.past_paper_id, s.name AS subject, s.code, r.paper_number, p.year, p.session, r.summary,
         d.storage_key AS file_path, d.size AS file_size, d.original_name AS file_name, d.downloads, d.views,
         r.created_at, r.updated_at
    FROM examiner_reports r JOIN documents d ON d.id = r.document_id
    JOIN past_papers p ON p.id = r.past_paper_id JOIN subjects s ON s.id = p.subject_id`;

const paperOf = (db: DataSource | EntityManager, id: number) =>
  db.getRepository(PastPaper).findOne({ where: { id }, relations: { subject: true } });

/**
 * Examiner reports added on their own: a report belongs to a past paper (required), whose subject, code, year and
 * session it shows; it adds its paper number and a summary.
 */
export const EXAMINER_REPORT_SECTION: DocumentSection<ExaminerReport, ExaminerReportFormDto, ExaminerReportView> = {
  entity: ExaminerReport,
  kind: 'examiner-report',
  auditType: 'examiner_report',
  folder: 'examiner-reports',
  fileField: 'file',
  messages: {
    notFound: 'Examiner report not found',
    fileRequired: 'Examiner report file is required',
    invalidType: 'Please select a valid file type (PDF, DOC, DOCX)',
  },
  paperBeforeFile: true,
  async fields(db, form) {
    if (!(await paperOf(db, form.past_paper_id))) {
      throw ValidationFailedException.single('past_paper_id', 'Invalid past paper selected');
    }
    return { pastPaperId: form.past_paper_id, paperNumber: form.paper_number, summary: form.summary };
  },
  async describe(db, r) {
    const paper = await paperOf(db, r.pastPaperId);
    const about = paper
      ? `${paper.subject?.name ?? 'past paper'} (${paper.subject?.code ?? paper.id}) ${paper.session} ${paper.year} Paper ${r.paperNumber}`
      : `paper ${r.paperNumber}`;
    return `examiner report for ${about}`;
  },
  async read(db, id) {
    const rows: ExaminerReportRow[] =
      id === undefined
        ? await db.query(`${SELECT_REPORTS} ORDER BY r.created_at DESC, r.id DESC`)
        : await db.query(`${SELECT_REPORTS} WHERE r.id = $1`, [id]);
    return rows.map(toExaminerReportView);
  },
};
