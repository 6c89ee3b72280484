import { DocumentController } from '../document-sections/document-section.controller';
import { ExaminerReportFormDto } from './dto/examiner-report-form.dto';
import { EXAMINER_REPORT_SECTION } from './examiner-report.section';
import { ExaminerReportView } from './examiner-report.view';

/** /examiner_reports.php: public downloads (?download_id=); admin list and writes (the shared section controller). */
export const ExaminerReportsController = DocumentController({
  name: 'ExaminerReports',
  path: 'examiner_reports.php',
  tag: 'examiner reports',
  noun: 'examiner report',
  article: 'an',
  fileField: EXAMINER_REPORT_SECTION.fileField,
  view: ExaminerReportView,
  form: ExaminerReportFormDto,
  target: (links, id) => links.examinerReport(id),
  tooLarge: (mb) => `File size must be less than ${mb}MB`,
});
