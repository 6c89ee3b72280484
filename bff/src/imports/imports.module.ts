import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { StoredFilesModule } from '../stored-files/stored-files.module';
import { ImportCleanup } from './import-cleanup.service';
import { ImportCommitService } from './import-commit.service';
import { ImportStaging } from './import-staging';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

@Module({
  imports: [SettingsModule, StoredFilesModule],
  controllers: [ImportsController],
  providers: [ImportsService, ImportCommitService, ImportStaging, ImportCleanup],
})
export class ImportsModule {}
