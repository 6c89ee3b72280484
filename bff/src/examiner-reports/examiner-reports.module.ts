import { Module } from '@nestjs/common';
import { DownloadsModule } from '../downloads/downloads.module';
import { SettingsModule } from '../settings/settings.module';
import { ExaminerReportsController } from './examiner-reports.controller';
import { ExaminerReportsService } from './examiner-reports.service';

@Module({
  imports: [DownloadsModule, SettingsModule],
  controllers: [ExaminerReportsController],
  providers: [ExaminerReportsService],
})
export class ExaminerReportsModule {}
