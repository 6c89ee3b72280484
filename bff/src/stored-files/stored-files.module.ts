import { Module } from '@nestjs/common';
import { StoredFileHashes } from './stored-file-hashes.service';
import { StoredFilesController } from './stored-files.controller';
import { StoredFilesService } from './stored-files.service';

@Module({
  controllers: [StoredFilesController],
  providers: [StoredFilesService, StoredFileHashes],
  exports: [StoredFilesService, StoredFileHashes],
})
export class StoredFilesModule {}
