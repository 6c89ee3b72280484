import { Module } from '@nestjs/common';
import { DocumentViewsController } from './document-views.controller';
import { DocumentViewsService } from './document-views.service';
import { DownloadLinksService } from './download-links.service';
import { DownloadsController } from './downloads.controller';
import { FileSenderService } from './file-sender.service';
import { FilesController } from './files.controller';

@Module({
  controllers: [DownloadsController, FilesController, DocumentViewsController],
  providers: [DownloadLinksService, FileSenderService, DocumentViewsService],
  exports: [DownloadLinksService, FileSenderService],
})
export class DownloadsModule {}
