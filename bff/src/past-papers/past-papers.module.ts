import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DownloadsModule } from '../downloads/downloads.module';
import { SettingsModule } from '../settings/settings.module';
import { PastPaper } from './past-paper.entity';
import { PastPaperWriter } from './past-paper-writer.service';
import { PastPapersController } from './past-papers.controller';
import { PastPapersService } from './past-papers.service';
import { Variant } from './variant.entity';

@Module({
  imports: [TypeOrmModule.forFeature([PastPaper, Variant]), DownloadsModule, SettingsModule],
  controllers: [PastPapersController],
  providers: [PastPapersService, PastPaperWriter],
  exports: [PastPapersService],
})
export class PastPapersModule {}
