import { Module } from '@nestjs/common';
import { DocumentViewsController } from './document-views.controller';
import { DocumentViewsService } from './document-views.service';
import { DownloadLinksService } from './download-links.service';
import { DownloadsController } from './downloads.controller';
import { FileSenderService } from './file-sender.service';
import { FilesController } from './files.controller';
import { SessionZipController } from './session-zip.controller';
import { SessionZipService } from './session-zip.service';

@Module({
  controllers: [DownloadsController, FilesController, DocumentViewsController, SessionZipController],
  providers: [DownloadLinksService, FileSenderService, DocumentViewsService, SessionZipService],
  exports: [DownloadLinksService, FileSenderService],
})
export class DownloadsModule {}
