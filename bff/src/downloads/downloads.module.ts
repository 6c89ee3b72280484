import { Module } from '@nestjs/common';
import { DownloadLinksService } from './download-links.service';
import { DownloadsController } from './downloads.controller';
import { FileSenderService } from './file-sender.service';
import { FilesController } from './files.controller';

@Module({
  controllers: [DownloadsController, FilesController],
  providers: [DownloadLinksService, FileSenderService],
  exports: [DownloadLinksService, FileSenderService],
})
export class DownloadsModule {}
