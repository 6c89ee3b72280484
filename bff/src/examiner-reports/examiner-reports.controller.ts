import { DocumentController } from '../documents/document-controller';
import { ExaminerReportFormDto } from './dto/examiner-report-form.dto';
import { ExaminerReportsService } from './examiner-reports.service';
import { ExaminerReportView } from './examiner-report.view';

/** /examiner_reports.php: public downloads (?download_id=); admin list and writes (the shared document controller). */
export const ExaminerReportsController = DocumentController({
  name: 'ExaminerReports',
  path: 'examiner_reports.php',
  tag: 'examiner reports',
  noun: 'examiner report',
  article: 'an',
  fileField: 'file',
  view: ExaminerReportView,
  form: ExaminerReportFormDto,
  service: ExaminerReportsService,
  target: (links, id) => links.examinerReport(id),
  tooLarge: (mb) => `File size must be less than ${mb}MB`,
});
