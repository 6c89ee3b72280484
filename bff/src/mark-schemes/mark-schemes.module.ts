import { Module } from '@nestjs/common';
import { DownloadsModule } from '../downloads/downloads.module';
import { SettingsModule } from '../settings/settings.module';
import { MarkSchemesController } from './mark-schemes.controller';
import { MarkSchemesService } from './mark-schemes.service';

@Module({
  imports: [DownloadsModule, SettingsModule],
  controllers: [MarkSchemesController],
  providers: [MarkSchemesService],
})
export class MarkSchemesModule {}
