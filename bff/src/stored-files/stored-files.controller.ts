import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryId } from '../common/query-fields';
import { ApiDataList } from '../openapi/responses';
import { StoredFilesService } from './stored-files.service';
import { StoredFileView } from './stored-file.view';

export class StoredFilesQuery {
  @QueryId({ required: true, description: 'The past paper whose files to list' })
  past_paper_id!: number;
}

/** Admins: the files of a past paper with their original names, sizes and SHA-256 (details page). */
@ApiTags('stored files')
@Controller('stored-files')
export class StoredFilesController {
  constructor(private readonly files: StoredFilesService) {}

  @ApiOperation({ summary: "A past paper's stored files with original name, size and SHA-256 (admins)" })
  @ApiDataList(StoredFileView)
  @Get()
  async list(@Query() { past_paper_id }: StoredFilesQuery) {
    return { data: await this.files.ofPaper(past_paper_id) };
  }
}
