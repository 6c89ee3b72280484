import { Module, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { DownloadsModule } from '../downloads/downloads.module';
import { EXAMINER_REPORT_SECTION } from '../examiner-reports/examiner-report.section';
import { ExaminerReportsController } from '../examiner-reports/examiner-reports.controller';
import { MARK_SCHEME_SECTION } from '../mark-schemes/mark-scheme.section';
import { MarkSchemesController } from '../mark-schemes/mark-schemes.controller';
import { SettingsModule } from '../settings/settings.module';
import { FileStorage } from '../storage/file-storage.service';
import { sectionServiceToken } from './document-section.controller';
import type { DocumentSection, SectionRow } from './document-section';
import { DocumentSectionService } from './document-section.service';

function sectionService<Row extends SectionRow, Form, View>(
  name: string,
  section: DocumentSection<Row, Form, View>,
): Provider {
  return {
    provide: sectionServiceToken(name),
    useFactory: (db: DataSource, storage: FileStorage, audit: AuditService) =>
      new DocumentSectionService(section, db, storage, audit),
    inject: [getDataSourceToken(), FileStorage, AuditService],
  };
}

/** The admin sections of documents added on their own: one controller and one service, parameterised by kind. */
@Module({
  imports: [DownloadsModule, SettingsModule],
  controllers: [MarkSchemesController, ExaminerReportsController],
  providers: [
    sectionService('MarkSchemes', MARK_SCHEME_SECTION),
    sectionService('ExaminerReports', EXAMINER_REPORT_SECTION),
  ],
})
export class DocumentSectionsModule {}
